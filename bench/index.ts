// Runs every benchmark (bench/*.bench.ts) or those named on the command line: `npm run bench -- loop bfcl`.
// Each bench module exports `run(): Promise<void>` and prints its own figures. Speed lives here, never in tests.
import { readdirSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const wanted = process.argv.slice(2)
const files = readdirSync(here)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.includes(file.replace(/\.bench\.ts$/, '')))
  .sort()

for (const file of files) {
  console.log(`\n## ${file.replace(/\.bench\.ts$/, '')}`)
  const bench = (await import(pathToFileURL(join(here, file)).href)) as { run(): Promise<void> }
  await bench.run()
}
