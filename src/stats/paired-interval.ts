import { wilsonInterval } from './wilson.ts'

/** Counts of a 2×2 paired pass/fail table (base × head). */
export type PairedTable = {
  readonly bothPassed: number
  /** Passed in base, failed in head. */
  readonly broken: number
  /** Failed in base, passed in head. */
  readonly fixed: number
  readonly bothFailed: number
}

/**
 * 95% interval for the paired difference head − base of two proportions: Newcombe's hybrid score method
 * (Newcombe 1998, method 10). It combines the two Wilson intervals with the pairs' correlation, so it stays
 * sensible with few discordant pairs, where the Wald interval collapses to zero width.
 */
export function pairedDifferenceInterval(table: PairedTable): [number, number] {
  const { bothPassed: a, broken: b, fixed: c, bothFailed: d } = table
  const n = a + b + c + d
  if (n === 0) return [-1, 1]
  const base = (a + b) / n
  const head = (a + c) / n
  const [baseLow, baseHigh] = wilsonInterval(a + b, n)
  const [headLow, headHigh] = wilsonInterval(a + c, n)
  const marginals = (a + b) * (c + d) * (a + c) * (b + d)
  const phi = marginals === 0 ? 0 : (a * d - b * c) / Math.sqrt(marginals)
  const delta = head - base
  const lower = delta - Math.sqrt(Math.max(0, (head - headLow) ** 2 - 2 * phi * (head - headLow) * (baseHigh - base) + (baseHigh - base) ** 2))
  const upper = delta + Math.sqrt(Math.max(0, (headHigh - head) ** 2 - 2 * phi * (headHigh - head) * (base - baseLow) + (base - baseLow) ** 2))
  return [Math.max(-1, lower), Math.min(1, upper)]
}

/**
 * 95% interval for head − base of two independent proportions (Newcombe 1998, method 10 for unpaired data).
 * Used for call-level rates, whose denominators (calls) differ between runs and so cannot be paired.
 * An empty side gives the vacuous [−1, 1].
 */
export function unpairedDifferenceInterval(baseSuccesses: number, baseTrials: number, headSuccesses: number, headTrials: number): [number, number] {
  if (baseTrials <= 0 || headTrials <= 0) return [-1, 1]
  const base = baseSuccesses / baseTrials
  const head = headSuccesses / headTrials
  const [baseLow, baseHigh] = wilsonInterval(baseSuccesses, baseTrials)
  const [headLow, headHigh] = wilsonInterval(headSuccesses, headTrials)
  const delta = head - base
  return [
    Math.max(-1, delta - Math.sqrt((head - headLow) ** 2 + (baseHigh - base) ** 2)),
    Math.min(1, delta + Math.sqrt((headHigh - head) ** 2 + (base - baseLow) ** 2)),
  ]
}
