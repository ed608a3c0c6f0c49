import { binomialPmf } from './binomial.ts'
import { normalQuantile } from './normal-quantile.ts'

// Sizing a comparison before paying for it (`toolgauge plan`), and saying afterwards what a comparison could have
// seen (`compare`'s "detectable" figures and its `inconclusive` verdict). `compare` calls a drop a regression when
// the paired test is significant (exact McNemar with one run per case, the paired permutation test with
// repeats); the power figures here are for exactly those tests, at the same alpha.

/** What a plan assumes: each case × run passes independently, with the base accuracy before and base − drop after. */
export type PlanInput = {
  readonly baselineAccuracy: number
  /** The drop to detect, as a fraction (0.05 = 5 points). */
  readonly drop: number
  readonly alpha: number
  readonly power: number
  readonly repeats: number
}

/** Cases needed for one repeat count, and how the figure was obtained. */
export type PlanRow = {
  readonly repeats: number
  readonly cases: number
  /** `exact`: the exact McNemar test's power summed over every outcome; `normal`: a normal approximation of the paired permutation test. */
  readonly method: 'exact' | 'normal'
}

// Beyond this many cases the exact sum (quadratic in the cases) gives way to the normal approximation: by then the
// discrete test and its normal approximation agree to well under a case in a thousand.
const maxExactCases = 6_000

/**
 * The paired outcome probabilities of one case under the plan's model (independent runs): broken (passed before,
 * failed after) and fixed. A drop of d from p gives p10 − p01 = d.
 */
export function discordance(baselineAccuracy: number, drop: number): { readonly broken: number; readonly fixed: number } {
  const after = baselineAccuracy - drop
  return { broken: baselineAccuracy * (1 - after), fixed: (1 - baselineAccuracy) * after }
}

/**
 * Exact power of compare's one-run test: the probability that n paired cases give more broken than fixed cases
 * and an exact two-sided McNemar p below alpha, when each case is broken with probability `broken` and fixed with
 * `fixed`. Sums the multinomial over every (broken, fixed) outcome: O(n²) the first time, O(n) per n afterwards.
 */
export class McNemarPower {
  private readonly psi: number
  private readonly share: number
  /** tail[m]: P(the m discordant cases include enough broken ones to reject). */
  private readonly tail: number[] = []

  constructor(broken: number, fixed: number, private readonly alpha: number) {
    this.psi = broken + fixed
    this.share = this.psi === 0 ? 0 : broken / this.psi
  }

  /** The power with n paired cases. */
  at(n: number): number {
    while (this.tail.length <= n) this.tail.push(this.rejectingTail(this.tail.length))
    let power = 0
    for (let m = 0; m <= n; m++) power += binomialPmf(n, this.psi, m) * this.tail[m]!
    return Math.min(1, power)
  }

  private rejectingTail(m: number): number {
    // The smallest broken count b > m/2 with 2·P(X ≤ m − b) < alpha under Binomial(m, ½) (compare's exact test).
    let cdf = 0
    let reject = -1
    for (let j = 0; 2 * j < m; j++) {
      cdf += binomialPmf(m, 0.5, j)
      if (2 * cdf < this.alpha) reject = j
      else break
    }
    if (reject < 0) return 0
    const minBroken = m - reject
    let tail = 0
    for (let b = minBroken; b <= m; b++) tail += binomialPmf(m, this.share, b)
    return tail
  }
}

/** Cases needed to detect the drop with the given repeats per case on both sides. */
export function casesNeeded(input: PlanInput): PlanRow {
  const approximate = normalCases(input)
  if (input.repeats > 1 || approximate > maxExactCases) return { repeats: input.repeats, cases: approximate, method: 'normal' }
  const { broken, fixed } = discordance(input.baselineAccuracy, input.drop)
  const power = new McNemarPower(broken, fixed, input.alpha)
  // The exact test is conservative (discrete): the answer lies at or above a little under the normal figure.
  for (let n = Math.max(1, Math.floor(approximate * 0.7)); ; n++) {
    if (power.at(n) >= input.power) return { repeats: 1, cases: n, method: 'exact' }
  }
}

/**
 * The normal approximation for n cases × k repeats: the per-case difference of pass rates has mean −d and variance
 * V = (p(1−p) + q(1−q)) / k, and under "no change" the sign-flip test sees its mean square V + d² (Connor's
 * formula for McNemar when k = 1).
 */
function normalCases(input: PlanInput): number {
  const { baselineAccuracy: p, drop: d, repeats: k } = input
  const q = p - d
  const variance = (p * (1 - p) + q * (1 - q)) / k
  const za = normalQuantile(1 - input.alpha / 2)
  const zb = normalQuantile(input.power)
  return Math.max(1, Math.ceil(((za * Math.sqrt(variance + d * d) + zb * Math.sqrt(variance)) / d) ** 2))
}

/**
 * The smallest accuracy drop (fraction) that n paired cases could have detected at the given power, with the
 * comparison's own noise: `meanSquare` is the mean over cases of the squared per-case difference of pass rates
 * (with one run per side, the share of discordant cases). A drop of δ needs at least δ of discordance, so the
 * noise taken is max(meanSquare, δ). Null when not even a 100-point drop could be detected.
 */
export function minimumDetectableDrop(n: number, meanSquare: number, alpha: number, power: number): number | null {
  if (n <= 0) return null
  const za = normalQuantile(1 - alpha / 2)
  const zb = normalQuantile(power)
  const shortfall = (delta: number) => {
    const psi = Math.max(meanSquare, delta)
    return Math.sqrt(n) * delta - za * Math.sqrt(psi) - zb * Math.sqrt(Math.max(0, psi - delta * delta))
  }
  if (shortfall(1) < 0) return null
  let low = 0
  let high = 1
  for (let i = 0; i < 60; i++) {
    const mid = (low + high) / 2
    if (shortfall(mid) >= 0) high = mid
    else low = mid
  }
  return high
}

/**
 * The smallest change of a call-level rate (unpaired: calls differ between runs) detectable at the given power:
 * the two-proportion normal test with the pooled rate shrunk by Agresti–Caffo's +2/+4, so a rate of 0% or 100%
 * still has noise. Null when a side has no trial.
 */
export function minimumDetectableRateChange(base: { readonly successes: number; readonly trials: number }, head: { readonly successes: number; readonly trials: number }, alpha: number, power: number): number | null {
  if (base.trials === 0 || head.trials === 0) return null
  const pooled = (base.successes + head.successes + 2) / (base.trials + head.trials + 4)
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power)
  return Math.min(1, z * Math.sqrt(pooled * (1 - pooled) * (1 / base.trials + 1 / head.trials)))
}
