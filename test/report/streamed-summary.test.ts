import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { addUsage, emptyUsage } from '../../src/core/model-turn.ts'
import type { ModelSummary } from '../../src/core/report.ts'
import type { CaseCost, CaseResult, FailureKind } from '../../src/core/result.ts'
import { isErroredResult } from '../../src/core/verdict.ts'
import { summarize, summaryGroup } from '../../src/report/summarize.ts'
import { GroupedSummaries } from '../../src/report/summary-accumulator.ts'
import { ToolTokensTally } from '../../src/report/tool-tokens-summary.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { repeatStatistics } from '../../src/stats/repeat-statistics.ts'
import { makeResult } from '../stats/make-result.ts'

/**
 * The summary as 0.1.0 computed it over the whole array in memory (its code, kept here as the oracle), with the
 * intended changes of issue 10: errored results are in `errored` and in no rate; a rate with nothing to measure is null
 * (issue 22: accuracy too, when every result errored).
 */
function inMemorySummary(model: string, all: readonly CaseResult[]): ModelSummary {
  const results = all.filter((r) => !isErroredResult(r))
  const total = (pick: (result: CaseResult) => number) => results.reduce((sum, result) => sum + pick(result), 0)
  const ratio = (n: number, d: number, empty: number) => (d === 0 ? empty : n / d)
  // A metric with nothing to measure is null (issue 10), not 0% or 100%.
  const measured = (n: number, d: number) => (d === 0 ? null : n / d)
  const calls = total((r) => r.metrics.calls)
  const knownCalls = total((r) => r.metrics.knownToolCalls ?? r.metrics.calls - r.metrics.hallucinatedToolCalls)
  const selected = total((r) => r.metrics.selectedCalls)
  const parallel = results.filter((r) => r.metrics.parallelCase)
  const irrelevance = results.filter((r) => r.metrics.irrelevanceCase)
  const passed = results.filter((r) => r.passed).length
  const latencies = all.map((r) => r.latencyMs).sort((a, b) => a - b)
  const percentile = (q: number) => (latencies.length === 0 ? 0 : latencies[Math.min(latencies.length - 1, Math.ceil(q * latencies.length) - 1)]!)
  const statistics = repeatStatistics(all)
  const tokens = new ToolTokensTally()
  for (const result of all) tokens.add(result)
  const toolTokens = tokens.finish()
  const unpriced = all.filter((r) => r.cost?.priced !== true).map((r) => (r.cost && !r.cost.priced ? r.cost.reason : 'no cost recorded')).sort()
  const priced = all.map((r) => r.cost as Extract<CaseCost, { priced: true }>)
  return {
    model,
    cases: all.length,
    passed,
    errored: all.length - results.length,
    accuracy: measured(passed, results.length),
    selectionAccuracy: measured(selected, total((r) => r.metrics.expectedCalls)),
    argumentAccuracy: measured(total((r) => r.metrics.correctArgumentCalls), selected),
    hallucinatedToolRate: measured(total((r) => r.metrics.hallucinatedToolCalls), calls),
    hallucinatedParamRate: measured(total((r) => r.metrics.hallucinatedParamCalls), calls),
    schemaViolationRate: measured(total((r) => r.metrics.schemaViolationCalls), knownCalls),
    parallelAccuracy: measured(parallel.filter((r) => r.passed).length, parallel.length),
    irrelevanceAccuracy: measured(irrelevance.filter((r) => r.passed).length, irrelevance.length),
    // Issue 24: the conversation figures, over the scored results that measured them.
    turns: measured(total((r) => r.metrics.messagesPassed ?? 0), total((r) => r.metrics.messages ?? 0)),
    tasks: measured(results.filter((r) => r.metrics.taskPassed === true).length, results.filter((r) => r.metrics.taskPassed !== undefined).length),
    stateMatch: measured(total((r) => r.metrics.stateMatches ?? 0), total((r) => r.metrics.stateChecks ?? 0)),
    callsPerCase: measured(calls, results.length),
    repeatedCalls: measured(total((r) => r.metrics.repeatedCalls ?? 0), total((r) => (r.metrics.repeatedCalls === undefined ? 0 : r.metrics.calls))),
    usage: all.reduce((sum, result) => addUsage(sum, result.usage), emptyUsage),
    latencyMs: { mean: ratio(latencies.reduce((s, v) => s + v, 0), latencies.length, 0), p50: percentile(0.5), p95: percentile(0.95) },
    passAtK: statistics.passAtK,
    passHatK: statistics.passHatK,
    accuracyCi: statistics.accuracyCi,
    flakiness: statistics.flakiness,
    ...(toolTokens ? { toolTokens } : {}),
    cost: unpriced.length > 0
      ? { priced: false, reason: unpriced[0]! }
      : { priced: true, usd: [...priced.map((c) => c.usd)].sort((a, b) => a - b).reduce((s, v) => s + v, 0), table: [...new Set(priced.map((c) => c.table))].sort().join(', ') },
  }
}

