// merge of --repeat-until runs: the merged report's min-accuracy gate (perCaseMean) reads caseMeanAccuracy, the
// mean of per-case pass rates over the merged results — the figure one run over the same cases reads — not a
// mean of the inputs' figures weighted by their result counts.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import { mergeReports } from '../../src/compare/merge-reports.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suiteOf = (name: string, cities: readonly string[]) => [`name: ${name}`, 'tools: ../tools.json', 'cases:',
  ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`)].join('\n')

/** Right every time, but lima: right on odd repeats only (a flaky case from its second repeat on: it runs all N). */
const provider: Provider = {
  id: 'scripted:until',
  async doGenerate({ context }) {
    const first = context.turn === 0
    const wrong = context.caseId === 'lima' && context.repeat % 2 === 0
    const city = wrong ? 'Quito' : context.caseId[0]!.toUpperCase() + context.caseId.slice(1)
    return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, latencyMs: 1 }
  },
}

describe('merge of --repeat-until runs', () => {
  it('computes caseMeanAccuracy over the merged results, so its gate reads what one run over the same cases read', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'a/suite.yaml': suiteOf('a', ['Rome', 'Lima']), 'b/suite.yaml': suiteOf('b', ['Oslo', 'Bern', 'Paris']) })
    const gates = [{ type: 'min-accuracy' as const, threshold: 0.5 }]
    const run = (suites: string[], out: string) => runEvaluation({ suitePaths: suites.map((suite) => join(dir, suite)), models: ['scripted:until'], providers: [provider], outDir: join(dir, out), concurrency: 1, repeatUntil: 8, gates })
    const whole = await run(['a', 'b'], 'whole')
    const parts = [await run(['a'], 'a-out'), await run(['b'], 'b-out')]
    const merged = mergeReports(parts.map((part, index) => ({ file: `part-${index + 1}`, report: part.report })))
    // What a run holding these results reads: each case's passes over its runs, averaged over the cases.
    const rates = ['rome', 'lima', 'oslo', 'bern', 'paris'].map((id) => {
      const own = merged.report.results.filter((result) => result.case === id)
      return own.filter((result) => result.passed).length / own.length
    })
    const caseMean = rates.reduce((sum, rate) => sum + rate, 0) / rates.length
    expect(caseMean).toBeLessThan(1)
    expect(merged.report.summary[0]!.caseMeanAccuracy).toBeCloseTo(caseMean, 12)
    const gate = (merged.report.gates as { name: string; value: number; gate: { perCaseMean?: boolean } }[])[0]!
    expect(gate).toMatchObject({ name: 'min-accuracy', gate: { perCaseMean: true } })
    expect(gate.value).toBeCloseTo(caseMean, 12)
    // Merging one run gives back its own figure.
    expect(mergeReports([{ file: 'whole', report: whole.report }]).report.summary[0]!.caseMeanAccuracy).toBeCloseTo(whole.report.summary[0]!.caseMeanAccuracy!, 12)
    // The merged run block says it holds --repeat-until runs, with their repeats added up.
    const record = (report: typeof whole.report) => report.run.repeatUntil as { max: number; repeatsRun: number; planned: number }
    expect(record(merged.report)).toMatchObject({ max: 8, rule: 'curtailed-worst-case', repeatsRun: merged.report.results.length, planned: 40 })
    // Each run stopped its cases on its own gates: the merge says so, for the row both runs made.
    expect(merged.warnings).toContainEqual(expect.stringContaining('scripted:until: its results come from part-1, part-2, repeatUntil runs'))
  })

  it('a row from one run keeps that run\'s figure, without a warning', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'a/suite.yaml': suiteOf('a', ['Rome', 'Lima']) })
    const other: Provider = { ...provider, id: 'scripted:other' }
    const run = (model: Provider, out: string) => runEvaluation({ suitePaths: [join(dir, 'a')], models: [model.id], providers: [model], outDir: join(dir, out), concurrency: 1, repeatUntil: 6, gates: [{ type: 'min-accuracy', threshold: 0.5 }] })
    const parts = [await run(provider, 'one'), await run(other, 'two')]
    const merged = mergeReports(parts.map((part, index) => ({ file: `part-${index + 1}`, report: part.report })))
    expect(merged.report.summary.map((row) => row.caseMeanAccuracy)).toEqual(parts.map((part) => part.report.summary[0]!.caseMeanAccuracy))
    expect(merged.warnings.filter((warning) => warning.includes('repeatUntil runs'))).toEqual([])
  })
})
