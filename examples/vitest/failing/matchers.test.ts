import { expect, it } from 'vitest'
import { runCase } from 'toolgauge/vitest'

// Each of these fails on purpose; the expected-failure run checks the failure kind in each message.
const suite = 'suites/support/suite.yaml'

it('fails: expects the wrong refund reason (wrong_argument_value)', async () => {
  const scored = await runCase({ suite, case: 'refund-damaged', model: 'baseline' })
  expect(scored).toCallTool('refund_order', { reason: 'late' })
})

it('fails: expects two calls in one turn (missing_call)', async () => {
  const scored = await runCase({ suite, case: 'where-is-my-order', model: 'baseline' })
  expect(scored).toCallToolsInParallel([{ name: 'lookup_order' }, { name: 'search_help_center' }])
})

it('fails: a tool-token budget too small (over_tool_token_budget)', async () => {
  const scored = await runCase({ suite, case: 'small-talk', model: 'baseline' })
  expect(scored).toStayWithinToolTokens(10)
})
