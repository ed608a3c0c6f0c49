import { describe, expect, it } from 'vitest'
import { planTasks } from '../../src/runner/run-plan.ts'

describe('the run plan', () => {
  it('lists cases × models × repeats in report order, none journaled yet', () => {
    const plan = planTasks(3, 2, 2)
    expect(plan.map(({ caseIndex, modelIndex, repeat }) => `${'abc'[caseIndex]}/${modelIndex}/${repeat}`))
      .toEqual(['a/0/0', 'a/0/1', 'a/1/0', 'a/1/1', 'b/0/0', 'b/0/1', 'b/1/0', 'b/1/1', 'c/0/0', 'c/0/1', 'c/1/0', 'c/1/1'])
    expect(plan.every((task) => task.position === undefined)).toBe(true)
  })
})
