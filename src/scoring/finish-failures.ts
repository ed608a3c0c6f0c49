import type { Failure, FailureKind } from '../core/result.ts'
import type { Transcript, TranscriptTurn } from '../core/transcript.ts'

/**
 * The failures a turn's finish reason is (docs/providers/index.md "Finish reasons"): `truncated` (cut at the output
 * limit), `refused` (a content filter or safety stop), `malformed_arguments` (the provider could not read the call
 * the model wrote: Gemini's MALFORMED_FUNCTION_CALL), `provider_error` (a custom provider's `error` reason; the
 * built-in adapters throw instead). `stop`, `tool-calls` and `other` are no failure: the content is scored.
 */
export function finishFailures(transcript: Transcript): Failure[] {
  return transcript.turns.flatMap((turn) => {
    const failure = finishFailure(turn)
    return failure ? [failure] : []
  })
}

/**
 * Whether the case's last turn ended cut, refused or with an unreadable call: what the model did not get to do
 * after it (a missing call, a final answer, the first turn's required call) is explained by that stop.
 */
function endedByStop(transcript: Transcript): boolean {
  const unified = transcript.turns.at(-1)?.finishReason?.unified
  return unified === 'length' || unified === 'content-filter' || unified === 'malformed-call'
}

/** Failure kinds about what is absent, which a turn that was stopped explains (reported as the stop instead). */
const explainedByStop: readonly FailureKind[] = ['missing_call', 'final_answer_mismatch']

/** Drops the absence failures a stopped last turn explains: the verdict says `truncated`, not `missing_call`. */
export function withoutExplainedAbsences(failures: readonly Failure[], transcript: Transcript): Failure[] {
  if (!endedByStop(transcript)) return [...failures]
  const last = transcript.turns.at(-1)!
  const firstTurnCut = last.index === 0 && last.calls.length === 0
  return failures.filter((failure) => !explainedByStop.includes(failure.kind) && !(firstTurnCut && failure.kind === 'tool_choice_violation'))
}

function finishFailure(turn: TranscriptTurn): Failure | undefined {
  // Hand-built transcripts (tests, library callers) may leave it out: no reason, nothing to score.
  const { unified, raw, message } = turn.finishReason ?? { unified: 'other' }
  const reason = `finish reason "${raw ?? unified}"`
  const said = message ? `: ${message}` : ''
  const path = `turns[${turn.index}].finishReason`
  const which = `turn ${turn.index + 1}`
  switch (unified) {
    case 'length':
      return { kind: 'truncated', message: `${which} was cut at the output limit (${reason})${said}`, path }
    case 'content-filter':
      return { kind: 'refused', message: `${which} was refused or stopped by a content filter (${reason})${said}`, path }
    case 'malformed-call':
      return { kind: 'malformed_arguments', message: `${which}: the provider could not read the function call the model wrote (${reason})${said}`, path }
    case 'error':
      return { kind: 'provider_error', message: `${which} ended with an error from the provider (${reason})${said}`, path }
    default:
      return undefined
  }
}
