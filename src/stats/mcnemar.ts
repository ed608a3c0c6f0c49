import { signTestPValue } from './binomial.ts'

/** Result of an exact McNemar test. */
export type McNemarResult = {
  /** Pairs that passed in base and failed in head. */
  readonly broken: number
  /** Pairs that failed in base and passed in head. */
  readonly fixed: number
  /** Two-sided exact p-value. */
  readonly pValue: number
}

/**
 * Exact McNemar test on paired pass/fail outcomes: only discordant pairs carry information, and under
 * "no change" each is equally likely to be broken or fixed, so the count is Binomial(b + c, 1/2).
 * The exact form (not the χ² approximation) because CI diffs usually have a handful of discordant pairs.
 */
export function mcnemarExact(broken: number, fixed: number): McNemarResult {
  return { broken, fixed, pValue: signTestPValue(broken, broken + fixed) }
}
