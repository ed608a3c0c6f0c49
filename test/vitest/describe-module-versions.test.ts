// describeSuite runs the user modules it loaded with its suite (while collecting) in every test, as a run does
// (io/load-module.ts moduleScope): another load in the worker after an edit — a runCase in the same file, while the
// block's first case waits in its stub — must not swap the block's later cases' stubs and checks for the edited code.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, expect, it, type TaskMeta } from 'vitest'
import '../../src/vitest/result-meta.ts'
import type { ScoredCase } from '../../src/runner/run-one-case.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { describeSuite } from '../../src/vitest/index.ts'
import type { ToolgaugeTestMeta } from '../../src/vitest/result-meta.ts'
import { tempFiles } from '../helpers/cli.ts'
import { weatherToolsJson as tools } from '../helpers/two-city-suite.ts'

const cities = ['Paris', 'Rome', 'Oslo']
type Global = { midCase?: () => Promise<void> }
const stubs = (by: string) => [
  'export async function getWeather(args: { city: string }) {',
  "  const mid = (globalThis as { midCase?: () => Promise<void> }).midCase",
  "  if (args.city === 'Paris' && mid) { delete (globalThis as { midCase?: unknown }).midCase; await mid() }",
  `  return { city: args.city, by: '${by}' }`, '}', ''].join('\n')
const checks = (pass: boolean) => `export const checked = () => ({ pass: ${pass}, message: 'the edited check' })\n`
const dir = tempFiles({
  'suite/tools.json': tools, 'suite/stubs.ts': stubs('one'), 'suite/checks.ts': checks(true),
  'suite/suite.yaml': ['name: versions', 'tools: ./tools.json', 'stubs:', '  get_weather: { module: ./stubs.ts, export: getWeather }', 'cases:',
    ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }], custom: { module: ./checks.ts, export: checked } } }`)].join('\n'),
  'script.yaml': cities.flatMap((city) => [`${city.toLowerCase()}:`, `  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: ${city} } }]`, '  - content: Done.']).join('\n'),
})
const model = `scripted:${join(dir, 'script.yaml')}`
let edited: ScoredCase | undefined
// Run by the block's Paris stub: the modules are edited and another runCase of the worker loads the edit.
;(globalThis as Global).midCase = async () => {
  writeFileSync(join(dir, 'suite/stubs.ts'), stubs('two'))
  writeFileSync(join(dir, 'suite/checks.ts'), checks(false))
  edited = await runCase({ suite: join(dir, 'suite/suite.yaml'), case: 'rome', model })
}
afterAll(() => { delete (globalThis as Global).midCase })

describeSuite(join(dir, 'suite/suite.yaml'), { model, concurrency: 1 })

type TaskTree = { readonly type: string; readonly name: string; readonly meta: TaskMeta; readonly tasks?: readonly TaskTree[] }
it('every case of the block ran the stub it loaded; the runCase after the edit ran the edit', ({ task }) => {
  const tests = (task.file.tasks as readonly TaskTree[]).flatMap(function all(entry): TaskTree[] { return [entry, ...(entry.tasks ?? []).flatMap(all)] })
  const results = tests.flatMap((entry) => (entry.meta.toolgauge ? [(entry.meta.toolgauge as ToolgaugeTestMeta).result] : []))
  const answer = (result: ScoredCase['result']) => JSON.parse(result.turns.flatMap((turn) => turn.toolResults)[0]!.content) as unknown
  expect(edited && answer(edited.result)).toEqual({ city: 'Rome', by: 'two' })
  expect(edited?.result.failures.map((failure) => failure.kind)).toEqual(['custom_check'])
  expect(results.map(answer)).toEqual(cities.map((city) => ({ city, by: 'one' })))
  expect(results.map((result) => result.failures)).toEqual([[], [], []])
})
