import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { finishReasonTables } from '../providers/wire/finish-reason.ts'
import { wireCallIds } from './wire-call-ids.ts'

// The probes' own rules, where the scorer has none: pure functions of a transcript, each returning its failures
// (kind `custom_check`, so the verdict is decided with the scorer's, in core/verdict.ts). A probe whose request the
// host refused never reaches them: the case is errored (provider_error) before any check runs.

function failure(message: string, path?: string): Failure {
  return { kind: 'custom_check', message, ...(path !== undefined ? { path } : {}) }
}

/** `parallel_disabled`: no turn holds more than one call. */
export function atMostOneCallPerTurn(transcript: Transcript): Failure[] {
  return transcript.turns
    .filter((turn) => turn.calls.length > 1)
    .map((turn) => failure(`parallel_tool_calls false, yet turn ${turn.index + 1} holds ${turn.calls.length} calls`, `turns[${turn.index}].calls`))
}

/**
 * `parallel_calls`: the calls of each turn came with distinct ids. The loop makes ids unique and keeps the one it
 * replaced as `wireId`; a replaced id within one turn is an id the host gave twice.
 */
export function uniqueCallIds(transcript: Transcript): Failure[] {
  const failures: Failure[] = []
  for (const turn of transcript.turns) {
    const own = new Set(turn.calls.filter((call) => call.wireId === undefined).map((call) => call.id))
    turn.calls.forEach((call, index) => {
      if (call.wireId !== undefined && own.has(call.wireId)) {
        failures.push(failure(`the host gave two calls of turn ${turn.index + 1} the same id "${call.wireId}"`, `turns[${turn.index}].calls[${index}].id`))
      }
    })
  }
  return failures
}

/**
 * `ids_round_trip`: every call came with an id of the host's own (an app links each result to its call by it). The
 * ids are read from the wire answer where the transcript keeps it: a missing id is otherwise invisible, since the
 * loop gives such a call an id of its own.
 */
export function hostCallIds(transcript: Transcript): Failure[] {
  const failures: Failure[] = []
  for (const turn of transcript.turns) {
    if (turn.calls.length === 0) continue
    const ids = wireCallIds(turn.raw?.response)
    if (ids === undefined) continue
    const missing = turn.calls.map((_, index) => index).filter((index) => typeof ids[index] !== 'string' || ids[index] === '')
    if (missing.length > 0) {
      failures.push(failure(`the host sent ${missing.length === turn.calls.length ? 'no call id' : `no id for call ${missing.map((index) => index + 1).join(', ')}`} in turn ${turn.index + 1}: results cannot be linked to their calls`, `turns[${turn.index}].calls`))
    }
  }
  return failures
}

/**
 * `unicode_arguments`: the first call of `tool` has `key` equal to `expected` code unit for code unit (no Unicode
 * normalization, unlike the matchers' NFC comparison: a host that re-encodes text must show here).
 */
export function exactArgument(tool: string, key: string, expected: string): (transcript: Transcript) => Failure[] {
  return (transcript) => {
    for (const turn of transcript.turns) {
      const index = turn.calls.findIndex((call) => call.name === tool)
      if (index === -1) continue
      const call = turn.calls[index]!
      const path = `turns[${turn.index}].calls[${index}].arguments.${key}`
      if (call.arguments === undefined) return [failure(`the ${tool} arguments are not JSON, so "${key}" cannot be compared`, path)]
      // JavaScript's reading: a string reads exactly (only numbers can differ from the exact reading).
      const actual = (call.arguments as Record<string, unknown> | null)?.[key]
      if (typeof actual !== 'string') return [failure(`"${key}" is not a string`, path)]
      if (actual === expected) return []
      return [failure(`"${key}" differs from the text sent ${firstDifference(expected, actual)}`, path)]
    }
    // No call at all is the scorer's missing_call already.
    return []
  }
}

/** Where two strings first differ, with the code points on either side shown as U+ escapes (nothing raw reaches a terminal). */
function firstDifference(expected: string, actual: string): string {
  const wanted = [...expected]
  const got = [...actual]
  let at = 0
  while (at < wanted.length && at < got.length && wanted[at] === got[at]) at++
  const show = (chars: string[]) => (chars.length === 0 ? '(end)' : chars.map((char) => `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`).join(' '))
  return `at character ${at + 1} of ${wanted.length}: expected ${show(wanted.slice(at, at + 3))}, got ${show(got.slice(at, at + 3))} (${got.length} characters arrived)`
}

/**
 * The wire finish reasons that say "the answer is complete" in a protocol that has a reason of its own for a turn
 * with tool calls (chat's `stop`, Anthropic's `end_turn` …). Gemini's `STOP` and Responses' `completed` are not
 * among them: those protocols have no tool-call reason, so a turn with calls rightly says so.
 */
const plainStopReasons: ReadonlySet<string> = new Set(
  Object.values(finishReasonTables)
    .filter((table) => Object.values(table).includes('tool-calls'))
    .flatMap((table) => Object.entries(table).filter(([, meaning]) => meaning === 'stop').map(([reason]) => reason)),
)

/** `finish_reason`: a turn with calls does not finish with a plain stop where its protocol has a tool-call reason. */
export function toolCallFinishReasons(transcript: Transcript): Failure[] {
  return transcript.turns
    .filter((turn) => turn.calls.length > 0 && turn.finishReason.raw !== undefined && plainStopReasons.has(turn.finishReason.raw))
    .map((turn) => failure(`turn ${turn.index + 1} calls ${turn.calls.length === 1 ? 'a tool' : `${turn.calls.length} tools`} but finished with "${turn.finishReason.raw}": an app that loops while the reason says tool calls stops here`, `turns[${turn.index}].finishReason`))
}

/** `usage`: every turn reports input and output tokens (an app that budgets or bills by usage needs both). */
export function usageReported(transcript: Transcript): Failure[] {
  return transcript.turns
    .filter((turn) => !(turn.usage.input > 0 && turn.usage.output > 0))
    .map((turn) => failure(`turn ${turn.index + 1} reports ${turn.usage.input} input and ${turn.usage.output} output tokens`, `turns[${turn.index}].usage`))
}
