import { describe, expect, it } from 'vitest'
import type { ModelSummary } from '../../src/core/report.ts'
import { GroupedSummaries } from '../../src/report/summary-accumulator.ts'
import { summaryGroup } from '../../src/report/summarize.ts'
import { repeats } from '../stats/make-result.ts'

// ModelSummary names each of its fields, the extensions later stages add included, so a misspelt field is a type
// error. `npx tsc --noEmit` checks this file: each @ts-expect-error fails it when its line stops being an error.

/** Every field of ModelSummary, each once: `satisfies` refuses a missing, an extra or a misspelt name. */
const fields = {
  model: true, cases: true, passed: true, errored: true, accuracy: true, caseMeanAccuracy: true, selectionAccuracy: true,
  argumentAccuracy: true, hallucinatedToolRate: true, hallucinatedParamRate: true, schemaViolationRate: true,
  parallelAccuracy: true, irrelevanceAccuracy: true, turns: true, tasks: true, stateMatch: true, callsPerCase: true,
  repeatedCalls: true, usage: true, latencyMs: true, variant: true, suite: true, passAtK: true, passHatK: true,
  accuracyCi: true, flakiness: true, toolTokens: true, cost: true,
} satisfies Record<keyof ModelSummary, true>

/** A per-suite row of a run with a variant, repeats, tool tokens and costs: every extension the runner writes. */
function fullRow(): ModelSummary {
  const toolTokens = { perRequest: 300, requests: 1, total: 300, method: 'exact-render', confidence: 0 } as const
  const cost = { priced: true, usd: 0.005, table: '2026-11-01' } as const
  const rows = new GroupedSummaries((result) => ({ suite: result.suite, ...summaryGroup(result) }), { caseMeanAccuracy: true })
  for (const result of repeats('c', 1, 2, { variant: 'terse', toolTokens, cost })) rows.add(result)
  return rows.finish()[0]!
}

describe('ModelSummary fields', () => {
  it('names every field the summary writes', () => {
    const row = fullRow()
    expect(row).toMatchObject({ suite: 'weather', variant: 'terse', toolTokens: { perRequest: 300 }, cost: { priced: true } })
    expect(Object.keys(fields)).toEqual(expect.arrayContaining(Object.keys(row)))
  })

  it('makes a misspelt field a type error, read or written', () => {
    const row = fullRow()
    // @ts-expect-error `accuracyCI` is no field (`accuracyCi` is).
    expect(row.accuracyCI).toBeUndefined()
    // @ts-expect-error `passHatk` is no field (`passHatK` is).
    const written: ModelSummary = { ...row, passHatk: {} }
    expect(written.passHatK).toEqual(row.passHatK)
  })
})
