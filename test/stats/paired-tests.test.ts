import { describe, expect, it } from 'vitest'
import { mcnemarExact } from '../../src/stats/mcnemar.ts'
import { signTestPValue } from '../../src/stats/binomial.ts'
import { pairedPermutationTest, type PairedRate } from '../../src/stats/paired-permutation.ts'

const single = (base: 0 | 1, head: 0 | 1): PairedRate => ({ basePassed: base, baseRuns: 1, headPassed: head, headRuns: 1 })
const rate = (basePassed: number, headPassed: number, runs = 2): PairedRate => ({ basePassed, baseRuns: runs, headPassed, headRuns: runs })

describe('exact McNemar', () => {
  it('matches hand-computed two-sided binomial tails', () => {
    // b=1, c=9: 2·(C(10,0) + C(10,1))/2^10 = 22/1024
    expect(mcnemarExact(1, 9).pValue).toBeCloseTo(22 / 1024, 12)
    // b=6, c=0: 2/2^6
    expect(mcnemarExact(6, 0).pValue).toBeCloseTo(2 / 64, 12)
  })
  it('is 1 for one discordant pair or none', () => {
    expect(mcnemarExact(1, 0).pValue).toBe(1)
    expect(mcnemarExact(0, 0).pValue).toBe(1)
  })
  it('does not underflow for large n', () => {
    expect(signTestPValue(1500, 3000)).toBeGreaterThan(0.95)
    expect(signTestPValue(1000, 3000)).toBeLessThan(1e-70)
  })
})

describe('paired sign-flip permutation test on per-case pass rates', () => {
  it('reduces to exact McNemar with one run per side', () => {
    const cases = [...Array(9).fill(single(0, 1)), single(1, 0), ...Array(10).fill(single(1, 1))]
    const result = pairedPermutationTest(cases)
    expect(result.pValue).toBeCloseTo(22 / 1024, 12)
    expect(result.meanDifference).toBeCloseTo(8 / 20, 12)
    expect(result.method).toBe('exact')
  })
  it('matches hand-enumerated sign flips with repeats', () => {
    // differences 1, 0.5, −0.5 → sums of ±1 ±0.5 ±0.5 ∈ {2, 1, 1, 0, 0, −1, −1, −2}; observed |1| → 6/8
    expect(pairedPermutationTest([rate(0, 2), rate(1, 2), rate(2, 1)]).pValue).toBeCloseTo(0.75, 12)
    // differences 1, 1, 0 → sums {2, 0, 0, −2}; observed 2 → 2/4
    expect(pairedPermutationTest([rate(0, 2), rate(0, 2), rate(1, 1)]).pValue).toBeCloseTo(0.5, 12)
  })
  it('handles different run counts per side', () => {
    // 0/2 → 3/3 and 1/3 → 1/2: differences 1 and 1/6 on a common grid of sixths: {7, 5, −5, −7}/6 → 2/4
    const result = pairedPermutationTest([
      { basePassed: 0, baseRuns: 2, headPassed: 3, headRuns: 3 },
      { basePassed: 1, baseRuns: 3, headPassed: 1, headRuns: 2 },
    ])
    expect(result.pValue).toBeCloseTo(0.5, 12)
  })
  it('is 1 when nothing changed', () => {
    expect(pairedPermutationTest([rate(1, 1), rate(2, 2)]).pValue).toBe(1)
    expect(pairedPermutationTest([]).pValue).toBe(1)
  })
})
