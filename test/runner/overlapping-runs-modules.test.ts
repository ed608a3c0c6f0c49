// Two runs in one process at once (the library API): run A starts, its hooks, live stub and custom check are edited
// on disk while A waits in its first tool call, and run B starts and ends. A run runs one version — the code loaded
// with its suites (README, --resume) — so A's later cases run the code A started with, under A's fingerprint, and B
// runs the edited code: B loading a module anew must not swap A's copy.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { tempFiles } from '../helpers/cli.ts'
import { weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const cities = ['Paris', 'Rome', 'Oslo']
/** What the first call waits on (set by the test): the stub says it got there, then waits to be let go. */
type Pause = { reached: () => void; until: Promise<void> }
const stubs = (by: string) => [
  'export async function getWeather(args: { city: string }) {',
  '  const pause = (globalThis as { overlappingPause?: { reached: () => void; until: Promise<void> } }).overlappingPause',
  "  if (args.city === 'Paris' && pause) { delete (globalThis as { overlappingPause?: unknown }).overlappingPause; pause.reached(); await pause.until }",
  `  return { city: args.city, by: '${by}' }`, '}', ''].join('\n')
const hooks = (by: string) => `export const afterToolCall = (_call: unknown, result: object) => ({ result: { ...result, hook: '${by}' } })\n`
const checks = (pass: boolean) => `export const checked = () => ({ pass: ${pass}, message: 'the edited check' })\n`

/** The suite (hooks, a live stub, a custom check per case), and a pause for the stub's Paris call: `pause()` holds it. */
function overlapSuite() {
  const dir = tempFiles({
    'suite/tools.json': tools, 'suite/stubs.ts': stubs('one'), 'suite/hooks.ts': hooks('one'), 'suite/checks.ts': checks(true),
    'suite/suite.yaml': ['name: overlap', 'tools: ./tools.json', 'hooks: ./hooks.ts', 'stubs:', '  get_weather: { module: ./stubs.ts, export: getWeather }', 'cases:',
      ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }], custom: { module: ./checks.ts, export: checked } } }`)].join('\n'),
    'script.yaml': cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Done.']).join('\n'),
  })
  /** Holds the stub's next Paris call: `reached` settles when it is there; `release` lets it go on. */
  const pause = () => {
    let reached!: () => void
    let release!: () => void
    const atPause = new Promise<void>((resolve) => { reached = resolve })
    ;(globalThis as { overlappingPause?: Pause }).overlappingPause = { reached, until: new Promise<void>((resolve) => { release = resolve }) }
    return { reached: atPause, release: () => release() }
  }
  /** Every module as a version gives it ('one' or 'two'). */
  const edit = (version: 'one' | 'two') => {
    writeFileSync(join(dir, 'suite/stubs.ts'), stubs(version))
    writeFileSync(join(dir, 'suite/hooks.ts'), hooks(version))
    writeFileSync(join(dir, 'suite/checks.ts'), checks(version === 'one'))
  }
  return { dir, pause, edit, model: `scripted:${join(dir, 'script.yaml')}` }
}

describe('two runs of one suite at once in one process', () => {
  it('the run started first runs the code it loaded for all its cases; the one started after an edit runs the edit', async () => {
    const { dir, pause, edit, model } = overlapSuite()
    const run = (out: string, resume = false) => runEvaluation({ suitePaths: [join(dir, 'suite')], models: [model], outDir: join(dir, out), concurrency: 1, resume })
    const journal = (out: string) => readFileSync(join(dir, out, 'results.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as CaseResult)
    const answers = (out: string) => journal(out).map((result) => result.turns.flatMap((turn) => turn.toolResults.map((toolResult) => JSON.parse(toolResult.content) as unknown))[0])

    const paused = pause()
    const first = run('a')
    await Promise.race([paused.reached, first])
    edit('two')
    await run('b')
    paused.release()
    await first

    expect(answers('a')).toEqual(cities.map((city) => ({ city, by: 'one', hook: 'one' })))
    expect(journal('a').map((result) => result.failures)).toEqual([[], [], []])
    expect(answers('b')).toEqual(cities.map((city) => ({ city, by: 'two', hook: 'two' })))
    expect(journal('b').map((result) => result.failures.map((failure) => failure.kind))).toEqual(cities.map(() => ['custom_check']))
    // A's fingerprints name the code A ran: the files put back as A started, its results are all kept.
    edit('one')
    expect((await run('a', true)).resumed).toMatchObject({ kept: 3 })
  })

  it('runCase: a case runs the code it loaded, though another runCase loads an edit while it runs', async () => {
    const { dir, pause, edit, model } = overlapSuite()
    const paused = pause()
    const first = runCase({ suite: join(dir, 'suite/suite.yaml'), case: 'paris', model })
    await Promise.race([paused.reached, first])
    edit('two')
    const second = await runCase({ suite: join(dir, 'suite/suite.yaml'), case: 'rome', model })
    paused.release()
    expect((await first).result.failures).toEqual([])
    expect(second.result.failures.map((failure) => failure.kind)).toEqual(['custom_check'])
  })
})
