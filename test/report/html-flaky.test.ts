// The HTML case list's `flaky` status is the summary's decision (`summary[].flakiness`), as the console, report.md
// and report.json list it: the page reads it, it does not tally the results again.
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { summarize } from '../../src/report/summarize.ts'
import { repeats } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

/** The status badge of each case entry, by case id. */
function statuses(html: string): Record<string, string> {
  return Object.fromEntries([...html.matchAll(/<details class="case" data-status="(\w+)"[^>]*><summary><span class="badge \w+">\w+<\/span> <span class="muted">[^<]*<\/span> <strong>([^<]+)<\/strong>/g)].map((m) => [m[2]!, m[1]!]))
}

/** The tone of each model's tally in a case entry's summary line, by case id. */
function tallyTones(html: string): Record<string, string[]> {
  return Object.fromEntries([...html.matchAll(/<strong>([^<]+)<\/strong>((?: <span class="tally \w+">[^<]*<\/span>)+)/g)].map((m) => [m[1]!, [...m[2]!.matchAll(/tally (\w+)/g)].map((t) => t[1]!)]))
}

describe('HTML flaky cases', () => {
  const results: CaseResult[] = [...repeats('mixed', 1, 2), ...repeats('steady', 2, 2), ...repeats('mixed', 1, 2, { model: 'model-b' })]

  it('marks flaky the cases the summary calls flaky', () => {
    const html = toHtml({ ...reportOf(results), summary: summarize(results) })
    expect(statuses(html)).toEqual({ mixed: 'flaky', steady: 'pass' })
    expect(tallyTones(html).mixed).toEqual(['flaky', 'flaky'])
  })

  it('marks no case flaky that the summary does not list, whatever the results tally', () => {
    // model-a's row lists no flaky case (its summary decided so); model-b's still lists `mixed`.
    const summary = summarize(results).map((row) => (row.model === 'model-a' ? { ...row, flakiness: [] } : row))
    const html = toHtml({ ...reportOf(results), summary })
    expect(tallyTones(html).mixed).toEqual(['fail', 'flaky'])
    const none = summarize(results).map((row) => ({ ...row, flakiness: [] }))
    expect(statuses(toHtml({ ...reportOf(results), summary: none }))).toEqual({ mixed: 'fail', steady: 'pass' })
  })
})
