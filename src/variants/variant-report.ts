import type { CaseResult } from '../core/result.ts'
import { ConfusionRowsTally, type ConfusionRow } from './confusion-rows.ts'
import { VariantTally, type VariantComparison } from './variant-deltas.ts'
import { byModelThenVariant } from './variant-order.ts'

/** The report.json fields this stage adds: `confusion[]` always, `variantComparisons[]` in runs with variants. */
export type VariantFindings = { confusion: ConfusionRow[]; variantComparisons?: VariantComparison[] }

/** Folds results as they stream in (the runner) or from a report (merge), then gives the report fields. */
export class VariantFindingsTally {
  private readonly confusion = new ConfusionRowsTally()
  private readonly variants = new VariantTally()

  /** Folds in one result. */
  add(result: CaseResult): void {
    this.confusion.add(result)
    this.variants.add(result)
  }

  /**
   * The fields, recomputed from the results alone (so `merge` recomputes them like the run did); the comparisons by
   * model as `models` lists them (else as their results came), then by variant name, as the summary rows.
   */
  finish(models?: readonly string[]): VariantFindings {
    const comparisons = this.variants.comparisons()
    comparisons.sort(byModelThenVariant(models ?? [...new Set(comparisons.map((comparison) => comparison.model))]))
    return { confusion: this.confusion.rows(), ...(comparisons.length > 0 ? { variantComparisons: comparisons } : {}) }
  }
}

/** The fields of a list of results (comparisons in the order of `models`, when given: see `finish`). */
export function variantFindings(results: Iterable<CaseResult>, models?: readonly string[]): VariantFindings {
  const tally = new VariantFindingsTally()
  for (const result of results) tally.add(result)
  return tally.finish(models)
}
