import { describe, expect, it } from 'vitest'
import { runCase } from 'toolgauge/vitest'

const suite = 'suites/support/suite.yaml'

describe('support agent tool calls', () => {
  it('looks an order up with the order number from the prompt', async () => {
    const scored = await runCase({ suite, case: 'where-is-my-order', model: 'baseline' })
    expect(scored).toCallTool('lookup_order', { order_id: { regex: '^ORD-\\d{5}$' } })
    expect(scored).not.toCallTool('refund_order')
    expect(scored).toHaveNoHallucinations()
    expect(scored).toStayWithinToolTokens(400)
    expect(scored).toPassCase()
  })

  it('refunds a damaged item with the right reason', async () => {
    const scored = await runCase({ suite, case: 'refund-damaged', model: 'baseline' })
    expect(scored).toCallToolsInOrder([{ name: 'refund_order', args: { order_id: 'ORD-20002', reason: 'damaged' } }])
  })

  it('answers small talk without calling a tool', async () => {
    const scored = await runCase({ suite, case: 'small-talk', model: 'baseline' })
    expect(scored).toNotCallTools()
  })
})
