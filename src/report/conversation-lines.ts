import type { CaseResult } from '../core/result.ts'
import { shorten } from '../core/shorten.ts'
import { changeLines, conversationView, simulatorLine, stateLine } from './conversation-view.ts'

/**
 * A conversation as plain lines for JUnit failure text (and any other plain-text output): per user message
 * (1-based) what the user said, each call with its raw arguments by turn (1-based), the world's state after the
 * reply and the kinds that failed there. Undefined for a single-request result. The caller escapes for its format.
 */
export function conversationLines(result: CaseResult): string[] | undefined {
  const view = conversationView(result)
  if (!view) return undefined
  const lines = ['', 'conversation:']
  if (view.simulator) lines.push(`  ${simulatorLine(view.simulator)}`)
  if (view.hasInitialState) lines.push(`  initial state: ${stateLine(view.initialState)}`)
  for (const message of view.messages) {
    lines.push(`  message ${message.number}: ${JSON.stringify(message.user)}`)
    for (const turn of message.turns) {
      for (const call of turn.calls) lines.push(`    turn ${turn.index + 1}: ${call.name}(${call.rawArguments})`)
      if (turn.text) lines.push(`    turn ${turn.index + 1} text: ${JSON.stringify(shorten(turn.text, 300))}`)
    }
    if (message.changes) {
      lines.push(`    state after:${message.changes.length === 0 ? ' unchanged' : ''}`)
      for (const line of changeLines(message.changes, '      ')) lines.push(line)
    } else if (message.hasState) lines.push(`    state after: ${stateLine(message.state)}`)
    if (message.verdict !== 'passed') lines.push(`    ${message.verdict}: ${[...new Set(message.failures.map((f) => f.kind))].join(', ')}`)
  }
  return lines
}
