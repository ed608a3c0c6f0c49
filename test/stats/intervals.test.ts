import { describe, expect, it } from 'vitest'
import { wilsonInterval } from '../../src/stats/wilson.ts'
import { pairedDifferenceInterval, unpairedDifferenceInterval } from '../../src/stats/paired-interval.ts'

describe('Wilson 95% interval', () => {
  it('matches hand-computed values', () => {
    // 8/10: center = (0.8 + z²/20)/(1 + z²/10) = 0.71674, half = z·√(0.016 + z²/400)/(1 + z²/10) = 0.22658
    const [low, high] = wilsonInterval(8, 10)
    expect(low).toBeCloseTo(0.4902, 4)
    expect(high).toBeCloseTo(0.9433, 4)
  })
  it('handles 0/n and n/n without leaving [0, 1]', () => {
    const [low, high] = wilsonInterval(0, 10)
    expect(low).toBe(0)
    expect(high).toBeCloseTo(0.2775, 4)
    const [low2, high2] = wilsonInterval(10, 10)
    expect(low2).toBeCloseTo(0.7225, 4)
    expect(high2).toBe(1)
  })
  it('is [0, 1] with no trials', () => {
    expect(wilsonInterval(0, 0)).toEqual([0, 1])
  })
})

describe('paired difference interval (Newcombe hybrid score)', () => {
  it('contains the point estimate and mirrors when broken and fixed swap', () => {
    const table = { bothPassed: 12, broken: 2, fixed: 9, bothFailed: 21 }
    const [low, high] = pairedDifferenceInterval(table)
    const delta = (9 - 2) / 44
    expect(low).toBeLessThan(delta)
    expect(high).toBeGreaterThan(delta)
    const [mirrorLow, mirrorHigh] = pairedDifferenceInterval({ ...table, broken: 9, fixed: 2 })
    expect(mirrorLow).toBeCloseTo(-high, 12)
    expect(mirrorHigh).toBeCloseTo(-low, 12)
  })
  it('is not degenerate with a single discordant pair', () => {
    const [low, high] = pairedDifferenceInterval({ bothPassed: 19, broken: 1, fixed: 0, bothFailed: 0 })
    expect(low).toBeLessThan(-0.05)
    expect(high).toBeGreaterThan(0)
  })
})

describe('unpaired difference interval (Newcombe method 10)', () => {
  it('matches Newcombe 1998 example (56/70 vs 48/80)', () => {
    // Newcombe's Table II example (a): 56/70 − 48/80 = 0.2, interval 0.0524 to 0.3339.
    const [low, high] = unpairedDifferenceInterval(48, 80, 56, 70)
    expect(low).toBeCloseTo(0.0524, 3)
    expect(high).toBeCloseTo(0.3339, 3)
  })
  it('is vacuous with an empty side', () => {
    expect(unpairedDifferenceInterval(0, 0, 3, 4)).toEqual([-1, 1])
  })
})
