import type { CaseResult } from '../core/result.ts'
import { isErroredResult } from '../core/verdict.ts'
import { caseKey } from '../core/case-key.ts'
import { tallyCases } from '../stats/case-tally.ts'
import { mcnemarExact } from '../stats/mcnemar.ts'
import { pairedDifferenceInterval, unpairedDifferenceInterval } from '../stats/paired-interval.ts'
import { meanDifferenceHalfWidth, pairedPermutationTest, type PairedRate } from '../stats/paired-permutation.ts'
import { minimumDetectableDrop, minimumDetectableRateChange } from '../stats/power.ts'
import { RateTally, rateOf, type CallCounts, type ConversationCounts, type RateCount } from '../report/rate-counts.ts'

/** One case on both sides: passes of runs. */
export type CaseChange = {
  readonly suite: string
  readonly case: string
  readonly base: { readonly passed: number; readonly runs: number }
  readonly head: { readonly passed: number; readonly runs: number }
}

/**
 * A metric on both sides with the head − base difference and its 95% interval. A side with nothing to measure (no
 * paired case; no call for a call-level rate) is null, and so are the difference and the interval: "100% → 100%"
 * over zero calls would be a claim the runs never made.
 */
export type MetricDelta = {
  readonly name: string
  readonly base: number | null
  readonly head: number | null
  readonly delta: number | null
  readonly interval: readonly [number, number] | null
  /** True for rates where lower is better (hallucinations, schema violations). */
  readonly lowerIsBetter: boolean
  /**
   * The smallest change (fraction) these paired cases could have detected at 80% power and the comparison's
   * alpha (`stats/power.ts`); null when nothing was measured or not even a 100-point change was detectable.
   */
  readonly detectable: number | null
}

/** The power at which compare states the smallest detectable change. */
const detectionPower = 0.8

/** The paired significance test that was applied. */
export type PairedTest =
  | { readonly name: 'mcnemar'; readonly pValue: number; readonly broken: number; readonly fixed: number }
  | { readonly name: 'paired-permutation'; readonly pValue: number; readonly method: 'exact' | 'normal' }

/** The comparison of one model pair over the cases both reports ran. */
export type ModelComparison = {
  readonly baseModel: string
  readonly headModel: string
  /** Cases (suite + case) present on both sides. */
  readonly pairedCases: number
  /** Case ids only one side ran (or only errored on the other): not in any statistic. */
  readonly onlyInBase: readonly string[]
  readonly onlyInHead: readonly string[]
  /** Errored results (provider_error, harness_error) per side: no verdict, so in no pair. */
  readonly errored: { readonly base: number; readonly head: number }
  /** Cases whose pass rate went down / up (with one run per side: pass → fail / fail → pass). */
  readonly broken: readonly CaseChange[]
  readonly fixed: readonly CaseChange[]
  /**
   * Accuracy first (paired interval), then the call-level rates (unpaired intervals), then — when either side had
   * conversations — turns, tasks, stateMatch and repeatedCalls (unpaired intervals).
   */
  readonly metrics: readonly MetricDelta[]
  readonly test: PairedTest
  /** Accuracy change in percentage points (mean of per-case pass-rate changes × 100); negative is a drop. */
  readonly deltaPoints: number
}

/**
 * Compares one model's base and head results, paired by suite + case. With one run per case on both sides the
 * outcomes are paired pass/fail and the test is exact McNemar. With repeats, repeat indices are not paired
 * (repeats are exchangeable draws; repeat 2 of base has nothing in common with repeat 2 of head): each case
 * contributes its pass rate per side and the test is the paired permutation test on those rates. Errored results
 * are no verdict on the model and are left out before pairing.
 */
