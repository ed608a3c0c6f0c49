import { describe, expect, it } from 'vitest'
import { passAtK, passHatK } from '../../src/stats/pass-at-k.ts'

describe('pass@k (unbiased, 1 − C(n−c,k)/C(n,k))', () => {
  it('matches hand-computed values', () => {
    // n=5, c=2, k=2: 1 − C(3,2)/C(5,2) = 1 − 3/10
    expect(passAtK(5, 2, 2)).toBeCloseTo(0.7, 12)
    // n=10, c=3, k=3: 1 − C(7,3)/C(10,3) = 1 − 35/120
    expect(passAtK(10, 3, 3)).toBeCloseTo(1 - 35 / 120, 12)
  })
  it('is the pass rate at k = 1', () => {
    expect(passAtK(7, 3, 1)).toBeCloseTo(3 / 7, 12)
  })
  it('is 1 when fewer than k trials failed, 0 when nothing passed', () => {
    expect(passAtK(5, 2, 4)).toBe(1)
    expect(passAtK(5, 0, 3)).toBe(0)
  })
  it('is NaN outside 1 ≤ k ≤ n', () => {
    expect(passAtK(3, 1, 0)).toBeNaN()
    expect(passAtK(3, 1, 4)).toBeNaN()
  })
  it('stays finite where binomial coefficients overflow', () => {
    const value = passAtK(2000, 3, 500)
    // 1 − Π_{i=1998}^{2000} (1 − 500/i) ≈ 1 − 0.75³
    expect(value).toBeCloseTo(1 - 0.75 ** 3, 3)
  })
})

describe('pass^k (unbiased, C(c,k)/C(n,k))', () => {
  it('matches hand-computed values', () => {
    // n=5, c=2, k=2: C(2,2)/C(5,2) = 1/10
    expect(passHatK(5, 2, 2)).toBeCloseTo(0.1, 12)
    // n=10, c=7, k=3: C(7,3)/C(10,3) = 35/120
    expect(passHatK(10, 7, 3)).toBeCloseTo(35 / 120, 12)
  })
  it('is 0 when fewer than k trials passed, 1 when all did', () => {
    expect(passHatK(5, 2, 3)).toBe(0)
    expect(passHatK(4, 4, 4)).toBe(1)
  })
  it('differs from the biased (c/n)^k', () => {
    expect(passHatK(5, 2, 2)).not.toBeCloseTo((2 / 5) ** 2, 3)
  })
  it('is NaN outside 1 ≤ k ≤ n', () => {
    expect(passHatK(3, 3, 4)).toBeNaN()
  })
})
