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
  private knownCalls = 0
  private expected = 0
  private selected = 0
  private correctArguments = 0
  private hallucinatedTools = 0
  private hallucinatedParams = 0
  private schemaViolations = 0
  private messages = 0
  private messagesPassed = 0
  private tasks = 0
  private tasksPassed = 0
  private stateChecks = 0
  private stateMatches = 0
  /** The calls of results that counted repeats (older results did not): the repeated-calls rate's denominator. */
  private countedCalls = 0
  private repeated = 0

  /** Folds in the metrics of one scored (passed or failed) result. */
  add(m: CaseMetrics): this {
    this.scored++
    this.calls += m.calls
    this.knownCalls += m.knownToolCalls ?? m.calls - m.hallucinatedToolCalls
    this.expected += m.expectedCalls
    this.selected += m.selectedCalls
    this.correctArguments += m.correctArgumentCalls
    this.hallucinatedTools += m.hallucinatedToolCalls
    this.hallucinatedParams += m.hallucinatedParamCalls
    this.schemaViolations += m.schemaViolationCalls
    this.messages += m.messages ?? 0
    if (m.messages !== undefined) this.messagesPassed += m.messagesPassed ?? 0
    if (m.taskPassed !== undefined) this.tasks++
    if (m.taskPassed === true) this.tasksPassed++
    this.stateChecks += m.stateChecks ?? 0
    this.stateMatches += m.stateMatches ?? 0
    if (m.repeatedCalls !== undefined) {
      this.countedCalls += m.calls
      this.repeated += m.repeatedCalls
    }
    return this
  }

  /** The call-level rates' counts. */
  callCounts(): CallCounts {
    return {
      selectionAccuracy: { successes: this.selected, trials: this.expected },
      argumentAccuracy: { successes: this.correctArguments, trials: this.selected },
      hallucinatedToolRate: { successes: this.hallucinatedTools, trials: this.calls },
      hallucinatedParamRate: { successes: this.hallucinatedParams, trials: this.calls },
      schemaViolationRate: { successes: this.schemaViolations, trials: this.knownCalls },
    }
  }

  /** The conversation rates' counts. */
  conversationCounts(): ConversationCounts {
    return {
      turns: { successes: this.messagesPassed, trials: this.messages },
      tasks: { successes: this.tasksPassed, trials: this.tasks },
      stateMatch: { successes: this.stateMatches, trials: this.stateChecks },
      repeatedCalls: { successes: this.repeated, trials: this.countedCalls },
    }
  }

  /** Calls ÷ scored results, every case (conversation or not): a mean, not a rate (null when nothing was scored). */
  callsPerCase(): number | null {
    return rateOf({ successes: this.calls, trials: this.scored })
  }
}

/** successes ÷ trials, or null when there is nothing to measure (never 0% or 100%). */
export function rateOf({ successes, trials }: RateCount): number | null {
  return trials === 0 ? null : successes / trials
}
