import type { ModelSummary } from '../core/report.ts'
import { meanText, percent } from './metric-text.ts'

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
