import type { TranscriptTurn } from '../core/transcript.ts'
import { inert, inertMessage } from '../report/terminal-text.ts'
import { changeLines, stateChanges, stateLine } from '../report/conversation-view.ts'
import type { ScoredCase } from '../runner/run-one-case.ts'
import { verdictOf } from '../core/verdict.ts'
import { shorten } from '../core/shorten.ts'

// Every value is the model's, a tool's or a server's, and vitest prints the message to the terminal: made inert.
const clip = (text: string, max = 300): string => inert(shorten(text, max))

/**
 * A few lines per turn for a failing test's message: each call with its raw arguments (what the model sent),
 * each tool result, the final text and the failures. A conversation is listed by user message (1-based), with the
 * world's state after each reply. The full transcript stays in the report (`toolgauge show`).
 */
export function compactTranscript(scored: ScoredCase): string {
  const lines: string[] = []
  const turnLines = (turn: TranscriptTurn, indent: string): void => {
    lines.push(`${indent}turn ${turn.index + 1}:`)
    for (const call of turn.calls) lines.push(`${indent}  call ${inert(call.name)}(${clip(call.rawArguments)})`)
    for (const execution of turn.toolResults) lines.push(`${indent}  ${execution.isError ? 'error' : 'result'} ${inert(execution.name)} → ${clip(execution.content)}`)
    if (turn.text) lines.push(`${indent}  text: ${clip(turn.text)}`)
  }
  const steps = scored.transcript.conversation
  if (steps) {
    // The state after each reply as what it changed (against the state before it), as `toolgauge show` prints it.
    let before: { readonly state: unknown } | undefined = 'initialState' in scored.transcript ? { state: scored.transcript.initialState } : undefined
    steps.forEach((step, index) => {
      lines.push(`message ${index + 1}: ${clip(step.user)}`)
      for (const turn of scored.transcript.turns.slice(step.firstTurn, step.endTurn)) turnLines(turn, '  ')
      if (!('state' in step)) return
      if (before) {
        const changes = stateChanges(before.state, step.state)
        lines.push(`  state after:${changes.length === 0 ? ' unchanged' : ''}`)
        for (const line of changeLines(changes, '    ')) lines.push(inert(line))
      } else lines.push(`  state after: ${inert(stateLine(step.state))}`)
      before = { state: step.state }
    })
  } else for (const turn of scored.transcript.turns) turnLines(turn, '')
  // The loop's own account of how it ended (a provider failure, a hook or tool backend failing), by its stop reason.
  if (scored.transcript.error) lines.push(`${scored.transcript.stop}: ${inert(scored.transcript.error)}`)
  if (scored.result.failures.length > 0) {
    // An errored case's failures say what broke (an outage, the suite's own code), not what the model got wrong.
    lines.push(verdictOf(scored.result) === 'errored' ? 'errored (no verdict on the model):' : 'failures:')
    for (const failure of scored.result.failures) {
      // A state diff keeps its lines (path by path); any other newline in a message stays escaped.
      const where = failure.userMessage === undefined ? '' : `message ${failure.userMessage + 1}: `
      lines.push(`  ${where}${failure.kind}: ${inertMessage(failure.message).replace(/\n/g, '\n  ')}`)
    }
  }
  return lines.join('\n')
}
