import { describe, expect, it } from 'vitest'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase } from '../../src/vitest/index.ts'
import { turn } from '../helpers/cases.ts'

// The matchers judge a runCase result's calls as the scorers do: each number as exact as the model wrote it. The
// transcript a matcher reads has come through the loop's copies (spreads, snapshots), so the exact reading must
// survive them; JavaScript reads 200.00000000000000001 as 200.
describe('tool-call matchers read numbers as the model wrote them', () => {
  it('toCallTool does not match amount 200.00000000000000001 against an expected 200, as the scorer does not', async () => {
    const caseId = 'transfer-basic'
    const model = scriptedProvider('scripted:test', new Map([[caseId, [[
      turn('', ['transfer_money', '{"from_account":"savings","to_account":"checking","amount":200.00000000000000001}']),
      turn('Done: TX-5521'),
    ]]]]))
    const scored = await runCase({ suite: 'suites/banking/suite.yaml', case: caseId, model })
    expect(scored.result.failures.map((failure) => failure.kind)).toContain('wrong_argument_value')
    expect(scored).not.toCallTool('transfer_money', { amount: 200 })
    expect(scored).toCallTool('transfer_money', { amount: { range: [199, 201] } } as never)
  })
})
