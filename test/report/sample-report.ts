import type { ModelSummary, Report } from '../../src/core/report.ts'
import type { CaseResult } from '../../src/core/result.ts'
import type { ResultTurn } from '../../src/core/result.ts'
import { repeatStatistics } from '../../src/stats/repeat-statistics.ts'
import { makeResult } from '../stats/make-result.ts'

/** A minimal hand-rolled summary (the real one comes from summarize(); reporters only read these fields). */
export function summaryOf(model: string, results: readonly CaseResult[], extra: Record<string, unknown> = {}): ModelSummary {
  const own = results.filter((r) => r.model === model)
  const passed = own.filter((r) => r.passed).length
  const { passAtK, passHatK, accuracyCi, flakiness } = repeatStatistics(own)
  return {
    model, cases: own.length, passed, errored: 0, accuracy: own.length ? passed / own.length : 0,
    selectionAccuracy: 0.9, argumentAccuracy: 0.8, hallucinatedToolRate: 0.05, hallucinatedParamRate: 0.1,
    schemaViolationRate: 0, parallelAccuracy: null, irrelevanceAccuracy: 1,
    usage: { input: 100 * own.length, output: 10 * own.length, cacheRead: 0, cacheWrite: 0 },
    latencyMs: { mean: 5, p50: 5, p95: 9 },
    passAtK, passHatK, accuracyCi, flakiness, ...extra,
  }
}

/** A report over the given results, summaries computed per model. */
export function reportOf(results: readonly CaseResult[], extra: Record<string, unknown> = {}, summaryExtra: Record<string, Record<string, unknown>> = {}): Report {
  const models = [...new Set(results.map((r) => r.model))]
  const suites = [...new Set(results.map((r) => r.suite))]
  return {
    schemaVersion: 1,
    run: {
      startedAt: '2026-11-29T20:00:00.000Z', finishedAt: '2026-11-29T20:01:00.000Z', toolgaugeVersion: '0.1.0',
      models, suites: suites.map((name) => ({ name, file: `suites/${name}/suite.yaml`, cases: 3 })),
    },
    results,
    summary: models.map((m) => summaryOf(m, results, summaryExtra[m])),
    ...extra,
  }
}

/** A transcript turn with the given assistant text, one call and its tool result. */
export function turn(text: string, call: { name: string; rawArguments: string }, toolContent: string): ResultTurn {
  return {
    index: 0,
    request: { toolChoice: 'auto', toolSet: 'weather-tools' },
    text,
    calls: [{ id: 'call_1', ...call, check: { knownTool: call.name === 'get_weather', wellFormed: true, schemaIssues: [] } }],
    finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
    usage: { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 },
    latencyMs: 5,
    retries: 0,
    toolResults: [{ callId: 'call_1', name: call.name, source: 'recorded', result: toolContent, content: toolContent, isError: false, hooks: [] }],
  }
}

/** Two models on three cases: a pass, a wrong tool, a flaky case with repeats. */
export function sampleResults(): CaseResult[] {
  return [
    makeResult({ case: 'paris', passed: true, calls: [{ turn: 0, id: 'c1', name: 'get_weather', rawArguments: '{"city":"Paris"}' }] }),
    makeResult({ case: 'berlin', passed: false, calls: [{ turn: 0, id: 'c1', name: 'get_time', rawArguments: '{}' }], failures: [{ kind: 'wrong_tool', message: 'expected get_weather, got get_time', path: 'turns[0].calls[0]' }] }),
    makeResult({ case: 'paris', model: 'model-b', passed: true, calls: [{ turn: 0, id: 'c1', name: 'get_weather', rawArguments: '{"city":"Paris"}' }] }),
    makeResult({ case: 'berlin', model: 'model-b', passed: false, calls: [], failures: [{ kind: 'provider_error', message: 'HTTP 503 after 3 retries' }] }),
  ]
}
