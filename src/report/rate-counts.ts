import type { CaseMetrics } from '../core/result.ts'

/** A rate as numerator over denominator, so intervals can be computed (the summary keeps only the ratio). */
export type RateCount = { readonly successes: number; readonly trials: number }

/** The call-level rates, keyed by their ModelSummary field names. */
export type CallCounts = {
  readonly selectionAccuracy: RateCount
  readonly argumentAccuracy: RateCount
  readonly hallucinatedToolRate: RateCount
  readonly hallucinatedParamRate: RateCount
  readonly schemaViolationRate: RateCount
}

/** The conversation rates (README "Report metrics"), keyed by their ModelSummary field names. */
export type ConversationCounts = {
  readonly turns: RateCount
  readonly tasks: RateCount
  readonly stateMatch: RateCount
  readonly repeatedCalls: RateCount
}

/**
 * The numerators and denominators behind a summary row's call-level and conversation rates, folded in one scored
 * result at a time (errored results are never added: they are in no rate). The summary takes its rates from here
 * and compare its intervals, so the two cannot disagree.
 */
export class RateTally {
  private scored = 0
  private calls = 0
  private readonly call = { selectionAccuracy: count(), argumentAccuracy: count(), hallucinatedToolRate: count(), hallucinatedParamRate: count(), schemaViolationRate: count() }
  private readonly conversation = { turns: count(), tasks: count(), stateMatch: count(), repeatedCalls: count() }

  /** Folds in the metrics of one scored (passed or failed) result. */
  add(m: CaseMetrics): this {
    this.scored++
    this.calls += m.calls
    const { call, conversation } = this
    bump(call.selectionAccuracy, m.selectedCalls, m.expectedCalls)
    bump(call.argumentAccuracy, m.correctArgumentCalls, m.selectedCalls)
    bump(call.hallucinatedToolRate, m.hallucinatedToolCalls, m.calls)
    bump(call.hallucinatedParamRate, m.hallucinatedParamCalls, m.calls)
    bump(call.schemaViolationRate, m.schemaViolationCalls, m.knownToolCalls ?? m.calls - m.hallucinatedToolCalls)
    if (m.messages !== undefined) bump(conversation.turns, m.messagesPassed ?? 0, m.messages)
    if (m.taskPassed !== undefined) bump(conversation.tasks, m.taskPassed ? 1 : 0, 1)
    bump(conversation.stateMatch, m.stateMatches ?? 0, m.stateChecks ?? 0)
    // Over the calls of results that counted repeats (older results did not).
    if (m.repeatedCalls !== undefined) bump(conversation.repeatedCalls, m.repeatedCalls, m.calls)
    return this
  }

  callCounts(): CallCounts {
    return this.call
  }

  conversationCounts(): ConversationCounts {
    return this.conversation
  }

  /** Calls ÷ scored results, every case (conversation or not): a mean, not a rate (null when nothing was scored). */
  callsPerCase(): number | null {
    return rateOf({ successes: this.calls, trials: this.scored })
  }
}

function count(): { successes: number; trials: number } {
  return { successes: 0, trials: 0 }
}

function bump(rate: { successes: number; trials: number }, successes: number, trials: number): void {
  rate.successes += successes
  rate.trials += trials
}

/** successes ÷ trials, or null when there is nothing to measure (never 0% or 100%). */
export function rateOf({ successes, trials }: RateCount): number | null {
  return trials === 0 ? null : successes / trials
}
