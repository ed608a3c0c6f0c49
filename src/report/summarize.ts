import type { ModelSummary } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { GroupedSummaries, type SummaryOptions } from './summary-accumulator.ts'

/**
 * Aggregates results into one summary per model, in the order models first appear — the same fold the runner
 * does as results stream in (`summary-accumulator.ts`). Rates are over calls or cases as each field of
 * ModelSummary states (`caseMeanAccuracy` too when asked, as for a `--repeat-until` run); errored results are counted in `errored` and left out of every rate; a rate with an empty
 * denominator (nothing to measure: no call expected, none paired, none made, no such case) is null.
 */
export function summarize(results: readonly CaseResult[], options: Pick<SummaryOptions, 'caseMeanAccuracy'> = {}): ModelSummary[] {
  const groups = new GroupedSummaries(summaryGroup, options)
  for (const result of results) groups.add(result)
  return groups.finish()
}

/** The row a result belongs to: its model, and its variant in runs with tool-description variants. */
export function summaryGroup(result: CaseResult): { readonly model: string; readonly variant?: string } {
  return result.variant !== undefined ? { model: result.model, variant: result.variant } : { model: result.model }
}
