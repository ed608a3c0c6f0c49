import type { CaseResult } from '../core/result.ts'
import { isErroredResult, verdictOf } from '../core/verdict.ts'
import { caseKey } from '../core/case-key.ts'
import { mcnemarExact } from '../stats/mcnemar.ts'
import { pairedPermutationTest } from '../stats/paired-permutation.ts'
import { baseVariantName } from './variant-spec.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { mean } from '../stats/mean.ts'

/** Significance level of the variant flags (the paired test's p-value must be below it). */
const variantAlpha = 0.05

/** One metric of a variant against the base on the same cases, with its paired test. */
export type VariantMetricDelta = {
  /** The base's value and the variant's, over the paired cases. */
  readonly base: number
  readonly value: number
  /** value − base. */
  readonly delta: number
  /** `mcnemar` (one run per case), `paired-permutation` (per-case rates, repeats), `sign-flip` (tokens). */
  readonly test: 'mcnemar' | 'paired-permutation' | 'sign-flip'
  readonly pValue: number
  /** pValue < 0.05: only then is the change flagged. */
  readonly significant: boolean
}

/** A non-base variant of one model against that model's base, paired by suite + case. */
export type VariantComparison = {
  readonly model: string
  readonly variant: string
  readonly base: string
  /** Cases both variants ran (only those are in the figures). */
  readonly pairedCases: number
  /** Mean per-case pass rate (passed ÷ cases with one run per case). */
  readonly accuracy: VariantMetricDelta
  /** Per-case selection (selected ÷ expected calls; cases expecting no call are left out), averaged. */
  readonly selection: VariantMetricDelta
  /** Tool-definition tokens per request, averaged over cases. */
  readonly toolTokensPerRequest: VariantMetricDelta
}

/** One case of one model × variant, summed over its repeats. */
type Side = { passed: number; runs: number; selected: number; expected: number; tokens: number; requests: number }

function metric(base: number, value: number, test: VariantMetricDelta['test'], pValue: number): VariantMetricDelta {
  return { base, value, delta: value - base, test, pValue, significant: pValue < variantAlpha }
}

/**
 * Per-case tallies of every model × variant, folded as results stream in (memory grows with cases, not results),
 * and each non-base variant compared with its model's base on the cases both ran: accuracy by exact McNemar (one
 * run per case) or the paired permutation test on per-case pass rates (repeats), as `compare` does; selection by
 * the paired permutation test on per-case selection rates; tool tokens per request by the same sign-flip test on
 * per-case integer differences. Errored results are left out (no verdict).
 */
export class VariantTally {
  private readonly sides = new Map<string, Map<string, Map<string, Side>>>()

  /** Folds in one result of a run with variants (results without `variant` are ignored). */
  add(result: CaseResult): void {
    if (result.variant === undefined || isErroredResult(result)) return
    const byVariant = getOrCreate(this.sides, result.model, () => new Map())
    const byCase = getOrCreate(byVariant, result.variant, () => new Map())
    const key = caseKey(result)
    const side = byCase.get(key) ?? { passed: 0, runs: 0, selected: 0, expected: 0, tokens: 0, requests: 0 }
    side.runs++
    if (verdictOf(result) === 'passed') side.passed++
    side.selected += result.metrics.selectedCalls
    side.expected += result.metrics.expectedCalls
    if (result.toolTokens) {
      side.tokens += result.toolTokens.perRequest
      side.requests++
    }
    byCase.set(key, side)
  }

  /** The comparisons, per model in first-seen order, variants in run order; empty without variants. */
  comparisons(): VariantComparison[] {
    const comparisons: VariantComparison[] = []
    for (const [model, byVariant] of this.sides) {
      const baseCases = byVariant.get(baseVariantName)
      if (!baseCases) continue
      for (const [variant, headCases] of byVariant) {
        if (variant !== baseVariantName) comparisons.push(compare(model, variant, baseCases, headCases))
      }
    }
    return comparisons
  }
}

function compare(model: string, variant: string, baseCases: ReadonlyMap<string, Side>, headCases: ReadonlyMap<string, Side>): VariantComparison {
  const pairs = [...headCases].flatMap(([key, head]) => {
    const base = baseCases.get(key)
    return base ? [{ base, head }] : []
  })
  const rate = (side: Side) => side.passed / side.runs
  const singleRun = pairs.every(({ base, head }) => base.runs === 1 && head.runs === 1)
  const accuracyTest = singleRun
    ? { test: 'mcnemar' as const, pValue: mcnemarExact(pairs.filter((p) => p.base.passed > p.head.passed).length, pairs.filter((p) => p.head.passed > p.base.passed).length).pValue }
    : { test: 'paired-permutation' as const, pValue: pairedPermutationTest(pairs.map(({ base, head }) => ({ basePassed: base.passed, baseRuns: base.runs, headPassed: head.passed, headRuns: head.runs }))).pValue }
  const selectionPairs = pairs.filter(({ base, head }) => base.expected > 0 && head.expected > 0)
  const selection = pairedPermutationTest(selectionPairs.map(({ base, head }) => ({ basePassed: base.selected, baseRuns: base.expected, headPassed: head.selected, headRuns: head.expected })))
  const tokenPairs = pairs.filter(({ base, head }) => base.requests > 0 && head.requests > 0)
    .map(({ base, head }) => ({ base: Math.round(base.tokens / base.requests), head: Math.round(head.tokens / head.requests) }))
  // The permutation test on integer differences: under "no change" each case's difference is as likely ±.
  const tokens = pairedPermutationTest(tokenPairs.map(({ base, head }) => ({ basePassed: base, baseRuns: 1, headPassed: head, headRuns: 1 })))
  return {
    model,
    variant,
    base: baseVariantName,
    pairedCases: pairs.length,
    accuracy: metric(mean(pairs.map(({ base }) => rate(base))), mean(pairs.map(({ head }) => rate(head))), accuracyTest.test, accuracyTest.pValue),
    selection: metric(
      mean(selectionPairs.map(({ base }) => base.selected / base.expected)),
      mean(selectionPairs.map(({ head }) => head.selected / head.expected)),
      'paired-permutation', selection.pValue),
    toolTokensPerRequest: metric(mean(tokenPairs.map((pair) => pair.base)), mean(tokenPairs.map((pair) => pair.head)), 'sign-flip', tokens.pValue),
  }
}
