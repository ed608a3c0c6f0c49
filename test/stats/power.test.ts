import { describe, expect, it } from 'vitest'
import { mcnemarExact } from '../../src/stats/mcnemar.ts'
import { pairedPermutationTest } from '../../src/stats/paired-permutation.ts'
import { normalQuantile } from '../../src/stats/normal-quantile.ts'
import { casesNeeded, discordance, McNemarPower, minimumDetectableDrop, minimumDetectableRateChange } from '../../src/stats/power.ts'

// A seeded generator (mulberry32), so the simulation is the same on every machine.
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The share of simulated comparisons of n cases (independent runs, one per side) that compare would call a significant drop. */
function simulatedPower(n: number, baseline: number, drop: number, alpha: number, runs: number, next: () => number): number {
  let detected = 0
  for (let run = 0; run < runs; run++) {
    let broken = 0
    let fixed = 0
    for (let i = 0; i < n; i++) {
      const before = next() < baseline
      const after = next() < baseline - drop
      if (before && !after) broken++
      if (!before && after) fixed++
    }
    // compare-reports.ts: a drop (more broken than fixed) with the exact McNemar p below alpha.
    if (broken > fixed && mcnemarExact(broken, fixed).pValue < alpha) detected++
  }
  return detected / runs
}

describe('normalQuantile', () => {
  it('inverts the normal distribution to 1e-8 at the points plans use', () => {
    expect(normalQuantile(0.975)).toBeCloseTo(1.959963985, 8)
    expect(normalQuantile(0.8)).toBeCloseTo(0.841621234, 8)
    expect(normalQuantile(0.005)).toBeCloseTo(-2.575829304, 8)
    expect(() => normalQuantile(1)).toThrow(RangeError)
  })
})

describe('plan: cases needed to detect a drop', () => {
  it('matches a simulation of compare’s own test within 2 cases (one run per case)', () => {
    const plan = casesNeeded({ baselineAccuracy: 0.9, drop: 0.3, alpha: 0.05, power: 0.8, repeats: 1 })
    expect(plan.method).toBe('exact')
    const next = random(20261201)
    // The smallest n whose simulated power reaches 80%, searched around the plan's answer.
    let simulated: number | undefined
    for (let n = plan.cases - 6; n <= plan.cases + 6 && simulated === undefined; n++) {
      if (simulatedPower(n, 0.9, 0.3, 0.05, 40_000, next) >= 0.8) simulated = n
    }
    expect(simulated).toBeDefined()
    expect(Math.abs(simulated! - plan.cases)).toBeLessThanOrEqual(2)
  })

  it('with repeats, matches a simulation of the paired permutation test within 2 cases (normal approximation)', () => {
    const plan = casesNeeded({ baselineAccuracy: 0.9, drop: 0.3, alpha: 0.05, power: 0.8, repeats: 3 })
    expect(plan.method).toBe('normal')
    const next = random(7)
    const draw = (p: number) => Array.from({ length: 3 }, () => next() < p).filter(Boolean).length
    let simulated: number | undefined
    for (let n = plan.cases - 6; n <= plan.cases + 6 && simulated === undefined; n++) {
      let detected = 0
      for (let run = 0; run < 4000; run++) {
        const cases = Array.from({ length: n }, () => ({ basePassed: draw(0.9), baseRuns: 3, headPassed: draw(0.6), headRuns: 3 }))
        const test = pairedPermutationTest(cases)
        if (test.meanDifference < 0 && test.pValue < 0.05) detected++
      }
      if (detected / 4000 >= 0.8) simulated = n
    }
    expect(simulated).toBeDefined()
    expect(Math.abs(simulated! - plan.cases)).toBeLessThanOrEqual(2)
  })

  it('exact power agrees with the multinomial it sums (n = 3: every outcome by hand)', () => {
    // With 3 cases the exact two-sided test never reaches p < 0.05 (smallest p = 2·(1/2)^3 = 0.25): power 0.
    const { broken, fixed } = discordance(0.9, 0.5)
    expect(new McNemarPower(broken, fixed, 0.05).at(3)).toBe(0)
    // With 6 cases only "6 broken, 0 fixed" rejects (p = 2/64): power = broken^6.
    expect(new McNemarPower(broken, fixed, 0.05).at(6)).toBeCloseTo(broken ** 6, 12)
  })

  it('needs fewer cases with repeats, more for a smaller drop, and a normal approximation past the exact range', () => {
    const one = casesNeeded({ baselineAccuracy: 0.8, drop: 0.1, alpha: 0.05, power: 0.8, repeats: 1 })
    const five = casesNeeded({ baselineAccuracy: 0.8, drop: 0.1, alpha: 0.05, power: 0.8, repeats: 5 })
    const small = casesNeeded({ baselineAccuracy: 0.8, drop: 0.05, alpha: 0.05, power: 0.8, repeats: 1 })
    expect(five.cases).toBeLessThan(one.cases)
    expect(small.cases).toBeGreaterThan(one.cases)
    expect(five.method).toBe('normal')
    expect(casesNeeded({ baselineAccuracy: 0.7, drop: 0.01, alpha: 0.05, power: 0.8, repeats: 1 }).method).toBe('normal')
  })
})

describe('the smallest detectable change', () => {
  it('shrinks with more cases and grows with the comparison’s noise', () => {
    const few = minimumDetectableDrop(50, 0.1, 0.05, 0.8)!
    const many = minimumDetectableDrop(500, 0.1, 0.05, 0.8)!
    const noisy = minimumDetectableDrop(500, 0.4, 0.05, 0.8)!
    expect(many).toBeLessThan(few)
    expect(noisy).toBeGreaterThan(many)
  })

  it('is what a plan of the same size detects (the two are one formula where noise is the plan’s)', () => {
    const { broken, fixed } = discordance(0.8, 0.1)
    const plan = casesNeeded({ baselineAccuracy: 0.8, drop: 0.1, alpha: 0.05, power: 0.8, repeats: 2 })
    // With the plan's noise (mean square of per-case differences = variance + drop²) the detectable drop at its size is the drop.
    const meanSquare = (0.8 * 0.2 + 0.7 * 0.3) / 2 + 0.01
    expect(minimumDetectableDrop(plan.cases, meanSquare, 0.05, 0.8)).toBeCloseTo(0.1, 2)
    expect(broken - fixed).toBeCloseTo(0.1, 12)
  })

  it('is null when not even a 100-point drop could be detected, and for a rate with no trial', () => {
    expect(minimumDetectableDrop(3, 0, 0.05, 0.8)).toBeNull()
    expect(minimumDetectableRateChange({ successes: 0, trials: 0 }, { successes: 3, trials: 10 }, 0.05, 0.8)).toBeNull()
    // A rate of 0% on both sides still has noise: the detectable change is not 0.
    expect(minimumDetectableRateChange({ successes: 0, trials: 40 }, { successes: 0, trials: 40 }, 0.05, 0.8)).toBeGreaterThan(0)
  })
})
