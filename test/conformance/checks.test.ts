// The probes' own rules (src/conformance/checks.ts, stream-equivalence.ts, wire-call-ids.ts) as pure functions of a transcript.
import { describe, expect, it } from 'vitest'
import { exactArgument, hostCallIds, toolCallFinishReasons, uniqueCallIds, usageReported } from '../../src/conformance/checks.ts'
import { streamEquivalence, withCounterpart } from '../../src/conformance/stream-equivalence.ts'
import { wireCallIds } from '../../src/conformance/wire-call-ids.ts'
import type { ModelTurn } from '../../src/core/model-turn.ts'
import type { Transcript, TranscriptCall, TranscriptTurn } from '../../src/core/transcript.ts'

function call(id: string, name: string, rawArguments: string, wireId?: string): TranscriptCall {
  let parsed: unknown
  try {
    parsed = JSON.parse(rawArguments)
  } catch {}
  return { id, name, rawArguments, ...(parsed !== undefined ? { arguments: parsed } : {}), ...(wireId ? { wireId } : {}), check: { knownTool: true, wellFormed: parsed !== undefined, schemaIssues: [] } }
}

function turn(calls: TranscriptCall[], extra: Partial<TranscriptTurn> = {}): TranscriptTurn {
  return {
    index: 0,
    request: { toolChoice: 'auto', toolNames: [] },
    text: '',
    calls,
    finishReason: { unified: calls.length > 0 ? 'tool-calls' : 'stop', raw: calls.length > 0 ? 'tool_calls' : 'stop' },
    usage: { input: 10, output: 2, cacheRead: 0, cacheWrite: 0 },
    latencyMs: 1,
    retries: 0,
    toolResults: [],
    ...extra,
  }
}

function transcript(...turns: TranscriptTurn[]): Transcript {
  return { initialMessages: [], turns: turns.map((each, index) => ({ ...each, index })), stop: 'no-calls', usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }, latencyMs: 0 }
}

const paris = call('call_1', 'get_weather', '{"city":"Paris"}')

describe('finish_reason', () => {
  it('fails a turn with calls that stops plainly where the protocol has a tool-call reason (chat stop, Anthropic end_turn)', () => {
    expect(toolCallFinishReasons(transcript(turn([paris], { finishReason: { unified: 'tool-calls', raw: 'stop' } })))[0]?.message).toContain('finished with "stop"')
    expect(toolCallFinishReasons(transcript(turn([paris], { finishReason: { unified: 'tool-calls', raw: 'end_turn' } })))).toHaveLength(1)
  })

  it('passes the tool-call reasons, and the plain reason of protocols that have none (Gemini STOP, Responses completed)', () => {
    for (const raw of ['tool_calls', 'tool_use', 'STOP', 'completed']) {
      expect(toolCallFinishReasons(transcript(turn([paris], { finishReason: { unified: 'tool-calls', raw } }))), raw).toEqual([])
    }
    // A turn without calls may stop as it likes.
    expect(toolCallFinishReasons(transcript(turn([], { finishReason: { unified: 'stop', raw: 'stop' } })))).toEqual([])
  })
})

describe('unicode_arguments', () => {
  const check = exactArgument('save_note', 'text', 'café')
  it('passes the same code units, and fails a text the matchers would accept after NFC, naming the code points', () => {
    expect(check(transcript(turn([call('c', 'save_note', '{"text":"café"}')])))).toEqual([])
    const [failure] = check(transcript(turn([call('c', 'save_note', JSON.stringify({ text: 'cafe\u0301' }))])))
    expect(failure?.message).toBe('"text" differs from the text sent at character 4 of 4: expected U+00E9, got U+0065 U+0301 (5 characters arrived)')
    expect(failure?.path).toBe('turns[0].calls[0].arguments.text')
  })

  it('says so when the arguments are not JSON at all', () => {
    expect(check(transcript(turn([call('c', 'save_note', "{'text': 'café'}")])))[0]?.message).toContain('are not JSON')
  })
})

describe('call ids', () => {
  it('parallel_calls: an id the loop replaced within one turn is one the host gave twice', () => {
    expect(uniqueCallIds(transcript(turn([paris, call('call_0_1', 'get_weather', '{"city":"London"}', 'call_1')])))[0]?.message).toBe('the host gave two calls of turn 1 the same id "call_1"')
    // An id repeated from an earlier turn is the loop's business (it is unique in the case), not this probe's.
    expect(uniqueCallIds(transcript(turn([paris]), turn([call('call_1_0', 'get_weather', '{"city":"Oslo"}', 'call_1')])))).toEqual([])
  })

  it('ids_round_trip: reads the ids from the wire answer, where a missing one is still visible', () => {
    const answer = { choices: [{ message: { tool_calls: [{ function: { name: 'get_weather', arguments: '{}' } }] } }] }
    expect(hostCallIds(transcript(turn([paris], { raw: { response: answer } })))[0]?.message).toContain('the host sent no call id in turn 1')
    expect(hostCallIds(transcript(turn([paris], { raw: { response: { choices: [{ message: { tool_calls: [{ id: 'call_1' }] } }] } } })))).toEqual([])
  })

  it('wireCallIds reads Chat Completions, Responses, Messages and Gemini answers', () => {
    expect(wireCallIds({ choices: [{ message: { tool_calls: [{ id: 'a' }, {}] } }] })).toEqual(['a', undefined])
    expect(wireCallIds({ output: [{ type: 'reasoning' }, { type: 'function_call', call_id: 'b' }] })).toEqual(['b'])
    expect(wireCallIds({ content: [{ type: 'text' }, { type: 'tool_use', id: 'c' }] })).toEqual(['c'])
    expect(wireCallIds({ candidates: [{ content: { parts: [{ text: 'x' }, { functionCall: { name: 'f' } }] } }] })).toEqual([undefined])
    expect(wireCallIds('not an answer')).toBeUndefined()
  })
})

describe('usage', () => {
  it('fails a turn that reports no input or no output tokens', () => {
    expect(usageReported(transcript(turn([paris]), turn([], { usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } })))).toEqual([
      { kind: 'custom_check', message: 'turn 2 reports 0 input and 0 output tokens', path: 'turns[1].usage' },
    ])
  })
})

describe('stream_equivalence', () => {
  const answer = (rawArguments: string): ModelTurn => ({ text: '', toolCalls: [{ id: 'x', name: 'get_weather', rawArguments }], finishReason: { unified: 'tool-calls' }, usage: { input: 1, output: 1, cacheRead: 0, cacheWrite: 0 }, latencyMs: 0 })
  const judged = (own: string, other: string) => {
    const mine = withCounterpart(answer(own), answer(other), true)
    return streamEquivalence(transcript(turn([call('x', 'get_weather', own)], { raw: mine.raw! })))
  }

  it('compares arguments as JSON values, and names what differs', () => {
    expect(judged('{"city":"Paris","unit":"c"}', '{"unit":"c","city":"Paris"}')).toEqual([])
    expect(judged('{"city":"Paris"}', '{"city":"Pa{"city":"Paris"}')[0]?.message).toBe('the streamed answer differs from the non-streamed one: call 1 (get_weather) has other arguments streamed: "{\\"city\\":\\"Pa{\\"city\\":\\"Paris\\"}" against "{\\"city\\":\\"Paris\\"}"')
  })

  it('fails when no answer of the other mode was recorded', () => {
    expect(streamEquivalence(transcript(turn([paris])))[0]?.message).toContain('needs --stream both')
  })
})
