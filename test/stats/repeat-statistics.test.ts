import { describe, expect, it } from 'vitest'
import { repeatStatistics } from '../../src/stats/repeat-statistics.ts'
import { wilsonInterval } from '../../src/stats/wilson.ts'
import { repeats } from './make-result.ts'

describe('repeatStatistics', () => {
  // A: 3/3, B: 1/3, C: 0/3
  const results = [...repeats('A', 3, 3), ...repeats('B', 1, 3), ...repeats('C', 0, 3)]

  it('computes pass@k per k by hand', () => {
    const { passAtK } = repeatStatistics(results)
    // k=1: (1 + 1/3 + 0)/3; k=2: B = 1 − C(2,2)/C(3,2) = 2/3 → (1 + 2/3 + 0)/3; k=3: (1 + 1 + 0)/3
    expect(Object.keys(passAtK)).toEqual(['1', '2', '3'])
    expect(passAtK['1']).toBeCloseTo(4 / 9, 12)
    expect(passAtK['2']).toBeCloseTo(5 / 9, 12)
    expect(passAtK['3']).toBeCloseTo(2 / 3, 12)
  })
  it('computes pass^k per k by hand', () => {
    const { passHatK } = repeatStatistics(results)
    // k=1: 4/9; k≥2: only A (C(3,k)/C(3,k) = 1), B has 1 < k passes → 1/3
    expect(passHatK['1']).toBeCloseTo(4 / 9, 12)
    expect(passHatK['2']).toBeCloseTo(1 / 3, 12)
    expect(passHatK['3']).toBeCloseTo(1 / 3, 12)
  })
  it('gives the Wilson interval over all case × repeat results', () => {
    expect(repeatStatistics(results).accuracyCi).toEqual(wilsonInterval(4, 9))
  })
  it('lists flaky cases with c of n', () => {
    expect(repeatStatistics(results).flakiness).toEqual([{ suite: 'weather', case: 'B', passed: 1, runs: 3 }])
  })
  it('stops k at the smallest run count of any case', () => {
    const mixed = [...results, ...repeats('D', 1, 2)]
    expect(Object.keys(repeatStatistics(mixed).passAtK)).toEqual(['1', '2'])
  })
  it('returns empty objects and [0, 1] without results', () => {
    expect(repeatStatistics([])).toEqual({ passAtK: {}, passHatK: {}, accuracyCi: [0, 1], flakiness: [] })
  })
})

describe('repeatStatistics order independence', () => {
  it('gives the same statistics whatever the order of the results', () => {
    const results = [...repeats('case-10', 1, 3), ...repeats('case-2', 2, 3), ...repeats('case-1', 3, 3)]
    const forward = repeatStatistics(results)
    expect(repeatStatistics([...results].reverse())).toEqual(forward)
    expect(forward.flakiness.map((f) => f.case)).toEqual(['case-2', 'case-10'])
  })
})
