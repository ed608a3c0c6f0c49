import { describe, expect, it } from 'vitest'
import type { Case } from '../../src/core/case.ts'
import { resultKey } from '../../src/report/journal.ts'
import { RunPlan } from '../../src/runner/run-plan.ts'

const cases = ['a', 'b', 'c'].map((id) => ({ suite: 's', id }) as unknown as Case)

describe('RunPlan', () => {
  it('numbers cases × models × repeats in report order, each task keyed like its result', () => {
    const plan = new RunPlan(cases.length, ['m1', 'm2'], 2)
    expect(plan.size).toBe(12)
    const order = Array.from({ length: plan.size }, (_, index) => {
      const { caseIndex, modelIndex, repeat } = plan.task(index)
      expect(plan.indexOf(caseIndex, modelIndex, repeat)).toBe(index)
      return `${cases[caseIndex]!.id}/${modelIndex}/${repeat}`
    })
    expect(order).toEqual(['a/0/0', 'a/0/1', 'a/1/0', 'a/1/1', 'b/0/0', 'b/0/1', 'b/1/0', 'b/1/1', 'c/0/0', 'c/0/1', 'c/1/0', 'c/1/1'])
    expect(plan.key(6, cases[1]!)).toBe(resultKey({ suite: 's', case: 'b', model: 'm2', repeat: 0 }))
  })

  it('keeps journal positions per task: pending tasks and journaled positions in plan order', () => {
    const plan = new RunPlan(cases.length, ['m'], 1)
    plan.setPosition(2, { offset: 5_000_000_000, length: 7 })
    plan.setPosition(0, { offset: 0, length: 3 })
    expect(plan.pending()).toEqual([1])
    expect(plan.position(1)).toBeUndefined()
    expect([...plan.journaled()]).toEqual([{ offset: 0, length: 3 }, { offset: 5_000_000_000, length: 7 }])
  })
})
