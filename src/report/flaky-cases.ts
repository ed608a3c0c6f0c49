import type { ModelSummary } from '../core/report.ts'
import { keyOf } from '../core/case-key.ts'
import type { CaseTally } from '../stats/case-tally.ts'
import { summaryLabel } from '../variants/variant-cells.ts'

// Which cases are flaky is decided once, by the summary (`summary[].flakiness`, stats/repeat-statistics.ts: passed
// and failed across the repeats of one row, errored repeats left out). The console, report.md and the HTML case list
// read it here; none of them tallies the results again.

/** A flaky case of one summary row: the row's label (model, or model · variant) and the case's tally (passed c of n). */
export type FlakyCase = { readonly label: string; readonly tally: CaseTally }

/** The flaky cases the summary decided, row by row in the summary's order (as report.json lists them). */
export function flakyCases(summaries: readonly ModelSummary[]): FlakyCase[] {
  // Malformed entries are left out (a report file is anyone's).
  return summaries.flatMap((summary) => (Array.isArray(summary.flakiness) ? summary.flakiness as CaseTally[] : [])
    .filter((t) => typeof t?.suite === 'string' && typeof t.case === 'string').map((tally) => ({ label: summaryLabel(summary), tally })))
}

/** Whether a result's row (model × variant) was flaky on its case, as the summary lists them. */
export type FlakyLookup = (result: { readonly model: string; readonly variant?: unknown; readonly suite: string; readonly case: string }) => boolean

/** The summary's flaky cases as a lookup by result. */
export function flakyLookup(summaries: readonly ModelSummary[]): FlakyLookup {
  const keys = new Set(flakyCases(summaries).map(({ label, tally }) => keyOf(label, tally.suite, tally.case)))
  return (result) => keys.has(keyOf(summaryLabel(result), result.suite, result.case))
}
