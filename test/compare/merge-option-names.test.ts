import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'

// mergeReports is the library's as much as the CLI's: a library caller was told to "run them with --resume" (a run
// cut by bail), that reports ran "--repeat 2 here but --repeat 1", to run shards "with the same --repeat" or under
// labels "models: - { model: …, label: … }" — flags and config keys it never passed. Now each message takes the
// names of the caller's surface from the option-names table (core/option-names.ts), as allowPartial's hint did.

/** A run of `model` over c1..c3 of suite weather, each case `runs` times, with `run` fields added. */
function runOf(file: string, model: string, runs: number, run: Record<string, unknown> = {}): ReportInput {
  const results: CaseResult[] = ['c1', 'c2', 'c3'].flatMap((id) => repeats(id, runs - 1, runs, { model }))
  const report = reportOf(results)
  return { file, report: { ...report, run: { ...report.run, repeat: runs, ...run } } }
}

/** The refusal's message for the library (default) and for the CLI (`optionNames: 'cli'`). */
function refusals(inputs: readonly ReportInput[]): { library: string; cli: string } {
  const refusal = (optionNames: 'cli' | 'library') => {
    try {
      mergeReports(inputs, { optionNames })
    } catch (error) {
      return (error as Error).message
    }
    throw new Error(`merged ${inputs.map((i) => i.file).join(', ')} without refusing`)
  }
  return { library: refusal('library'), cli: refusal('cli') }
}

const notRun = [{ suite: 'weather', case: 'c4', model: 'model-a', repeat: 0 }]
const until = (max: number) => ({ repeatUntil: { max, rule: 'curtailed-worst-case', repeatsRun: 3 * max, planned: 3 * max, casesStopped: 0, reopened: 0 } })

const cases: { readonly name: string; readonly inputs: () => ReportInput[]; readonly library: string; readonly cli: string }[] = [
  {
    name: 'a run cut by bail or maxCostUsd',
    inputs: () => [runOf('cut.json', 'model-a', 1, { cut: { reason: 'bail', limit: 1, notRun } }), runOf('cost.json', 'model-b', 1, { cut: { reason: 'max-cost', limit: 1, notRun } })],
    library: 'cut.json is from a run cut by bail (1 case run(s) did not start; run them with resume); cost.json is from a run cut by maxCostUsd',
    cli: 'cut.json is from a run cut by --bail (1 case run(s) did not start; run them with --resume); cost.json is from a run cut by --max-cost',
  },
  {
    name: 'an interrupted run',
    inputs: () => [runOf('a.json', 'model-a', 1, { interrupted: true })],
    library: 'a.json is from an interrupted run (finish it with resume)',
    cli: 'a.json is from an interrupted run (finish it with --resume)',
  },
  {
    name: 'two repeat settings',
    inputs: () => [runOf('one.json', 'model-a', 1), runOf('two.json', 'model-b', 2)],
    library: 'repeat 2 here but repeat 1 in one.json — merged as one run, its cases would claim one repeat setting while they ran under two, and pass@k, pass^k, flaky cases and the gates would mix them; merge reports run with the same repeat or repeatUntil',
    cli: '--repeat 2 here but --repeat 1 in one.json — merged as one run, its cases would claim one repeat setting while they ran under two, and pass@k, pass^k, flaky cases and the gates would mix them; merge reports run with the same --repeat or --repeat-until',
  },
  {
    name: 'repeatUntil beside a plain run',
    inputs: () => [runOf('until.json', 'model-a', 8, until(8)), runOf('plain.json', 'model-b', 8)],
    library: 'repeat 8 here but repeatUntil 8 in until.json',
    cli: '--repeat 8 here but --repeat-until 8 in until.json',
  },
  {
    name: 'a damaged repeat',
    inputs: () => [runOf('a.json', 'model-a', 3, { repeat: 'three' })],
    library: 'expected the repeat count (an integer, at least 1)',
    cli: 'expected the repeat count (an integer, at least 1)',
  },
  {
    name: 'shards of one run with two repeat values',
    inputs: () => [runOf('s1.json', 'model-a', 1, { shard: { index: 1, count: 2 } }), runOf('s2.json', 'model-a', 2, { shard: { index: 2, count: 2 } })],
    library: 'shard reports ran different repeat values: repeat 2 here but repeat 1 in s1.json — their cases ran a different number of times, so pass@k, pass^k and the gates would mix them as one run; run every shard with the same repeat',
    cli: 'shard reports ran different --repeat values: --repeat 2 here but --repeat 1 in s1.json — their cases ran a different number of times, so pass@k, pass^k and the gates would mix them as one run; run every shard with the same --repeat',
  },
  {
    // One model sharded twice under two filters: each set is told apart by its plan, the filter in the caller's word.
    name: 'shard sets of one model under two filters',
    inputs: () => [runOf('f1.json', 'model-a', 1, { shard: { index: 1, count: 2 }, filter: 'c1' }), runOf('f2.json', 'model-a', 1, { shard: { index: 1, count: 2 }, filter: 'c2' })],
    library: 'shard 2/2 of model-a (suites weather, filter c1) missing; shard 2/2 of model-a (suites weather, filter c2) missing',
    cli: 'shard 2/2 of model-a (suites weather, --filter c1) missing; shard 2/2 of model-a (suites weather, --filter c2) missing',
  },
  {
    name: 'one label for two specs',
    inputs: () => [runOf('a.json', 'gpt', 1, { modelSpecs: { gpt: 'openai:gpt-4o' } }), runOf('b.json', 'gpt', 1, { modelSpecs: { gpt: 'openai:gpt-4o-mini' } })],
    library: 'run them under different labels (models: [{ spec: …, label: … }]) to merge them',
    cli: 'run them under different labels (models: - { model: …, label: … }) to merge them',
  },
]

describe('merge words its refusals in the caller\'s option names', () => {
  for (const { name, inputs, library, cli } of cases) {
    it(`${name}: the library's names, no flag; the CLI's flags`, () => {
      const messages = refusals(inputs())
      expect(messages.library).toContain(library)
      expect(messages.library).not.toMatch(/(^|[\s(])--[a-z]/)
      expect(messages.cli).toContain(cli)
    })
  }

  it('the warning of --repeat-until rows drawn from several runs', () => {
    const inputs = [runOf('a.json', 'model-a', 2, until(2)), { ...runOf('b.json', 'model-a', 2, until(2)), report: { ...runOf('b.json', 'model-a', 2, until(2)).report, results: [] } }]
    const warnings = (optionNames: 'cli' | 'library') => mergeReports(inputs, { optionNames }).warnings.join('\n')
    expect(warnings('library')).toContain('repeatUntil runs that each stopped cases on their own gates')
    expect(warnings('cli')).toContain('--repeat-until runs that each stopped cases on their own gates')
  })
})
