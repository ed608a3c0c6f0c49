import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { accuracyByFamily, renderAccuracyTable, replayRecordedUsage, type AccuracyRow } from './accuracy.ts'
import { hasSharedData, projectRoot, sharedData, sharedTitle } from '../helpers/shared-data.ts'

// Replays every real request of the calibration data (issue 17). Set TOOLGAUGE_RECORDED_USAGE to check another
// recorded-usage JSONL file of the same shape (e.g. a held-out set); the docs-table check then does not apply.
const other = process.env.TOOLGAUGE_RECORDED_USAGE
const present = other !== undefined || hasSharedData('token-oracles/recorded_usage.jsonl')
const file = other ?? sharedData('token-oracles', 'recorded_usage.jsonl')

describe.skipIf(!present)(sharedTitle('recorded real usage: every stated bound holds', 'token-oracles/recorded_usage.jsonl'), () => {
  let rows: readonly AccuracyRow[] = []
  const replay = async () => (rows.length > 0 ? rows : (rows = await replayRecordedUsage(file)))

  it('covers ≥ 95% of each family\'s requests within the stated confidence', async () => {
    const families = accuracyByFamily(await replay())
    expect(families.length).toBeGreaterThan(0)
    for (const family of families) {
      expect({ family: family.rules, share: family.withinBound / family.n >= 0.95 }).toEqual({ family: family.rules, share: true })
    }
  })

  it('is exact wherever it says exact-render or states a bound of 0', async () => {
    const claimedExact = (await replay()).filter((row) => row.method === 'exact-render' || row.confidence === 0)
    expect(claimedExact.filter((row) => row.actual !== row.expected)).toEqual([])
  })

  it.skipIf(other !== undefined)('docs/tokens.md shows the table this computation gives (npm run tokens:accuracy)', async () => {
    const table = renderAccuracyTable(accuracyByFamily(await replay()))
    const docs = readFileSync(resolve(projectRoot, 'docs/tokens.md'), 'utf8')
    expect(docs).toContain(`<!-- tokens:accuracy:start -->\n${table}\n<!-- tokens:accuracy:end -->`)
  })
})
