import type { ModelTurn } from '../core/model-turn.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { isDeepStrictEqual } from 'node:util'

// `stream_equivalence`: the same request is made streamed and not (paired-provider.ts); the turn of the case's own
// mode is the transcript's, the other one rides on its wire payload as `counterpart`, and this check compares them.

/** What the other mode's answer to the same request was, as the comparison needs it. */
export type CounterpartTurn = {
  readonly stream: boolean
  readonly text: string
  readonly calls: readonly { readonly name: string; readonly rawArguments: string }[]
  readonly finish: string
}

/** The turn with the other mode's answer kept beside its wire payload (`raw.counterpart`). */
export function withCounterpart(turn: ModelTurn, other: ModelTurn, otherStreams: boolean): ModelTurn {
  const counterpart: CounterpartTurn = {
    stream: otherStreams,
    text: other.text,
    calls: other.toolCalls.map((call) => ({ name: call.name, rawArguments: call.rawArguments })),
    finish: other.finishReason.unified,
  }
  return { ...turn, raw: { ...turn.raw, counterpart } as ModelTurn['raw'] }
}

function counterpartOf(raw: unknown): CounterpartTurn | undefined {
  const value = (raw as { counterpart?: CounterpartTurn } | undefined)?.counterpart
  return typeof value === 'object' && value !== null && Array.isArray(value.calls) ? value : undefined
}

/** Arguments compared as JSON values (key order aside), or as text when either side is not JSON. */
function sameArguments(a: string, b: string): boolean {
  try {
    return isDeepStrictEqual(JSON.parse(a), JSON.parse(b))
  } catch {
    return a === b
  }
}

/** `stream_equivalence`: the first turn's calls (names, arguments, in order), text and finish reason equal its counterpart's. */
export function streamEquivalence(transcript: Transcript): Failure[] {
  const turn = transcript.turns[0]
  if (!turn) return []
  const other = counterpartOf(turn.raw)
  const path = 'turns[0]'
  if (!other) return [{ kind: 'custom_check', message: 'no answer of the other mode was recorded to compare with (the probe needs --stream both)', path }]
  const mine: CounterpartTurn = { stream: !other.stream, text: turn.text, calls: turn.calls, finish: turn.finishReason.unified }
  const [streamed, plain] = other.stream ? [other, mine] : [mine, other]
  const differences: string[] = []
  if (streamed.calls.length !== plain.calls.length) differences.push(`${streamed.calls.length} calls streamed, ${plain.calls.length} not streamed`)
  else {
    streamed.calls.forEach((call, index) => {
      const counterpart = plain.calls[index]!
      if (call.name !== counterpart.name) differences.push(`call ${index + 1} is ${call.name} streamed, ${counterpart.name} not streamed`)
      else if (!sameArguments(call.rawArguments, counterpart.rawArguments)) differences.push(`call ${index + 1} (${call.name}) has other arguments streamed: ${JSON.stringify(call.rawArguments)} against ${JSON.stringify(counterpart.rawArguments)}`)
    })
  }
  if (streamed.finish !== plain.finish) differences.push(`finish reason ${streamed.finish} streamed, ${plain.finish} not streamed`)
  if (streamed.text !== plain.text) differences.push('the text differs')
  return differences.length > 0 ? [{ kind: 'custom_check', message: `the streamed answer differs from the non-streamed one: ${differences.join('; ')}`, path }] : []
}
