// Runs one after another in one process (the library API, describeSuite, a watch-like loop) load a suite's modules
// again: a module, or a local file it imports, changed on disk between them is the code the next run runs — the code
// its results' fingerprint names — not the copy the first run imported. Within a run, one version: a file changed
// while it runs is not what its later cases run, since their fingerprint names the code the run started with.
import { readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: reload', 'tools: ./tools.json', 'stubs:', '  get_weather: { module: ./stubs.ts, export: getWeather }', 'cases:',
  '  - id: paris', '    prompt: Weather in Paris?', '    expect:', '      calls: [{ name: get_weather, args: { city: Paris } }]'].join('\n')
const script = ['paris:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]', '  - content: Sunny.'].join('\n')
const stubs = (by: string) => `import { sky } from './sky.js'\nexport function getWeather(args: { city: string }) { return { city: args.city, sky: sky(), by: '${by}' } }\n`
const sky = (text: string) => `export const sky = (): string => '${text}'\n`
const check = (pass: string) => `export const sunny = () => ({ pass: ${pass}, message: 'edited' })\n`

/** A suite whose live stub imports a local file, and a function running it (then `--resume`) in this process. */
function suiteRuns() {
  const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'suite/stubs.ts': stubs('one'), 'suite/sky.ts': sky('sunny'), 'script.yaml': script })
  const out = join(dir, 'out')
  const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out]
  /** The stub's answer in the journal's latest result, and what `--resume` then says of that result. */
  const run = async (...extra: string[]) => {
    const ran = await runMain([...args, ...extra])
    expect(ran.code, ran.stderr).toBe(0)
    const journal = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CaseResult)
    const answer = journal.at(-1)!.turns.flatMap((turn) => turn.toolResults.map((result) => result.content)).join('\n')
    const resumed = await runMain([...args, '--resume'])
    return { answer, ran: ran.stdout, resumed: resumed.stdout }
  }
  return { dir, run }
}

describe('a suite module changed between two runs of one process', () => {
  it('a changed module runs its new code, under the fingerprint of that code', async () => {
    const { dir, run } = suiteRuns()
    const first = await run()
    expect(first.answer).toContain('"by":"one"')
    expect(first.resumed).toContain('1 result(s) kept, 0 re-run')

    writeFileSync(join(dir, 'suite/stubs.ts'), stubs('two'))
    const changed = await run('--resume')
    expect(changed.ran).toContain('0 result(s) kept, 1 re-run')
    expect(changed.answer).toContain('"by":"two"')
    // The journaled result's fingerprint is the code on disk now: the code that answered.
    expect(changed.resumed).toContain('1 result(s) kept, 0 re-run')
  })

  it('a changed file the module imports runs its new code, under the fingerprint of that code', async () => {
    const { dir, run } = suiteRuns()
    expect((await run()).answer).toContain('"sky":"sunny"')

    writeFileSync(join(dir, 'suite/sky.ts'), sky('rain'))
    const changed = await run('--resume')
    expect(changed.ran).toContain('0 result(s) kept, 1 re-run')
    expect(changed.answer).toContain('"sky":"rain"')
    expect(changed.answer).toContain('"by":"one"')
    expect(changed.resumed).toContain('1 result(s) kept, 0 re-run')
  })

  it('a file an import resolves to anew (a new file shadowing the one it named) is the code the next run runs', async () => {
    const { dir, run } = suiteRuns()
    expect((await run()).answer).toContain('"sky":"sunny"')

    // `./sky.js` named sky.ts while no sky.js was there; now it is sky.js, though no file the module ran changed.
    writeFileSync(join(dir, 'suite/sky.js'), "export const sky = () => 'snow'\n")
    const shadowed = await run('--resume')
    expect(shadowed.ran).toContain('0 result(s) kept, 1 re-run')
    expect(shadowed.answer).toContain('"sky":"snow"')
    expect(shadowed.resumed).toContain('1 result(s) kept, 0 re-run')
    rmSync(join(dir, 'suite/sky.js'))
    expect((await run('--resume')).answer).toContain('"sky":"sunny"')
  })
})

describe('a suite module changed while its run runs', () => {
  // A JSON Lines case file is read again as its cases run (its custom checks' modules loaded then): still one version.
  it.each(['inline', 'in a case file'])('the run\'s later cases (%s) run the code the run started with, which their fingerprint names', async (where) => {
    const cities = ['Paris', 'Rome', 'Oslo']
    const cases = cities.map((city) => ({ id: city.toLowerCase(), prompt: `Weather in ${city}?`, expect: { calls: [{ name: 'get_weather', args: { city } }], custom: { module: './checks.ts', export: 'sunny' } } }))
    const dir = tempFiles({
      'suite/tools.json': tools, 'suite/sky.ts': sky('sunny'), 'suite/checks.ts': check('true'), 'suite/cases.jsonl': cases.map((entry) => JSON.stringify(entry)).join('\n'),
      'suite/suite.yaml': ['name: edited', 'tools: ./tools.json', 'stubs:', '  get_weather: { module: ./stubs.ts, export: getWeather }',
        where === 'inline' ? `cases: ${JSON.stringify(cases)}` : 'cases: ./cases.jsonl'].join('\n'),
      'script.yaml': cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Sunny.']).join('\n'),
    })
    // The first call edits the module, the file it imports and the custom check, as an editor saving mid-run would.
    const edit = (file: string, text: string) => `writeFileSync(${JSON.stringify(join(dir, 'suite', file))}, ${JSON.stringify(text)})`
    const start = [
      "import { writeFileSync } from 'node:fs'", "import { sky } from './sky.js'",
      'export function getWeather(args: { city: string }) {',
      `  if (args.city === 'Paris') { ${edit('sky.ts', sky('rain'))}; ${edit('stubs.ts', stubs('edited'))}; ${edit('checks.ts', check('false'))} }`,
      "  return { city: args.city, sky: sky(), by: 'start' }", '}', ''].join('\n')
    writeFileSync(join(dir, 'suite/stubs.ts'), start)
    const out = join(dir, 'out')
    const args = ['run', join(dir, 'suite'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out, '--concurrency', '1']
    const ran = await runMain(args)
    expect(ran.code, ran.stderr).toBe(0)
    const journal = readFileSync(join(out, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CaseResult)
    const answers = journal.map((result) => result.turns.flatMap((turn) => turn.toolResults.map((toolResult) => JSON.parse(toolResult.content) as unknown)))
    expect(answers).toEqual(cities.map((city) => [{ city, sky: 'sunny', by: 'start' }]))
    expect(journal.map((result) => result.failures)).toEqual([[], [], []])
    // Their fingerprints name the code they ran: the files as the run started, put back, keep all three.
    writeFileSync(join(dir, 'suite/stubs.ts'), start)
    writeFileSync(join(dir, 'suite/sky.ts'), sky('sunny'))
    writeFileSync(join(dir, 'suite/checks.ts'), check('true'))
    expect((await runMain([...args, '--resume'])).stdout).toContain('3 result(s) kept, 0 re-run')
  })
})
