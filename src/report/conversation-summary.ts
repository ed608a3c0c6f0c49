import type { ModelSummary } from '../core/report.ts'
import type { CaseMetrics } from '../core/result.ts'
import { meanText, percent } from './metric-text.ts'

// The summary fields of conversations (README "Report metrics"): counts folded in per scored result, rates taken at
// the end. Kept apart from SummaryAccumulator so the single-request figures read as before; the same tally serves
// the streamed fold and `summarize()`, which therefore cannot disagree.

/** The conversation figures of one summary row: each null when nothing was measured. */
export type ConversationRates = {
  /** User messages whose reply met its expectation ÷ user messages (conversation cases). */
  readonly turns: number | null
  /** Conversation cases whose every message and case-level expectation held ÷ conversation cases. */
  readonly tasks: number | null
  /** State expectations that matched ÷ state expectations judged. */
  readonly stateMatch: number | null
  /** Calls ÷ scored results (every case, conversation or not). */
  readonly callsPerCase: number | null
  /** Calls repeating an earlier call of the same case (same name and arguments) ÷ calls, over results that count them. */
  readonly repeatedCalls: number | null
}

/** Running counts behind ConversationRates; errored results are never added (they are in no rate). */
export class ConversationTally {
  private scored = 0
  private calls = 0
  private messages = 0
  private messagesPassed = 0
  private tasks = 0
  private tasksPassed = 0
  private stateChecks = 0
  private stateMatches = 0
  private countedCalls = 0
  private repeated = 0

  /** Folds in the metrics of one scored (passed or failed) result. */
  add(metrics: CaseMetrics): void {
    this.scored++
    this.calls += metrics.calls
    if (metrics.messages !== undefined) {
      this.messages += metrics.messages
      this.messagesPassed += metrics.messagesPassed ?? 0
    }
    if (metrics.taskPassed !== undefined) {
      this.tasks++
      if (metrics.taskPassed) this.tasksPassed++
    }
    this.stateChecks += metrics.stateChecks ?? 0
    this.stateMatches += metrics.stateMatches ?? 0
    // The rate's denominator is the calls of results that counted repeats (older results did not).
    if (metrics.repeatedCalls !== undefined) {
      this.countedCalls += metrics.calls
      this.repeated += metrics.repeatedCalls
    }
  }

  /** The rates: null where the denominator is empty. */
  finish(): ConversationRates {
    return {
      turns: measured(this.messagesPassed, this.messages),
      tasks: measured(this.tasksPassed, this.tasks),
      stateMatch: measured(this.stateMatches, this.stateChecks),
      callsPerCase: measured(this.calls, this.scored),
      repeatedCalls: measured(this.repeated, this.countedCalls),
    }
  }
}

/** Whether a summary row measured any conversation (outputs show the conversation figures only then). */
export function hasConversations(summary: { readonly turns?: unknown; readonly tasks?: unknown }): boolean {
  return typeof summary.turns === 'number' || typeof summary.tasks === 'number'
}

/** The header and cells of a conversations table (Markdown and HTML write the same one), one row per summary. */
export function conversationTable(summaries: readonly ModelSummary[]): { readonly head: readonly string[]; readonly rows: readonly (readonly string[])[] } {
  return {
    head: ['Turns', 'Tasks', 'State match', 'Calls/case', 'Repeated calls'],
    rows: summaries.map((s) => [percent(s.turns), percent(s.tasks), percent(s.stateMatch), meanText(s.callsPerCase), percent(s.repeatedCalls)]),
  }
}

function measured(numerator: number, denominator: number): number | null {
  return denominator === 0 ? null : numerator / denominator
}
