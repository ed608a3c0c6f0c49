// A variant case's failure names its variant, as describeSuite's test names do (`suite/case [model] {variant}`):
// two variants of one case are two different runs, and a failure message that drops the variant reads as either.
import { describe, expect, it } from 'vitest'
import { runCase } from '../../src/vitest/index.ts'
import { caseTestFailure, caseTestName } from '../../src/vitest/test-text.ts'

const suite = 'examples/descriptions/suite.yaml'

function messageOf(assertion: () => void): string {
  try {
    assertion()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('the matcher passed, but it should have failed')
}

describe('failure labels of a variant case', () => {
  it('a matcher failing on a variant case names the variant; on the base tools it names none', async () => {
    const vague = await runCase({ suite, case: 'status-shipped', model: 'baseline', variant: 'vague' })
    expect(messageOf(() => expect(vague).toCallTool('no_such_tool'))).toMatch(/^store-orders\/status-shipped \[baseline\] \{vague\}: /)
    expect(messageOf(() => expect(vague).not.toHaveNoHallucinations())).toMatch(/^store-orders\/status-shipped \[baseline\] \{vague\}: expected the opposite/)
    const base = await runCase({ suite, case: 'status-shipped', model: 'baseline' })
    expect(messageOf(() => expect(base).toCallTool('no_such_tool'))).toMatch(/^store-orders\/status-shipped \[baseline\]: /)
  })

  it("describeSuite's error for a failed variant case names the variant, as the test's name does", async () => {
    const vague = await runCase({ suite, case: 'status-shipped', model: 'baseline', variant: 'vague' })
    const name = caseTestName(vague.case, 'baseline', 0)
    expect(name).toBe('store-orders/status-shipped [baseline] {vague}')
    expect(caseTestFailure(vague, 'baseline', 'failed')).toMatch(new RegExp(`^${name.replace(/[[\]{}/]/g, '\\$&')} failed: `))
  })
})
