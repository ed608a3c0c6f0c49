import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'
import { mergeRefusal } from './merge-refusal.ts'
import { expectInputError, runMain as runCli } from '../helpers/cli.ts'
import { storeFiles } from './store-suite.ts'

// A merged report is one run: one run.repeat, one --repeat-until rule, one version of each suite. Reports that ran
// with settings that decide what their verdicts and figures mean were merged anyway: run.repeat became the largest
// (a --repeat 3 run merged with a --repeat 5 run claimed 5 repeats for cases that ran 3), --repeat-until rules were
// not compared (a --repeat-until 8 run merged with a --repeat-until 5 or a plain run lost its run.repeatUntil), and a
// suite's version (its case count) was compared only within one shard set. Now each is exit 2, naming both values.

/** A run of `model` over c1..c3 of suite weather, each case `runs` times, with `run` fields added. */
function runOf(file: string, model: string, runs: number, run: Record<string, unknown> = {}): ReportInput {
  const results: CaseResult[] = ['c1', 'c2', 'c3'].flatMap((id) => repeats(id, runs - 1, runs, { model }))
  const report = reportOf(results)
  return { file, report: { ...report, run: { ...report.run, repeat: runs, ...run } } }
}

const until = (max: number, rule = 'curtailed-worst-case') => ({ repeatUntil: { max, rule, repeatsRun: 3 * max, planned: 3 * max, casesStopped: 0, reopened: 0 } })

describe('merge refuses reports whose run settings differ', () => {
  it('--repeat 3 and --repeat 5 (two models, no shards): refused in either order, naming both values and files', () => {
    const [three, five] = [runOf('three.json', 'model-a', 3), runOf('five.json', 'model-b', 5)]
    expect(mergeRefusal([three, five])).toContain('five.json: run.repeat: reports ran with different repeat settings: repeat 5 here but repeat 3 in three.json')
    expect(mergeRefusal([five, three])).toContain('three.json: run.repeat: reports ran with different repeat settings: repeat 3 here but repeat 5 in five.json')
  })

  it('one --repeat merges and keeps it', () => {
    const merged = mergeReports([runOf('a.json', 'model-a', 3), runOf('b.json', 'model-b', 3)])
    expect(merged.report.run.repeat).toBe(3)
  })

  it('--repeat-until N: another N, another rule or a plain --repeat run is refused; the same N merges with its record', () => {
    const eight = runOf('eight.json', 'model-a', 8, until(8))
    expect(mergeRefusal([eight, runOf('five.json', 'model-b', 5, until(5))])).toContain('five.json: run.repeatUntil: reports ran with different repeat settings: repeatUntil 5 here but repeatUntil 8 in eight.json')
    expect(mergeRefusal([eight, runOf('plain.json', 'model-b', 8)])).toContain('plain.json: run.repeatUntil: reports ran with different repeat settings: repeat 8 here but repeatUntil 8 in eight.json')
    expect(mergeRefusal([runOf('plain.json', 'model-b', 8), eight])).toContain('eight.json: run.repeatUntil: reports ran with different repeat settings: repeatUntil 8 here but repeat 8 in plain.json')
    expect(mergeRefusal([eight, runOf('other.json', 'model-b', 8, until(8, 'sequential'))])).toContain('repeatUntil 8 (rule sequential) here but repeatUntil 8 (rule curtailed-worst-case) in eight.json')
    const merged = mergeReports([eight, runOf('again.json', 'model-b', 8, until(8))])
    expect(merged.report.run).toMatchObject({ repeat: 8, repeatUntil: { max: 8, rule: 'curtailed-worst-case', repeatsRun: 48 } })
  })

  it('a damaged run.repeat or run.repeatUntil is named (file and field)', () => {
    const good = runOf('a.json', 'model-a', 3)
    expect(mergeRefusal([good, runOf('b.json', 'model-b', 3, { repeat: 'three' })])).toContain('b.json: run.repeat: expected the repeat count (an integer, at least 1)')
    expect(mergeRefusal([good, runOf('b.json', 'model-b', 3, { repeatUntil: { max: 'x' } })])).toContain('b.json: run.repeatUntil.max: expected the repeat-until N (an integer, at least 1)')
  })

  it('one suite in two versions (its case count) is refused without shards too', () => {
    const a = runOf('a.json', 'model-a', 1)
    const b = runOf('b.json', 'model-b', 1)
    const grown: ReportInput = { ...b, report: { ...b.report, run: { ...b.report.run, suites: [{ name: 'weather', file: 'suites/weather/suite.yaml', cases: 4 }] } } }
    expect(mergeRefusal([a, grown])).toContain('b.json: run.suites[0].cases: reports ran different versions of suite "weather": 4 cases here but 3 in a.json')
  })

  it('toolgauge merge of a --repeat 1 and a --repeat 2 run exits 2 naming both', async () => {
    const dir = storeFiles({ a: 3, b: 4 })
    const run = async (label: string, repeat: number) => {
      const out = join(dir, `run-${label}`)
      const result = await runCli(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, `${label}.yaml`)}`, '--repeat', String(repeat), '--out', out])
      expect([0, 1], result.stderr).toContain(result.code)
      return join(out, 'report.json')
    }
    const [a, b] = [await run('a', 1), await run('b', 2)]
    expectInputError(await runCli(['merge', a, b, '--out', join(dir, 'merged')]), `${b}: run.repeat:`, '--repeat 2 here but --repeat 1 in', a)
    expectInputError(await runCli(['merge', a, b, '--allow-partial', '--out', join(dir, 'merged')]), '--repeat 2 here but --repeat 1 in')
  })
})

