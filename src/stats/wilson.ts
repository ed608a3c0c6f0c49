/** The two-sided 97.5% normal quantile: a 95% interval. */
export const z95 = 1.959963984540054

/**
 * Wilson score interval for a binomial proportion. Chosen over the Wald interval because it stays inside
 * [0, 1] and keeps its coverage at 0/n, n/n and small n, which is where eval suites live.
 * With no trials nothing is known: the vacuous interval [0, 1].
 */
export function wilsonInterval(successes: number, trials: number, z = z95): [number, number] {
  if (trials <= 0) return [0, 1]
  const p = successes / trials
  const z2 = z * z
  const denominator = 1 + z2 / trials
  const center = (p + z2 / (2 * trials)) / denominator
  const half = (z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) / denominator
  // At 0/n and n/n the bound is exactly 0 or 1; rounding would leave it a few ulps away.
  return [successes <= 0 ? 0 : Math.max(0, center - half), successes >= trials ? 1 : Math.min(1, center + half)]
}
