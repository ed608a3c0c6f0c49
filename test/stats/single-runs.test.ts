import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { statisticsOfSingleRuns, statisticsOfTallies } from '../../src/stats/repeat-statistics.ts'

describe('statistics of cases that ran once', () => {
  it('equal the statistics of their tallies, to the last bit', () => {
    fc.assert(fc.property(fc.array(fc.boolean(), { maxLength: 3000 }), (passes) => {
      const tallies = passes.map((passed, index) => ({ suite: 's', case: `case-${index}`, passed: passed ? 1 : 0, runs: 1 }))
      const passed = passes.filter(Boolean).length
      expect(statisticsOfSingleRuns(passed, passes.length)).toStrictEqual(statisticsOfTallies(tallies))
    }), { numRuns: 200 })
  })
})
