import type { ModelSummary } from '../core/report.ts'
import { meanText, percent } from './metric-text.ts'

/** Whether a summary row measured any conversation (outputs show the conversation figures only then). */
export function hasConversations(summary: { readonly turns?: unknown; readonly tasks?: unknown }): boolean {
  return typeof summary.turns === 'number' || typeof summary.tasks === 'number'
}

/** The conversation figures of a summary row, titled as Markdown and HTML head them (the console table in lower case). */
export const conversationColumns: readonly { readonly title: string; readonly value: (summary: ModelSummary) => string }[] = [
  { title: 'Turns', value: (s) => percent(s.turns) },
  { title: 'Tasks', value: (s) => percent(s.tasks) },
  { title: 'State match', value: (s) => percent(s.stateMatch) },
  { title: 'Calls/case', value: (s) => meanText(s.callsPerCase) },
  { title: 'Repeated calls', value: (s) => percent(s.repeatedCalls) },
]

/** The header and cells of a conversations table (Markdown and HTML write the same one), one row per summary. */
export function conversationTable(summaries: readonly ModelSummary[]): { readonly head: readonly string[]; readonly rows: readonly (readonly string[])[] } {
  return { head: conversationColumns.map((column) => column.title), rows: summaries.map((s) => conversationColumns.map((column) => column.value(s))) }
}
