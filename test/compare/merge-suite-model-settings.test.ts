import { describe, expect, it } from 'vitest'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import type { JudgeRecord } from '../../src/core/result.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'
import { mergeRefusal } from './merge-refusal.ts'

// A judge's or simulated user's settings decide verdicts as the tested model's do, but report.json recorded none:
// shard 1/2 judged at temperature 0 and 2/2 at 0.7 merged into one row, its accuracy over verdicts of two judges. A run
// now records them by spec (run.suiteModelSettings), and merge refuses one spec run with two, as it does for a model.

const judge = 'openai-compatible:judge-m'
const judged: JudgeRecord = { kind: 'judge', spec: judge, promptVersion: 1, promptHash: 'h', score: 1, threshold: 0.7, pass: true, reason: 'ok' }

/** A run of model gpt over `cases`, each judged by `judge`, with `run` fields added. */
function runOf(file: string, run: Record<string, unknown>, cases: readonly string[]): ReportInput {
  const report = reportOf(cases.flatMap((id) => repeats(id, 1, 1, { model: 'gpt', checks: [judged] })))
  return { file, report: { ...report, run: { ...report.run, ...run } } }
}

const judgeAt = (value: Record<string, unknown>) => ({ suiteModelSettings: { [judge]: value } })

describe('merge refuses a judge or simulated user run with two settings', () => {
  it('another value: exit 2 naming the spec, the setting and both values', () => {
    const a = runOf('a.json', judgeAt({ temperature: 0 }), ['c1'])
    const b = runOf('b.json', judgeAt({ temperature: 0.7 }), ['c2'])
    expect(mergeRefusal([a, b])).toContain(`b.json: run.suiteModelSettings.${judge}: the judge or simulated user "${judge}" ran with temperature 0.7 here but 0 in a.json`)
  })

  it('the same settings merge and are kept; a report that recorded none leaves the spec unrecorded', () => {
    const a = runOf('a.json', judgeAt({ temperature: 0 }), ['c1'])
    expect(mergeReports([a, runOf('b.json', judgeAt({ temperature: 0 }), ['c2'])]).report.run.suiteModelSettings).toEqual({ [judge]: { temperature: 0 } })
    expect(mergeReports([a, runOf('old.json', {}, ['c2'])]).report.run.suiteModelSettings).toBeUndefined()
  })
})
