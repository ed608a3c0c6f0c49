import type { CaseResult } from '../core/result.ts'
import type { ModelSummary } from '../core/report.ts'
import { verdictOf, type VerdictFields } from '../core/verdict.ts'
import { summaryGroup } from '../report/summarize.ts'
import { GroupedSummaries } from '../report/summary-accumulator.ts'
import { VariantFindingsTally } from '../variants/variant-report.ts'
import { byModelThenVariant } from '../variants/variant-order.ts'

/** How a run tallies: its repeats and gates decide what each row keeps. */
export type RunTallyOptions = {
  readonly repeats: number
  /** `--repeat-until`: min-accuracy reads the mean of per-case pass rates (cases ran unequal repeats). */
  readonly caseMeanAccuracy: boolean
  /** `--by suite`: rows per suite too. */
  readonly bySuite: boolean
}

/**
 * What a run keeps of its results as each is journaled (or kept by `--resume`): the summary rows, the `--by suite`
 * rows, the variant findings, and one result per distinct verdict (the stored verdict + failure kinds) — a bounded
 * set, all the exit code needs. The results themselves are read back from the journal.
 */
export class RunTally {
  private readonly summaries: GroupedSummaries
  private readonly suiteSummaries: GroupedSummaries
  private readonly findings = new VariantFindingsTally()
  private readonly distinct = new Map<string, VerdictFields>()

  constructor(private readonly options: RunTallyOptions) {
    // Without repeats a row gets one result per case: no tally per case is needed for pass@k.
    const summaryOptions = { oneResultPerCase: options.repeats === 1, caseMeanAccuracy: options.caseMeanAccuracy }
    this.summaries = new GroupedSummaries(summaryGroup, summaryOptions)
    this.suiteSummaries = new GroupedSummaries((result) => ({ suite: result.suite, ...summaryGroup(result) }), summaryOptions)
  }

  /** Folds one result in. */
  add(result: CaseResult): void {
    this.summaries.add(result)
    if (this.options.bySuite) this.suiteSummaries.add(result)
    this.findings.add(result)
    const verdict = verdictOf(result)
    const signature = JSON.stringify([verdict, [...new Set(result.failures.map((failure) => failure.kind))].sort()])
    if (!this.distinct.has(signature)) this.distinct.set(signature, { verdict, passed: result.passed, failures: result.failures.map(({ kind, message }) => ({ kind, message })) })
  }

  /**
   * The summary rows and the `--by suite` rows, in the order of the models given (and of the suites), then the base
   * variant and the others by name — not of whichever result finished first.
   */
  rows(modelIds: readonly string[], suiteNames: readonly string[]): { readonly summary: ModelSummary[]; readonly bySuite: ModelSummary[] } {
    const rowOrder = byModelThenVariant(modelIds)
    const suiteRank = (row: ModelSummary) => suiteNames.findIndex((name) => name === row.suite)
    return {
      summary: this.summaries.finish().sort(rowOrder),
      bySuite: this.suiteSummaries.finish().sort((a, b) => suiteRank(a) - suiteRank(b) || rowOrder(a, b)),
    }
  }

  /** The variant comparisons and confusion rows report.json carries (models in the order given). */
  variantFindings(modelIds: readonly string[]): ReturnType<VariantFindingsTally['finish']> {
    return this.findings.finish(modelIds)
  }

  /** One result per distinct verdict, for the exit code. */
  verdicts(): VerdictFields[] {
    return [...this.distinct.values()]
  }
}
