import type { CaseResult } from '../core/result.ts'
import { ConfusionRowsTally, type ConfusionRow } from './confusion-rows.ts'
import { VariantTally, type VariantComparison } from './variant-deltas.ts'

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

  /** The fields, recomputed from the results alone (so `merge` recomputes them like the run did). */
  finish(): VariantFindings {
    const comparisons = this.variants.comparisons()
    return { confusion: this.confusion.rows(), ...(comparisons.length > 0 ? { variantComparisons: comparisons } : {}) }
  }
}

/** The fields of a list of results. */
export function variantFindings(results: Iterable<CaseResult>): VariantFindings {
  const tally = new VariantFindingsTally()
  for (const result of results) tally.add(result)
  return tally.finish()
}
