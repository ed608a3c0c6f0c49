import type { ModelSummary } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import { ConfusionTally, type ConfusionMatrix } from '../../src/report/confusion.ts'
import { flakyLookup } from '../../src/report/flaky-cases.ts'
import { caseEntries } from '../../src/report/html/cases.ts'
import { summarize } from '../../src/report/summarize.ts'
import { SummaryAccumulator } from '../../src/report/summary-accumulator.ts'
import type { ToolSetIndex } from '../../src/report/turn-settings.ts'

// The folds the reports make as results stream in, over an array: what tests hand a fixed set of results to.

/** The summary of one model's results. */
export function summarizeModel(model: string, results: readonly CaseResult[]): ModelSummary {
  const accumulator = new SummaryAccumulator({ model })
  for (const result of results) accumulator.add(result)
  return accumulator.finish()
}

/** The tool confusion matrix of a set of results (report/confusion.ts's ConfusionTally, folded over all of them). */
export function confusionMatrix(results: readonly CaseResult[]): ConfusionMatrix {
  const tally = new ConfusionTally()
  for (const result of results) tally.add(result)
  return tally.matrix()
}

/** The HTML drill-down of a set of results, flaky as their summary decides (as the page writes it). */
export function caseList(results: readonly CaseResult[], toolSets?: ToolSetIndex): string {
  return [...caseEntries(() => results, flakyLookup(summarize(results)), toolSets)].join('\n')
}
