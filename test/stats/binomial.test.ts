import { describe, expect, it } from 'vitest'
import { binomialPmf, signTestPValue } from '../../src/stats/binomial.ts'
import { McNemarPower } from '../../src/stats/power.ts'

// Exact values: sums of C(n, i) over 2^n, and C(n, m)·p^m·(1−p)^(n−m), computed in rational arithmetic.
describe('binomial probabilities (the one log-space computation the sign test and the power figures share)', () => {
  it('the sign test p matches exact binomial tails', () => {
    expect(signTestPValue(0, 10)).toBeCloseTo(2 / 1024, 15)
    expect(signTestPValue(10, 10)).toBeCloseTo(2 / 1024, 15)
    expect(signTestPValue(2, 10)).toBeCloseTo((2 * (1 + 10 + 45)) / 1024, 14)
    expect(signTestPValue(5, 10)).toBe(1)
    expect(signTestPValue(40, 100) / 0.05688793364098079).toBeCloseTo(1, 12)
    expect(signTestPValue(1000, 3000) / 1.0090148627941341e-75).toBeCloseTo(1, 9)
    expect(signTestPValue(0, 0)).toBe(1)
  })

  it('the pmf matches exact values, including p at 0 or 1 and n in the thousands', () => {
    expect(binomialPmf(10, 0.3, 3)).toBeCloseTo(0.266827932, 12)
    expect(binomialPmf(10, 0.5, 0)).toBeCloseTo(1 / 1024, 15)
    expect(binomialPmf(3000, 0.5, 1500) / 0.01456609851579575).toBeCloseTo(1, 10)
    expect([binomialPmf(4, 0, 0), binomialPmf(4, 0, 1), binomialPmf(4, 1, 4), binomialPmf(4, 1, 3)]).toEqual([1, 0, 1, 0])
  })

  it('the exact power sums the same pmf: with 6 cases all broken, power is broken^6', () => {
    expect(new McNemarPower(0.3, 0, 0.05).at(6)).toBeCloseTo(0.3 ** 6, 14)
  })
})
