import { z95 } from './wilson.ts'

/** One case's outcome on both sides: passes out of runs. */
export type PairedRate = {
  readonly basePassed: number
  readonly baseRuns: number
  readonly headPassed: number
  readonly headRuns: number
}

/** Result of the paired permutation test. */
export type PermutationResult = {
  /** Mean over cases of (head pass rate − base pass rate). */
  readonly meanDifference: number
  /** Two-sided p-value. */
  readonly pValue: number
  /** 'exact' from the full sign-flip distribution, 'normal' when that is too large to enumerate. */
  readonly method: 'exact' | 'normal'
}

// Above this many DP cells the normal approximation is used; by then there are hundreds of changed cases
// and the sum of independent sign flips is very close to normal.
const maxExactCells = 50_000_000

/**
 * Paired sign-flip permutation test on per-case pass rates (Fisher–Pitman). Under "no change" the base and
 * head labels of a case are exchangeable, so each per-case difference is as likely positive as negative;
 * the p-value is P(|Σ ±d_i| ≥ |Σ d_i|) over all 2^m sign assignments.
 *
 * Why this test: unlike the sign test it weighs a case going 0/5 → 5/5 more than 4/5 → 5/5; it is exact and
 * deterministic (no Monte Carlo seed, so CI verdicts are reproducible); and with one run per side it reduces to
 * the exact McNemar test. The distribution is computed by dynamic programming over integer sums: differences
 * are rationals with denominator baseRuns·headRuns, scaled to integers by their common multiple.
 */
export function pairedPermutationTest(cases: readonly PairedRate[]): PermutationResult {
  if (cases.length === 0) return { meanDifference: 0, pValue: 1, method: 'exact' }
  const meanDifference = cases.reduce((sum, c) => sum + c.headPassed / c.headRuns - c.basePassed / c.baseRuns, 0) / cases.length
  const scale = cases.reduce((l, c) => lcm(l, c.baseRuns * c.headRuns), 1)
  const weights = cases
    .map((c) => (c.headPassed * c.baseRuns - c.basePassed * c.headRuns) * (scale / (c.baseRuns * c.headRuns)))
    .filter((w) => w !== 0)
  if (weights.length === 0) return { meanDifference, pValue: 1, method: 'exact' }
  const observed = Math.abs(weights.reduce((a, b) => a + b, 0))
  const magnitudes = weights.map(Math.abs)
  const total = magnitudes.reduce((a, b) => a + b, 0)
  if (!Number.isSafeInteger(scale) || (2 * total + 1) * magnitudes.length > maxExactCells) {
    return { meanDifference, pValue: normalPValue(observed, magnitudes), method: 'normal' }
  }
  return { meanDifference, pValue: Math.min(1, exactPValue(observed, magnitudes, total)), method: 'exact' }
}

function exactPValue(observed: number, magnitudes: readonly number[], total: number): number {
  // probability[s + total] = P(Σ ±w = s) over the weights seen so far.
  let probability = new Float64Array(2 * total + 1)
  probability[total] = 1
  for (const w of magnitudes) {
    const next = new Float64Array(2 * total + 1)
    for (let s = 0; s < probability.length; s++) {
      const p = probability[s]!
      if (p === 0) continue
      next[s - w] = next[s - w]! + p / 2
      next[s + w] = next[s + w]! + p / 2
    }
    probability = next
  }
  let tail = 0
  for (let s = 0; s < probability.length; s++) if (Math.abs(s - total) >= observed) tail += probability[s]!
  return tail
}

function normalPValue(observed: number, magnitudes: readonly number[]): number {
  const sd = Math.sqrt(magnitudes.reduce((sum, w) => sum + w * w, 0))
  return Math.min(1, 2 * (1 - normalCdf(observed / sd)))
}

/** Standard normal CDF (Abramowitz–Stegun 7.1.26 erf, error < 1.5e-7: ample for a p-value). */
function normalCdf(x: number): number {
  const t = 1 / (1 + (0.3275911 * Math.abs(x)) / Math.SQRT2)
  const poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
  const erf = 1 - poly * Math.exp(-(x * x) / 2)
  return x >= 0 ? (1 + erf) / 2 : (1 - erf) / 2
}

/** Half-width of a 95% normal interval on the mean of per-case differences (for the compare delta). */
export function meanDifferenceHalfWidth(cases: readonly PairedRate[]): number {
  const m = cases.length
  if (m < 2) return Number.NaN
  const d = cases.map((c) => c.headPassed / c.headRuns - c.basePassed / c.baseRuns)
  const mean = d.reduce((a, b) => a + b, 0) / m
  const variance = d.reduce((sum, x) => sum + (x - mean) ** 2, 0) / (m - 1)
  return z95 * Math.sqrt(variance / m)
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b)
}

function lcm(a: number, b: number): number {
  return (a / gcd(a, b)) * b
}
