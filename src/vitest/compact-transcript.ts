import { inert } from '../report/terminal-text.ts'
import type { ScoredCase } from '../runner/run-one-case.ts'

// Every value is the model's, a tool's or a server's, and vitest prints the message to the terminal: made inert.
const clip = (text: string, max = 300): string => inert(text.length > max ? `${text.slice(0, max - 3)}...` : text)

/**
 * A few lines per turn for a failing test's message: each call with its raw arguments (what the model sent),
 * each tool result, the final text and the failures. The full transcript stays in the report (`toolgauge show`).
 */
export function compactTranscript(scored: ScoredCase): string {
  const lines: string[] = []
  for (const turn of scored.transcript.turns) {
    lines.push(`turn ${turn.index + 1}:`)
    for (const call of turn.calls) lines.push(`  call ${inert(call.name)}(${clip(call.rawArguments)})`)
    for (const execution of turn.toolResults) lines.push(`  ${execution.isError ? 'error' : 'result'} ${inert(execution.name)} → ${clip(execution.content)}`)
    if (turn.text) lines.push(`  text: ${clip(turn.text)}`)
  }
  // The loop's own account of how it ended (a provider failure, a hook or tool backend failing), by its stop reason.
  if (scored.transcript.error) lines.push(`${scored.transcript.stop}: ${inert(scored.transcript.error)}`)
  if (scored.result.failures.length > 0) {
    lines.push('failures:')
    for (const failure of scored.result.failures) lines.push(`  ${failure.kind}: ${inert(failure.message)}`)
  }
  return lines.join('\n')
}
