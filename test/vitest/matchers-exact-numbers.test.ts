import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase } from '../../src/vitest/index.ts'
import { turn } from '../helpers/cases.ts'

const transfer = (amount: string) => scriptedProvider('scripted:test', new Map([['transfer-basic', [[
  turn('', ['transfer_money', `{"from_account":"savings","to_account":"checking","amount":${amount}}`]),
  turn('Done: TX-5521'),
]]]]))

// The matchers judge a runCase result's calls as the scorers do: each number as exact as the model wrote it. The
// transcript a matcher reads has come through the loop's copies (spreads, snapshots), so the exact reading must
// survive them; JavaScript reads 200.00000000000000001 as 200.
describe('tool-call matchers read numbers as the model wrote them', () => {
  it('toCallTool does not match amount 200.00000000000000001 against an expected 200, as the scorer does not', async () => {
    const scored = await runCase({ suite: 'suites/banking/suite.yaml', case: 'transfer-basic', model: transfer('200.00000000000000001') })
    expect(scored.result.failures.map((failure) => failure.kind)).toContain('wrong_argument_value')
    expect(scored).not.toCallTool('transfer_money', { amount: 200 })
    expect(scored).toCallTool('transfer_money', { amount: { range: [199, 201] } } as never)
  })

  // A result saved as JSON and read back holds the raw text the model sent, not the loop's reading of it: the
  // exact number must come back from that text, or the matcher judges JavaScript's rounding of it.
  it('a result written to a file and read back still does not match 12345678901234567891 against 12345678901234567890', async () => {
    const scored = await runCase({ suite: 'suites/banking/suite.yaml', case: 'transfer-basic', model: transfer('12345678901234567891') })
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-matchers-exact-'))
    try {
      writeFileSync(join(dir, 'scored.json'), JSON.stringify(scored))
      const loaded: unknown = JSON.parse(readFileSync(join(dir, 'scored.json'), 'utf8'))
      expect(loaded).not.toCallTool('transfer_money', { amount: 12345678901234567890 })
      expect(loaded).toCallTool('transfer_money', { amount: { range: [12345678901234567000, 12345678901234580000] } } as never)
      expect(loaded).toCallTool('transfer_money', { from_account: 'savings' })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
