import type { ModelSummary } from '../core/report.ts'
import type { CaseCost, CaseResult } from '../core/result.ts'
import { addUsage, emptyUsage } from '../core/model-turn.ts'
import { repeatStatistics } from '../stats/repeat-statistics.ts'
import { summarizeToolTokens } from './tool-tokens-summary.ts'

/**
 * Aggregates results into one summary per model, in the order models first appear. Rates are over calls or cases
 * as each field of ModelSummary states; a rate with an empty denominator is 0 (or 1 for accuracies of "nothing
 * expected"), and parallel/irrelevance accuracy is null when the run had no such case.
 */
export function summarize(results: readonly CaseResult[]): ModelSummary[] {
  const models = [...new Set(results.map((result) => result.model))]
  return models.map((model) => summarizeModel(model, results.filter((result) => result.model === model)))
}

/** The summary of one model's results. */
export function summarizeModel(model: string, results: readonly CaseResult[]): ModelSummary {
  const total = (pick: (result: CaseResult) => number) => results.reduce((sum, result) => sum + pick(result), 0)
  const calls = total((r) => r.metrics.calls)
  const knownCalls = total((r) => r.metrics.knownToolCalls ?? r.metrics.calls - r.metrics.hallucinatedToolCalls)
  const expected = total((r) => r.metrics.expectedCalls)
  const selected = total((r) => r.metrics.selectedCalls)
  const parallel = results.filter((r) => r.metrics.parallelCase)
  const irrelevance = results.filter((r) => r.metrics.irrelevanceCase)
  const passed = results.filter((r) => r.passed).length
  const latencies = results.map((r) => r.latencyMs).sort((a, b) => a - b)
  const statistics = repeatStatistics(results)
  return {
    model,
    cases: results.length,
    passed,
    accuracy: ratio(passed, results.length, 0),
    selectionAccuracy: ratio(selected, expected, 1),
    argumentAccuracy: ratio(total((r) => r.metrics.correctArgumentCalls), selected, 1),
    hallucinatedToolRate: ratio(total((r) => r.metrics.hallucinatedToolCalls), calls, 0),
    hallucinatedParamRate: ratio(total((r) => r.metrics.hallucinatedParamCalls), calls, 0),
    schemaViolationRate: ratio(total((r) => r.metrics.schemaViolationCalls), knownCalls, 0),
    parallelAccuracy: parallel.length === 0 ? null : ratio(parallel.filter((r) => r.passed).length, parallel.length, 0),
    irrelevanceAccuracy: irrelevance.length === 0 ? null : ratio(irrelevance.filter((r) => r.passed).length, irrelevance.length, 0),
    usage: results.reduce((sum, result) => addUsage(sum, result.usage), emptyUsage),
    latencyMs: {
      mean: ratio(latencies.reduce((sum, value) => sum + value, 0), latencies.length, 0),
      p50: percentile(latencies, 0.5),
      p95: percentile(latencies, 0.95),
    },
    passAtK: statistics.passAtK,
    passHatK: statistics.passHatK,
    accuracyCi: statistics.accuracyCi,
    flakiness: statistics.flakiness,
    ...withToolTokens(results),
    cost: totalCost(results),
  }
}

/**
 * The summed cost of a model's results: priced only when every result was (a partly priced total would
 * understate); otherwise the first reason. Results from reports without cost leave it unpriced.
 */
function totalCost(results: readonly CaseResult[]): CaseCost {
  const unpriced = results.find((result) => result.cost?.priced !== true)
  if (unpriced) return { priced: false, reason: unpriced.cost && !unpriced.cost.priced ? unpriced.cost.reason : 'no cost recorded' }
  const priced = results.map((result) => result.cost as Extract<CaseCost, { priced: true }>)
  return { priced: true, usd: priced.reduce((sum, cost) => sum + cost.usd, 0), table: [...new Set(priced.map((cost) => cost.table))].join(', ') }
}

function withToolTokens(results: readonly CaseResult[]) {
  const toolTokens = summarizeToolTokens(results)
  return toolTokens ? { toolTokens } : {}
}

function ratio(numerator: number, denominator: number, empty: number): number {
  return denominator === 0 ? empty : numerator / denominator
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number
}
