/**
 * Unbiased pass@k and pass^k estimators for one task with `n` trials of which `c` passed
 * (Chen et al. 2021; τ-bench). Both use the product forms: binomial coefficients overflow past n ≈ 1000,
 * the products stay in [0, 1] at every step.
 */

/** P(at least one of k trials passes) = 1 − C(n−c, k)/C(n, k); NaN when k is not in 1..n. */
export function passAtK(n: number, c: number, k: number): number {
  if (!validTrial(n, c, k)) return Number.NaN
  // Every draw of k trials contains a pass when fewer than k trials failed.
  if (n - c < k) return 1
  let allFail = 1
  for (let i = n - c + 1; i <= n; i++) allFail *= 1 - k / i
  return 1 - allFail
}

/** P(all k trials pass) = C(c, k)/C(n, k); NaN when k is not in 1..n. */
export function passHatK(n: number, c: number, k: number): number {
  if (!validTrial(n, c, k)) return Number.NaN
  if (c < k) return 0
  let allPass = 1
  for (let j = 0; j < k; j++) allPass *= (c - j) / (n - j)
  return allPass
}

function validTrial(n: number, c: number, k: number): boolean {
  return Number.isInteger(n) && Number.isInteger(c) && Number.isInteger(k) && k >= 1 && k <= n && c >= 0 && c <= n
}