export function compareModel(baseModel: string, headModel: string, baseAll: readonly CaseResult[], headAll: readonly CaseResult[], alpha = 0.05): ModelComparison {
  const baseResults = baseAll.filter((r) => !isErroredResult(r))
  const headResults = headAll.filter((r) => !isErroredResult(r))
  const base = new Map(tallyCases(baseResults).map((t) => [caseKey(t), t]))
  const head = new Map(tallyCases(headResults).map((t) => [caseKey(t), t]))
  const changes: CaseChange[] = [...base.values()].flatMap((b) => {
    const h = head.get(caseKey(b))
    return h ? [{ suite: b.suite, case: b.case, base: { passed: b.passed, runs: b.runs }, head: { passed: h.passed, runs: h.runs } }] : []
  })
  const pairedKeys = new Set(changes.map(caseKey))
  const singleRun = changes.every((c) => c.base.runs === 1 && c.head.runs === 1)
  const rates = changes.map((c) => ({ basePassed: c.base.passed, baseRuns: c.base.runs, headPassed: c.head.passed, headRuns: c.head.runs }))
  const permutation = pairedPermutationTest(rates)
  const broken = changes.filter((c) => rate(c.head) < rate(c.base)).sort((a, b) => rate(a.head) - rate(a.base) - (rate(b.head) - rate(b.base)))
  const fixed = changes.filter((c) => rate(c.head) > rate(c.base)).sort((a, b) => rate(b.head) - rate(b.base) - (rate(a.head) - rate(a.base)))
  const test: PairedTest = singleRun
    ? { name: 'mcnemar', ...mcnemarExact(broken.length, fixed.length) }
    : { name: 'paired-permutation', pValue: permutation.pValue, method: permutation.method }
  // The summary's own counts over the paired cases' results (report/rate-counts.ts), so compare reads the same rates.
  const pairedRates = (results: readonly CaseResult[]) => {
    const tally = new RateTally()
    for (const r of results) if (pairedKeys.has(caseKey(r))) tally.add(r.metrics)
    return tally
  }
  const [baseRates, headRates] = [pairedRates(baseResults), pairedRates(headResults)]
  const [baseTalks, headTalks] = [baseRates.conversationCounts(), headRates.conversationCounts()]
  // The conversation rates only when either side measured a conversation (a single-request comparison reads as before).
  const talked = [baseTalks, headTalks].some((counts) => counts.turns.trials + counts.tasks.trials > 0)
  return {
    baseModel,
    headModel,
    pairedCases: changes.length,
    onlyInBase: [...base.values()].filter((t) => !head.has(caseKey(t))).map(caseId),
    onlyInHead: [...head.values()].filter((t) => !base.has(caseKey(t))).map(caseId),
    errored: { base: baseAll.length - baseResults.length, head: headAll.length - headResults.length },
    broken,
    fixed,
    metrics: [
      accuracyDelta(changes, rates, singleRun, alpha),
      ...rateDeltas(baseRates.callCounts(), headRates.callCounts(), lowerIsBetter, alpha),
      ...(talked ? rateDeltas(baseTalks, headTalks, conversationLowerIsBetter, alpha) : []),
    ],
    test,
    deltaPoints: permutation.meanDifference * 100,
  }
}

/** `suite/case`, the id printed in listings. */
export function caseId(c: { readonly suite: string; readonly case: string }): string {
  return `${c.suite}/${c.case}`
}

function accuracyDelta(changes: readonly CaseChange[], rates: readonly PairedRate[], singleRun: boolean, alpha: number): MetricDelta {
  // Accuracy as the mean per-case pass rate: with equal repeat counts this is passed / runs, and it is the quantity
  // the paired test is about (a case run 10 times does not weigh 10× a case run once).
  const m = changes.length
  if (m === 0) return { name: 'accuracy', base: null, head: null, delta: null, interval: null, lowerIsBetter: false, detectable: null }
  const base = changes.reduce((s, c) => s + rate(c.base), 0) / m
  const head = changes.reduce((s, c) => s + rate(c.head), 0) / m
  const delta = head - base
  let interval: readonly [number, number]
  if (singleRun) {
    const count = (b: number, h: number) => changes.filter((c) => c.base.passed === b && c.head.passed === h).length
    interval = pairedDifferenceInterval({ bothPassed: count(1, 1), broken: count(1, 0), fixed: count(0, 1), bothFailed: count(0, 0) })
  } else {
    const half = meanDifferenceHalfWidth(rates)
    interval = Number.isNaN(half) ? [-1, 1] : [Math.max(-1, delta - half), Math.min(1, delta + half)]
  }
  // The pairing's own noise: the mean squared per-case difference (with one run per side, the discordant share).
  const meanSquare = changes.reduce((s, c) => s + (rate(c.head) - rate(c.base)) ** 2, 0) / m
  return { name: 'accuracy', base, head, delta, interval, lowerIsBetter: false, detectable: minimumDetectableDrop(m, meanSquare, alpha, detectionPower) }
}

/** The call-level rates, and whether lower is better for each. */
const lowerIsBetter: Record<keyof CallCounts, boolean> = {
  selectionAccuracy: false, argumentAccuracy: false, hallucinatedToolRate: true, hallucinatedParamRate: true, schemaViolationRate: true,
}

/** The conversation rates, and whether lower is better for each. */
const conversationLowerIsBetter: Record<keyof ConversationCounts, boolean> = { turns: false, tasks: false, stateMatch: false, repeatedCalls: true }

function rateDeltas<K extends string>(base: Record<K, RateCount>, head: Record<K, RateCount>, lowerIsBetter: Record<K, boolean>, alpha: number): MetricDelta[] {
  return (Object.keys(lowerIsBetter) as K[]).map((name) => {
    const b = base[name]
    const h = head[name]
    const baseValue = rateOf(b)
    const headValue = rateOf(h)
    const measured = baseValue !== null && headValue !== null
    return {
      name,
      base: baseValue,
      head: headValue,
      delta: measured ? headValue - baseValue : null,
      interval: measured ? unpairedDifferenceInterval(b.successes, b.trials, h.successes, h.trials) : null,
      lowerIsBetter: lowerIsBetter[name],
      detectable: minimumDetectableRateChange(b, h, alpha, detectionPower),
    }
  })
}

function rate(side: { readonly passed: number; readonly runs: number }): number {
  return side.passed / side.runs
}

