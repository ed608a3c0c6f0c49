/**
 * Exact two-sided binomial test of `x` successes in `n` trials against p = 1/2 (the sign test):
 * p = min(1, 2·P(X ≤ min(x, n−x))). Computed in log space so n in the thousands does not underflow.
 */
export function signTestPValue(x: number, n: number): number {
  if (n <= 0) return 1
  const tail = Math.min(x, n - x)
  let sum = 0
  for (let i = 0; i <= tail; i++) sum += binomialPmf(n, 0.5, i)
  return Math.min(1, 2 * sum)
}

/** P(X = m) for X ~ Binomial(n, p), in log space so n in the thousands does not underflow. */
export function binomialPmf(n: number, p: number, m: number): number {
  if (p <= 0) return m === 0 ? 1 : 0
  if (p >= 1) return m === n ? 1 : 0
  return Math.exp(logChoose(n, m) + m * Math.log(p) + (n - m) * Math.log(1 - p))
}

// log(i!) for every i met so far: the sign test and the power sums ask for the same n again and again.
const logFactorials: number[] = [0]

function logChoose(n: number, k: number): number {
  for (let i = logFactorials.length; i <= n; i++) logFactorials.push(logFactorials[i - 1]! + Math.log(i))
  return logFactorials[n]! - logFactorials[k]! - logFactorials[n - k]!
}
