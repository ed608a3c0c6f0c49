import type { CaseMetrics, CaseResult, Failure } from '../../src/core/result.ts'

const metrics: CaseMetrics = {
  calls: 1, knownToolCalls: 1, expectedCalls: 1, selectedCalls: 1, correctArgumentCalls: 1,
  hallucinatedToolCalls: 0, hallucinatedParamCalls: 0, schemaViolationCalls: 0,
  parallelCase: false, irrelevanceCase: false,
}

/** A small hand-built CaseResult for statistics, reporter and compare tests. */
export function makeResult(overrides: Partial<CaseResult> & { case: string; passed: boolean }): CaseResult {
  const failures: Failure[] = overrides.passed ? [] : [{ kind: 'wrong_tool', message: 'called the wrong tool' }]
  return {
    suite: 'weather',
    model: 'model-a',
    repeat: 0,
    failures,
    calls: [],
    turns: [],
    messages: [],
    expectedTools: ['get_weather'],
    metrics,
    usage: { input: 100, output: 10, cacheRead: 0, cacheWrite: 0 },
    latencyMs: 5,
    ...overrides,
  }
}

/** Results for one case: `passes` of `runs` repeats passed (the first ones). */
export function repeats(caseId: string, passes: number, runs: number, extra: Partial<CaseResult> = {}): CaseResult[] {
  return Array.from({ length: runs }, (_, repeat) => makeResult({ case: caseId, repeat, passed: repeat < passes, ...extra }))
}
