import { describe, expect, it } from 'vitest'
import type { CaseMetrics } from '../../src/core/result.ts'
import { summarizeModel } from '../helpers/report-folds.ts'
import { renderTable } from '../../src/report/table.ts'
import { makeResult } from '../stats/make-result.ts'

const noCalls: CaseMetrics = {
  calls: 0, knownToolCalls: 0, expectedCalls: 0, selectedCalls: 0, correctArgumentCalls: 0,
  hallucinatedToolCalls: 0, hallucinatedParamCalls: 0, schemaViolationCalls: 0,
  parallelCase: false, irrelevanceCase: true,
}

describe('a metric with nothing to measure is null, printed "—"', () => {
  it('irrelevance-only run: no expected calls, no calls → selection, arguments and the call rates are null', () => {
    const summary = summarizeModel('m', [makeResult({ case: 'a', passed: true, metrics: noCalls, expectedTools: [] })])
    expect(summary).toMatchObject({
      selectionAccuracy: null, argumentAccuracy: null,
      hallucinatedToolRate: null, hallucinatedParamRate: null, schemaViolationRate: null,
      irrelevanceAccuracy: 1,
    })
  })

  it('calls were expected but none paired: selection 0%, arguments null (no paired call to judge)', () => {
    const missed: CaseMetrics = { ...noCalls, expectedCalls: 1, irrelevanceCase: false }
    const summary = summarizeModel('m', [makeResult({ case: 'a', passed: false, metrics: missed })])
    expect(summary.selectionAccuracy).toBe(0)
    expect(summary.argumentAccuracy).toBeNull()
  })

  it('the console table prints null metrics as —', () => {
    const results = [makeResult({ case: 'a', passed: true, metrics: noCalls, expectedTools: [] })]
    const table = renderTable([summarizeModel('model-a', results)])
    const row = table.split('\n').find((line) => line.includes('model-a')) ?? ''
    expect(row).toContain('—')
    expect(row).not.toMatch(/100\.0%.*100\.0%.*100\.0%/)
  })
})

describe('tool-token share of input', () => {
  it('counts only requests that reported usage: partial usage never reads above 100%', () => {
    const toolTokens = { perRequest: 500, requests: 2, total: 1000, method: 'exact-render', confidence: 0 }
    const reported = makeResult({ case: 'a', passed: true, usage: { input: 1200, output: 10, cacheRead: 0, cacheWrite: 0 }, toolTokens })
    const unreported = makeResult({ case: 'b', passed: true, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, toolTokens: { ...toolTokens, requests: 10, total: 5000 } })
    const summary = summarizeModel('m', [reported, unreported])
    const share = (summary.toolTokens as { share: number | null }).share
    expect(share).toBeCloseTo(1000 / 1200)
  })
})
