import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import { compareModel, type ModelComparison } from './compare-model.ts'
import { pairModels, sharedVariants } from './pair-models.ts'
import type { ToolTokenChanges } from './tool-token-changes.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { runStops } from '../report/run-stops.ts'

/** When a drop counts as a regression. */
export type RegressionPolicy = {
  /** Significance level of the paired test. @default 0.05 */
  readonly alpha: number
  /** A drop larger than this many percentage points is a regression even when not significant. */
  readonly maxDropPoints?: number
}

/** A model comparison with its regression verdict. */
export type JudgedComparison = ModelComparison & {
  readonly regression: boolean
  /**
   * No regression found, but the paired cases could not have detected a drop of `--max-drop` points at 80% power
   * (accuracy's `detectable` is larger): "no regression" would be a claim the run cannot back.
   */
  readonly inconclusive: boolean
  /** Why it is (or is not) a regression, one line. */
  readonly reason: string
}

/** The comparison of two reports. */
export type Comparison = {
  readonly models: readonly JudgedComparison[]
  /** True when any model pair regressed. */
  readonly regression: boolean
  /** True when no pair regressed and some pair was inconclusive. */
  readonly inconclusive: boolean
  readonly policy: RegressionPolicy
  /** Things the reader must know, such as fewer than half the cases pairing (a renamed suite, changed ids). */
  readonly warnings: readonly string[]
  /** Tool definitions whose token cost changed, per model pair (`toolTokenChanges`, added by the CLI: it counts tokens). */
  readonly toolTokens?: readonly ToolTokenChanges[]
}

/** Compares every paired model of two reports and judges each for a regression. */
export function compareReports(base: Report, head: Report, policy: RegressionPolicy, files = { base: 'base', head: 'head' }): Comparison {
  const pairs = pairModels(base, head)
  if (pairs.length === 0) {
    const names = (r: Report) => [...new Set(r.results.map((x) => x.model))].join(', ') || 'none'
    throw new InputError(`no model to compare: base has ${names(base)}, head has ${names(head)} (a single model on each side is paired whatever its name)`, { file: files.head })
  }
  // Runs with tool-description variants are compared variant by variant (variants are different tool sets, not repeats).
  const variants = sharedVariants(base, head)
  const named = (model: string, variant: string | undefined) => summaryLabel({ model, variant })
  const models = pairs.flatMap(({ base: b, head: h }) => (variants.length > 0 ? variants : [undefined]).map((v) => judge(compareModel(
    named(b, v), named(h, v), base.results.filter((r) => r.model === b && r.variant === v), head.results.filter((r) => r.model === h && r.variant === v),
    policy.alpha,
  ), policy)))
  // A comparison of nothing must not pass: no shared case means the reports do not describe the same suites.
  if (models.every((m) => m.pairedCases === 0)) {
    // A side whose every result errored has no verdict to pair: that, not a rename, is why nothing compares.
    const allErrored = (side: 'base' | 'head') => models.every((m) => m[side === 'base' ? 'onlyInBase' : 'onlyInHead'].length === 0 && m.errored[side] > 0)
    const sides = (['base', 'head'] as const).filter(allErrored)
    if (sides.length > 0) {
      const counts = sides.map((side) => `${side}: ${models.reduce((sum, m) => sum + m.errored[side], 0)} errored`).join(', ')
      const which = sides.length === 2 ? 'both reports\' results all errored' : `the ${sides[0]} report's results all errored`
      throw new InputError(`${which} (${counts}): an errored result has no verdict, so nothing can be compared`, { file: files[sides[0]!] })
    }
    const counts = models.map((m) => `${pairLabel(m)}: base ${m.onlyInBase.length} case(s), head ${m.onlyInHead.length} case(s)`).join('; ')
    throw new InputError(`the reports share no case to compare (${counts}); were suites or case ids renamed?`, { file: files.head })
  }
  const warnings: string[] = models.flatMap((m) => {
    const all = m.pairedCases + m.onlyInBase.length + m.onlyInHead.length
    return m.pairedCases < all / 2
      ? [`${pairLabel(m)}: only ${m.pairedCases} of ${all} cases pair (${m.onlyInBase.length} only in base, ${m.onlyInHead.length} only in head); regressions are judged on the paired cases only`]
      : []
  })
  // A cut or interrupted run's missing case runs have no verdict, like errored ones: in no pair, and said, as merge says it.
  for (const side of ['base', 'head'] as const) {
    for (const stop of runStops((side === 'base' ? base : head).run)) {
      const missing = stop.notRun === undefined ? 'some case runs have' : `${stop.notRun} case run(s) have`
      warnings.push(`the ${side} report (${files[side]}) is partial, ${stop.kind === 'cut' ? 'cut' : 'stopped'} by ${stop.by}: ${missing} no result, in no pair — regressions are judged without them`)
    }
  }
  const regression = models.some((m) => m.regression)
  return { models, regression, inconclusive: !regression && models.some((m) => m.inconclusive), policy, warnings }
}

/** A compared pair as people read it: `model`, or `base → head` when the names differ. */
export function pairLabel(m: Pick<ModelComparison, 'baseModel' | 'headModel'>): string {
  return m.baseModel === m.headModel ? m.baseModel : `${m.baseModel} → ${m.headModel}`
}

function judge(comparison: ModelComparison, policy: RegressionPolicy): JudgedComparison {
  const drop = -comparison.deltaPoints
  const p = comparison.test.pValue
  // A drop must be real (significant) or big (over the budget); an improvement or no change never fails.
  const significant = drop > 0 && p < policy.alpha
  const tooLarge = policy.maxDropPoints !== undefined && drop > policy.maxDropPoints
  const reason = significant
    ? `accuracy dropped ${drop.toFixed(1)} points, significant (p = ${formatP(p)} < ${policy.alpha})`
    : tooLarge
      ? `accuracy dropped ${drop.toFixed(1)} points, more than --max-drop ${policy.maxDropPoints}`
      : drop > 0
        ? `accuracy dropped ${drop.toFixed(1)} points, not significant (p = ${formatP(p)} ≥ ${policy.alpha})${policy.maxDropPoints !== undefined ? ` and within --max-drop ${policy.maxDropPoints}` : unboundedDrop}`
        : drop < 0 ? `accuracy rose ${(-drop).toFixed(1)} points (p = ${formatP(p)})` : 'accuracy unchanged'
  const regression = significant || tooLarge
  const detectable = comparison.metrics[0]?.detectable
  const detectablePoints = detectable === null || detectable === undefined ? Number.POSITIVE_INFINITY : detectable * 100
  const inconclusive = !regression && policy.maxDropPoints !== undefined && detectablePoints > policy.maxDropPoints
  if (!inconclusive) return { ...comparison, regression, inconclusive, reason }
  const could = Number.isFinite(detectablePoints) ? `could detect only a drop of ${detectablePoints.toFixed(1)} points` : 'could not detect even a 100-point drop'
  return { ...comparison, regression, inconclusive, reason: `${reason}, but ${comparison.pairedCases} paired case(s) ${could} at 80% power, more than --max-drop ${policy.maxDropPoints}` }
}

// Without --max-drop only a significant drop is a regression: a few cases never are, whatever broke; the verdict
// line says so, or a newcomer reads "ok" over a suite that broke from end to end.
const unboundedDrop = ', so no regression: without --max-drop <points> only a significant drop is one'

/** A p-value for humans: 3 significant digits, `< 0.0001` below that. */
export function formatP(p: number): string {
  return p < 0.0001 ? '< 0.0001' : String(Number(p.toPrecision(3)))
}
