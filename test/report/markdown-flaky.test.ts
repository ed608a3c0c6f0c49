// The flaky cases are decided once, by the summary (`summary[].flakiness`, from stats/repeat-statistics.ts): the
// Markdown summary lists those, in the summary's order, as report.json and the console do — it does not tally the
// results again.
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { repeatLines } from '../../src/report/repeat-text.ts'
import { summarize } from '../../src/report/summarize.ts'
import { makeResult, repeats } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

/** The Markdown flaky table's rows as [model, case, "c of n"]. */
function flakyRows(md: string): string[][] {
  const section = md.slice(md.indexOf('### Flaky cases'))
  const table = section.split('\n\n')[1] ?? ''
  return table.split('\n').slice(2).map((line) => line.split(' | ').map((cell) => cell.replace(/^\| |`| \|$/g, ''))).map(([model, , id, passed]) => [model!, id!, passed!])
}

/** A report whose summary is the real one (summarize(): what the runner and merge write). */
function realReport(results: readonly CaseResult[]): Report {
  return { ...reportOf(results), summary: summarize(results) }
}

describe('Markdown flaky cases', () => {
  it('lists the summary rows\' flakiness in the summary\'s order (model, then suite and case), as the console does', () => {
    // Report order is case-major (each case's results side by side); case-10 comes first in the results.
    const results = ['model-a', 'model-b'].flatMap((model) => [...repeats('case-10', 1, 2, { model }), ...repeats('case-2', 1, 2, { model })])
    const report = realReport(results)
    const md = toMarkdown(report)
    const fromSummary = report.summary.flatMap((s) => (s.flakiness as { case: string; passed: number; runs: number }[]).map((t) => [s.model, t.case, `${t.passed} of ${t.runs}`]))
    expect(fromSummary).toEqual([['model-a', 'case-2', '1 of 2'], ['model-a', 'case-10', '1 of 2'], ['model-b', 'case-2', '1 of 2'], ['model-b', 'case-10', '1 of 2']])
    expect(md).toContain('### Flaky cases (4)')
    expect(flakyRows(md)).toEqual(fromSummary)
    const console = repeatLines(report.summary).filter((line) => line.startsWith('  ~ ')).map((line) => line.trim())
    expect(console).toEqual(['~ weather/case-2 [model-a] 1 of 2', '~ weather/case-10 [model-a] 1 of 2', '~ weather/case-2 [model-b] 1 of 2', '~ weather/case-10 [model-b] 1 of 2'])
  })

  it('lists exactly the cases the summary calls flaky: none when its rows say none', () => {
    // A summary row written without repeat tallies (a run without repeats keeps none) has no flaky case; the
    // Markdown must not find one the summary did not decide.
    const results = [makeResult({ case: 'twice', passed: true }), makeResult({ case: 'twice', repeat: 1, passed: false })]
    const report = { ...realReport(results), summary: summarize(results).map((s) => ({ ...s, flakiness: [] })) }
    expect(toMarkdown(report)).not.toContain('### Flaky cases')
  })
})
