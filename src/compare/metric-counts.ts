import type { CaseResult } from '../core/result.ts'

/** A rate as numerator over denominator, so intervals can be computed (the summary keeps only the ratio). */
export type RateCount = { readonly successes: number; readonly trials: number }

/** The call-level rates compared, keyed by their ModelSummary field names. */
export type MetricCounts = {
  readonly selectionAccuracy: RateCount
  readonly argumentAccuracy: RateCount
  readonly hallucinatedToolRate: RateCount
  readonly hallucinatedParamRate: RateCount
  readonly schemaViolationRate: RateCount
}

/**
 * Numerators and denominators of the summary's call-level rates, with the same definitions as `summarizeModel`
 * (test/compare checks that the ratios agree, so the two cannot drift apart silently).
 */
export function metricCounts(results: readonly CaseResult[]): MetricCounts {
  const total = (pick: (r: CaseResult) => number) => results.reduce((sum, r) => sum + pick(r), 0)
  const calls = total((r) => r.metrics.calls)
  const selected = total((r) => r.metrics.selectedCalls)
  return {
    selectionAccuracy: { successes: selected, trials: total((r) => r.metrics.expectedCalls) },
    argumentAccuracy: { successes: total((r) => r.metrics.correctArgumentCalls), trials: selected },
    hallucinatedToolRate: { successes: total((r) => r.metrics.hallucinatedToolCalls), trials: calls },
    hallucinatedParamRate: { successes: total((r) => r.metrics.hallucinatedParamCalls), trials: calls },
    schemaViolationRate: {
      successes: total((r) => r.metrics.schemaViolationCalls),
      trials: total((r) => r.metrics.knownToolCalls ?? r.metrics.calls - r.metrics.hallucinatedToolCalls),
    },
  }
}

/** The conversation rates compared (README "Report metrics"), keyed by their ModelSummary field names. */
export type ConversationCounts = {
  readonly turns: RateCount
  readonly tasks: RateCount
  readonly stateMatch: RateCount
  readonly repeatedCalls: RateCount
}

/**
 * Numerators and denominators of the summary's conversation rates (report/conversation-summary.ts), over scored
 * results; `callsPerCase` is a mean, not a rate, and is not compared.
 */
export function conversationCounts(results: readonly CaseResult[]): ConversationCounts {
  const total = (pick: (r: CaseResult) => number) => results.reduce((sum, r) => sum + pick(r), 0)
  return {
    turns: { successes: total((r) => r.metrics.messagesPassed ?? 0), trials: total((r) => r.metrics.messages ?? 0) },
    tasks: { successes: total((r) => (r.metrics.taskPassed === true ? 1 : 0)), trials: total((r) => (r.metrics.taskPassed === undefined ? 0 : 1)) },
    stateMatch: { successes: total((r) => r.metrics.stateMatches ?? 0), trials: total((r) => r.metrics.stateChecks ?? 0) },
    repeatedCalls: { successes: total((r) => r.metrics.repeatedCalls ?? 0), trials: total((r) => (r.metrics.repeatedCalls === undefined ? 0 : r.metrics.calls)) },
  }
}
