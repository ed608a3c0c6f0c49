import type { ScoredCase } from '../runner/run-one-case.ts'

const clip = (text: string, max = 300): string => (text.length > max ? `${text.slice(0, max - 3)}...` : text)

/**
 * A few lines per turn for a failing test's message: each call with its raw arguments (what the model sent),
 * each tool result, the final text and the failures. The full transcript stays in the report (`toolgauge show`).
 */
export function compactTranscript(scored: ScoredCase): string {
  const lines: string[] = []
  for (const turn of scored.transcript.turns) {
    lines.push(`turn ${turn.index + 1}:`)
    for (const call of turn.calls) lines.push(`  call ${call.name}(${clip(call.rawArguments)})`)
    for (const execution of turn.toolResults) lines.push(`  ${execution.isError ? 'error' : 'result'} ${execution.name} → ${clip(execution.content)}`)
    if (turn.text) lines.push(`  text: ${clip(turn.text)}`)
  }
  if (scored.transcript.error) lines.push(`provider error: ${scored.transcript.error}`)
  if (scored.result.failures.length > 0) {
    lines.push('failures:')
    for (const failure of scored.result.failures) lines.push(`  ${failure.kind}: ${failure.message}`)
  }
  return lines.join('\n')
}
