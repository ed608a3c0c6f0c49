/**
 * Exact two-sided binomial test of `x` successes in `n` trials against p = 1/2 (the sign test):
 * p = min(1, 2·P(X ≤ min(x, n−x))). Computed in log space so n in the thousands does not underflow.
 */
export function signTestPValue(x: number, n: number): number {
  if (n <= 0) return 1
  const tail = Math.min(x, n - x)
  let logChoose = 0
  let sum = 0
  const logHalfPower = -n * Math.LN2
  for (let i = 0; i <= tail; i++) {
    if (i > 0) logChoose += Math.log(n - i + 1) - Math.log(i)
    sum += Math.exp(logChoose + logHalfPower)
  }
  return Math.min(1, 2 * sum)
}
