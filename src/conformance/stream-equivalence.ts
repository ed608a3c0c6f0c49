import type { ModelTurn } from '../core/model-turn.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { isDeepStrictEqual } from 'node:util'
import { getOrCreate } from '../core/get-or-create.ts'

// `stream_equivalence`: the same request is made streamed and not (paired-provider.ts); the turn of the case's own
// mode is the transcript's, the other one rides on its wire payload as `counterpart`, and this check compares them.

/** What the other mode's answer to the same request was, as the comparison needs it. */
export type CounterpartTurn = {
  readonly stream: boolean
  readonly text: string
  readonly calls: readonly { readonly name: string; readonly rawArguments: string }[]
  readonly finish: string
  /** Streamed: the index each call came on, when the host put several calls on one (see sharedStreamIndexes). */
  readonly sharedIndexes?: readonly number[]
}

/** The turn with the other mode's answer kept beside its wire payload (`raw.counterpart`). */
export function withCounterpart(turn: ModelTurn, other: ModelTurn, otherStreams: boolean): ModelTurn {
  const counterpart: CounterpartTurn = {
    stream: otherStreams,
    text: other.text,
    calls: other.toolCalls.map((call) => ({ name: call.name, rawArguments: call.rawArguments })),
    finish: other.finishReason.unified,
    ...sharedOf(other.raw, otherStreams),
  }
  return { ...turn, raw: { ...turn.raw, counterpart } as ModelTurn['raw'] }
}

/**
 * The index each call of a streamed Chat Completions answer came on, kept on its calls where the host streamed several
 * calls on one index (streaming/chat-stream.ts): the calls are assembled right, but OpenAI's stream gives each call
 * an index of its own, and a client joining deltas by index (the openai SDK's own helper) merges them.
 */
function sharedStreamIndexes(response: unknown): readonly number[] | undefined {
  const calls = (response as { choices?: { message?: { tool_calls?: unknown } }[] } | undefined)?.choices?.[0]?.message?.tool_calls
  if (!Array.isArray(calls)) return undefined
  const indexes = calls.map((call) => (call as { index?: unknown } | null)?.index)
  return indexes.every((index) => typeof index === 'number') && new Set(indexes).size < indexes.length ? (indexes as number[]) : undefined
}

function sharedOf(raw: { readonly response?: unknown } | undefined, streams: boolean): Pick<CounterpartTurn, 'sharedIndexes'> {
  const indexes = streams ? sharedStreamIndexes(raw?.response) : undefined
  return indexes ? { sharedIndexes: indexes } : {}
}

/** "calls 1, 2 and 3 on index 0": the calls that shared an index, 1-based, by index. */
function sharedIndexText(indexes: readonly number[]): string {
  const byIndex = new Map<number, number[]>()
  indexes.forEach((index, position) => getOrCreate(byIndex, index, () => []).push(position + 1))
  const shared = [...byIndex].filter(([, calls]) => calls.length > 1)
  return shared.map(([index, calls]) => `calls ${calls.slice(0, -1).join(', ')} and ${calls.at(-1)} on index ${index}`).join(', ')
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

/**
 * `stream_equivalence`: the first turn's calls (names, arguments, in order), text and finish reason equal its
 * counterpart's, and its stream gave each call an index of its own.
 */
export function streamEquivalence(transcript: Transcript): Failure[] {
  const turn = transcript.turns[0]
  if (!turn) return []
  const other = counterpartOf(turn.raw)
  const path = 'turns[0]'
  if (!other) return [{ kind: 'custom_check', message: 'no answer of the other mode was recorded to compare with (the probe needs --stream both)', path }]
  const mine: CounterpartTurn = { stream: !other.stream, text: turn.text, calls: turn.calls, finish: turn.finishReason.unified, ...sharedOf(turn.raw, !other.stream) }
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
  const problems = differences.length > 0 ? [`the streamed answer differs from the non-streamed one: ${differences.join('; ')}`] : []
  // Assembled right (the calls then compare equal), and a deviation from OpenAI's stream all the same.
  if (streamed.sharedIndexes) {
    problems.push(`the host streamed ${sharedIndexText(streamed.sharedIndexes)} of delta.tool_calls, where OpenAI's stream gives each call an index of its own (toolgauge assembled them apart; a client joining deltas by index merges them into one call)`)
  }
  return problems.map((message) => ({ kind: 'custom_check', message, path }))
}