const inMemory = (results: readonly CaseResult[]) => [...new Set(results.map((r) => r.model))].map((model) => inMemorySummary(model, results.filter((r) => r.model === model)))

const kinds: FailureKind[] = ['wrong_tool', 'missing_call', 'provider_error', 'harness_error', 'hallucinated_param']
const randomResult = fc.record({
  model: fc.constantFrom('m1', 'm2'),
  case: fc.constantFrom('a', 'b', 'c', 'd', 'e'),
  suite: fc.constantFrom('s1', 's2'),
  repeat: fc.nat(3),
  passed: fc.boolean(),
  kind: fc.constantFrom(...kinds),
  calls: fc.nat(4),
  hallucinated: fc.nat(2),
  expected: fc.nat(3),
  parallelCase: fc.boolean(),
  irrelevanceCase: fc.boolean(),
  latencyMs: fc.double({ min: 0, max: 5000, noNaN: true }),
  input: fc.nat(5000),
  usd: fc.option(fc.double({ min: 0, max: 1, noNaN: true })),
  perRequest: fc.option(fc.nat(900)),
  conversation: fc.option(fc.record({ messages: fc.integer({ min: 1, max: 4 }), passed: fc.nat(4), task: fc.boolean(), checks: fc.nat(3), matches: fc.nat(3), repeated: fc.nat(2) })),
}).map((r): CaseResult => makeResult({
  suite: r.suite, case: r.case, model: r.model, repeat: r.repeat, passed: r.passed,
  failures: r.passed ? [] : [{ kind: r.kind, message: 'x' }],
  metrics: {
    calls: r.calls, knownToolCalls: Math.max(0, r.calls - r.hallucinated), expectedCalls: r.expected, selectedCalls: Math.min(r.expected, r.calls),
    correctArgumentCalls: Math.min(r.expected, r.calls) > 0 ? 1 : 0, hallucinatedToolCalls: Math.min(r.hallucinated, r.calls), hallucinatedParamCalls: r.calls > 1 ? 1 : 0,
    schemaViolationCalls: 0, parallelCase: r.parallelCase, irrelevanceCase: r.irrelevanceCase,
    ...(r.conversation === null ? {} : {
      messages: r.conversation.messages, messagesPassed: Math.min(r.conversation.passed, r.conversation.messages), taskPassed: r.conversation.task,
      stateChecks: r.conversation.checks, stateMatches: Math.min(r.conversation.matches, r.conversation.checks), repeatedCalls: Math.min(r.conversation.repeated, r.calls),
    }),
  },
  latencyMs: r.latencyMs,
  usage: { input: r.input, output: 10, cacheRead: 0, cacheWrite: 0 },
  ...(r.usd === null ? {} : { cost: { priced: true, usd: r.usd, table: '2026-11-29' } }),
  ...(r.perRequest === null ? {} : { toolTokens: { perRequest: r.perRequest, requests: 2, total: 2 * r.perRequest, method: 'estimate', confidence: 3 } }),
}))

describe('streamed summaries equal the in-memory computation', () => {
  it('on random reports, in any arrival order', () => {
    fc.assert(fc.property(fc.array(randomResult, { maxLength: 60 }), fc.integer(), (results, seed) => {
      const shuffled = [...results].sort((a, b) => ((a.latencyMs * 1000 + seed) % 7) - ((b.latencyMs * 1000 + seed) % 7))
      const streamed = new GroupedSummaries(summaryGroup)
      for (const result of shuffled) streamed.add(result)
      const byModel = (rows: readonly ModelSummary[]) => [...rows].sort((a, b) => a.model.localeCompare(b.model))
      expect(byModel(streamed.finish())).toEqual(byModel(inMemory(results)))
      expect(byModel(summarize(results))).toEqual(byModel(inMemory(results)))
    }), { numRuns: 200 })
  })

  it('on the bundled suites: the runner\'s streamed summary equals summarize() over its results', async () => {
    const outcome = await runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: mkdtempSync(join(tmpdir(), 'tg-stream-')), repeat: 2, concurrency: 3 })
    expect(outcome.report.summary).toEqual(inMemory(outcome.report.results))
    expect(outcome.report.summary).toEqual(summarize(outcome.report.results))
  })
})
