import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runVitest, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

// describeSuite when the user cancels the run (Ctrl-C, or vitest's --bail after a failure): vitest aborts each running
// test's signal with a TestRunAbortError, and the case must stop its model calls, leaving no verdict, as an interrupted
// `toolgauge run` leaves none. A child vitest with --bail 1 against a loopback host (a plain node:http server in the
// child, which sees the client give a request up): `slow` is never answered; `wrong` is answered (with the wrong tool,
// a failure that bails the run) only once the host holds slow's request.
const tools = JSON.stringify([
  { name: 'get_weather', description: 'Current weather in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'get_time', description: 'Local time in a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
])
const suiteYaml = [
  'name: cancel',
  'tools: ./tools.json',
  'stubs:',
  '  get_weather: [{ result: { sky: clear } }]',
  '  get_time: [{ result: { time: noon } }]',
  'cases:',
  '  - { id: slow, prompt: "Weather in Oslo?", expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }',
  '  - { id: wrong, prompt: "Weather in Paris?", expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }',
].join('\n')

const childTest = `
import { writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { afterAll } from 'vitest'
import { describeSuite } from ${JSON.stringify(join(projectRoot, 'src/vitest/index.ts'))}
let sawSlow, gaveUp
const givenUp = new Promise((resolve) => { gaveUp = resolve })
const slowSeen = new Promise((resolve) => { sawSlow = resolve })
const server = createServer((request, response) => {
  let body = ''
  request.on('data', (chunk) => { body += chunk })
  request.on('end', async () => {
    const messages = JSON.parse(body).messages
    if (messages.some((message) => message.role === 'tool')) return answer(response, { role: 'assistant', content: 'Done.' }, 'stop')
    const city = /Weather in (\\w+)/.exec(messages.find((message) => message.role === 'user').content)[1]
    if (city === 'Oslo') {
      // Never answered: only the client can end this request, by giving it up.
      response.on('close', () => closing || (writeFileSync('given-up.json', '"Oslo"'), gaveUp()))
      return sawSlow()
    }
    await slowSeen
    answer(response, { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'get_time', arguments: JSON.stringify({ city }) } }] }, 'tool_calls')
  })
})
function answer(response, message, finish) {
  response.writeHead(200, { 'content-type': 'application/json' })
  response.end(JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 2, total_tokens: 12 } }))
}
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve))
let closing = false
afterAll(async () => {
  // The client's abort reaches the host a few ticks after vitest ends the test: it gets 5 s. What the host's own
  // close ends is not the client giving up.
  await Promise.race([givenUp, new Promise((resolve) => setTimeout(resolve, 5000))])
  closing = true
  server.closeAllConnections()
  return new Promise((resolve) => server.close(resolve))
})
describeSuite('suite.yaml', { model: 'openai-compatible:m', providerOptions: { baseUrl: 'http://127.0.0.1:' + server.address().port + '/v1', retries: 0 } })
`
const config = `export default { test: { include: ['cancel.test.ts'], testTimeout: 60_000, reporters: [['json', { outputFile: 'out.json' }], [${JSON.stringify(join(projectRoot, 'src/vitest/reporter.ts'))}, { outDir: 'reports', formats: ['md'] }]] } }\n`

type Assertion = { title: string; status: string; failureMessages: string[] }

let vitest: Assertion[] = []
let report: Report
let markdown = ''
let childOut = ''
let givenUp = false
const byCase = (id: string) => vitest.find((test) => test.title.startsWith(`cancel/${id} `))!

beforeAll(() => {
  const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suiteYaml, 'vitest.config.mjs': config })
  writeFileSync(join(dir, 'cancel.test.ts'), childTest)
  const child = runVitest(['--root', dir, '--bail', '1'], { cwd: dir, env: { OPENAI_API_KEY: 'sk-test-0123456789' } })
  expect(child.status, `${child.stdout}\n${child.stderr}`).toBe(1)
  vitest = (JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as { testResults: { assertionResults: Assertion[] }[] }).testResults.flatMap((file) => file.assertionResults)
  report = JSON.parse(readFileSync(join(dir, 'reports/report.json'), 'utf8')) as Report
  markdown = readFileSync(join(dir, 'reports/report.md'), 'utf8')
  childOut = child.stdout
  givenUp = existsSync(join(dir, 'given-up.json'))
  rmSync(dir, { recursive: true, force: true })
}, 120_000)

describe('describeSuite when the run is cancelled', () => {
  it('a cancelled case stops its model call', () => {
    expect([byCase('wrong').status, byCase('slow').status]).toEqual(['failed', 'skipped'])
    expect(givenUp).toBe(true)
  })

  it('a cancelled case leaves no result, and the report says the run was interrupted, as a run interrupted by Ctrl-C does', () => {
    expect(report.results.map((result) => [result.case, result.verdict])).toEqual([['wrong', 'failed']])
    expect(report.run.interrupted).toBe(true)
  })

  it('the partial report says so in vitest\'s words, where its reporter writes and in its formats: no --resume, which vitest has not', () => {
    const note = 'Interrupted: the vitest run was cancelled (Ctrl-C, or --bail after a failure) and its cases that had not finished left no result; the report is partial (run the tests again to run them).'
    expect(markdown).toContain(`> **Partial run.** ${note.replace(/[()]/g, '\\$&')}`)
    expect(childOut).toMatch(/toolgauge: 1 case result\(s\) → .*report\.json/)
    expect(childOut).toContain(note)
    expect(`${markdown}\n${childOut}`).not.toContain('--resume')
  })
})
