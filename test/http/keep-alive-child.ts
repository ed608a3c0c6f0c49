// The child of node-fetch.test.ts's exit test: two requests through the default network's kept-alive agent to the
// origin it is given, their bodies printed, and nothing closed or exited by hand — the process must end by itself.
import { nodeFetch } from '../../src/http/node-fetch.ts'

const [origin = ''] = process.argv.slice(2)
const first = await (await nodeFetch(`${origin}/one`)).text()
const second = await (await nodeFetch(`${origin}/two`)).text()
console.log(`${first} ${second}`)
