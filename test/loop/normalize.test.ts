import { describe, expect, it } from 'vitest'
import type { Message, RawToolCall } from '../../src/core/message.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import { makeCase } from '../helpers/cases.ts'

/** A custom Provider (the public type) answering with the given calls per turn, then a final text. */
function customProvider(turns: readonly (readonly Partial<RawToolCall>[])[], onRequest?: (request: GenerateRequest) => void): Provider & { seen: Message[][] } {
  const seen: Message[][] = []
  return {
    id: 'custom',
    seen,
    async doGenerate(request) {
      seen.push(JSON.parse(JSON.stringify(request.messages)) as Message[])
      onRequest?.(request)
      const calls = turns[request.context.turn] ?? []
      return { text: calls.length ? '' : 'done', toolCalls: calls as RawToolCall[], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 1 }
    },
  }
}

const paris = '{"city":"Paris"}'

describe('the loop normalizes what providers return (custom providers included)', () => {
  it('tool-call ids are unique within the case: repeated and omitted ids get stable replacements, the original kept', async () => {
    const provider = customProvider([
      [{ id: 'call_0', name: 'get_weather', rawArguments: paris }, { id: 'call_0', name: 'get_time', rawArguments: paris }],
      [{ id: 'call_0', name: 'get_weather', rawArguments: paris }, { name: 'get_time', rawArguments: paris } as RawToolCall, { id: '', name: 'get_time', rawArguments: paris }],
    ])
    const transcript = await runCase(makeCase(), provider, { repeat: 0 })
    const ids = transcript.turns.flatMap((turn) => turn.calls.map((call) => call.id))
    expect(ids).toEqual(['call_0', 'call_0_1', 'call_1_0', 'call_1_1', 'call_1_2'])
    expect(transcript.turns[0]?.calls[1]?.wireId).toBe('call_0')
    expect(transcript.turns[0]?.calls[0]?.wireId).toBeUndefined()
    expect(transcript.turns[1]?.calls[0]?.wireId).toBe('call_0')
    // Results link to the unique ids, in the transcript and on the wire.
    expect(transcript.turns.flatMap((turn) => turn.toolResults.map((result) => result.callId))).toEqual(ids)
    const last = provider.seen.at(-1) ?? []
    const toolIds = last.flatMap((message) => (message.role === 'tool' ? [message.toolCallId] : []))
    const callIds = last.flatMap((message) => (message.role === 'assistant' ? message.toolCalls.map((call) => call.id) : []))
    expect(toolIds).toEqual(ids)
    expect(callIds).toEqual(ids)
    // Deterministic: the same answers give the same ids (record/replay and repeats agree).
    const again = await runCase(makeCase(), customProvider([[{ id: 'call_0', name: 'get_weather', rawArguments: paris }, { id: 'call_0', name: 'get_time', rawArguments: paris }]]), { repeat: 1 })
    expect(again.turns[0]?.calls.map((call) => call.id)).toEqual(['call_0', 'call_0_1'])
  })

  it('ids already used by the case\'s own history are not reused', async () => {
    const history: Message[] = [
      { role: 'user', content: 'Weather in Paris?' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'call_0', name: 'get_weather', rawArguments: paris }] },
      { role: 'tool', toolCallId: 'call_0', name: 'get_weather', content: 'sunny' },
      { role: 'user', content: 'And the time?' },
    ]
    const transcript = await runCase(makeCase({ messages: history }), customProvider([[{ id: 'call_0', name: 'get_time', rawArguments: paris }]]), { repeat: 0 })
    expect(transcript.turns[0]?.calls[0]?.id).toBe('call_0_0')
  })

  it('argument text is kept byte for byte, in the transcript and in the history sent back', async () => {
    const raw = '{ "city" :\t"Par\\u00eds" ,"days":  3.0 }'
    const provider = customProvider([[{ id: 'a', name: 'get_weather', rawArguments: raw }]])
    const transcript = await runCase(makeCase(), provider, { repeat: 0 })
    expect(transcript.turns[0]?.calls[0]?.rawArguments).toBe(raw)
    const assistant = provider.seen[1]?.find((message) => message.role === 'assistant')
    expect(assistant?.role === 'assistant' && assistant.toolCalls[0]?.rawArguments).toBe(raw)
  })

  it('arguments a custom provider returns as an object become JSON text; a missing name is kept as data', async () => {
    const provider = customProvider([[{ id: 'a', name: 'get_weather', rawArguments: { city: 'Paris' } as unknown as string }, { id: 'b', rawArguments: '{}' } as RawToolCall]])
    const testCase = makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }] } })
    const transcript = await runCase(testCase, provider, { repeat: 0 })
    expect(transcript.turns[0]?.calls.map((call) => [call.name, call.rawArguments])).toEqual([['get_weather', paris], ['', '{}']])
    expect(scoreCase(testCase, transcript).failures.map((failure) => failure.kind)).toEqual(['hallucinated_tool'])
  })

  it('providers receive a snapshot of the messages, never the loop\'s live array', async () => {
    const kept: (readonly Message[])[] = []
    const provider = customProvider([[{ id: 'a', name: 'get_weather', rawArguments: paris }], [{ id: 'b', name: 'get_time', rawArguments: paris }]], (request) => {
      kept.push(request.messages)
      // A careless provider edits what it was given; none of it may reach the loop.
      try {
        ;(request.messages as Message[]).push({ role: 'user', content: 'injected' })
      } catch { /* frozen: fine */ }
      try {
        ;(request.messages[0] as { content: string }).content = 'tampered'
      } catch { /* frozen: fine */ }
    })
    const transcript = await runCase(makeCase(), provider, { repeat: 0 })
    expect(kept.map((messages) => messages.length)).toEqual([1, 3, 5])
    expect(provider.seen.map((messages) => messages.map((message) => message.role))).toEqual([
      ['user'], ['user', 'assistant', 'tool'], ['user', 'assistant', 'tool', 'assistant', 'tool'],
    ])
    expect(provider.seen.every((messages) => (messages[0] as { content: string }).content === 'What is the weather in Paris?')).toBe(true)
    expect(transcript.initialMessages[0]).toEqual({ role: 'user', content: 'What is the weather in Paris?' })
  })

  it('a provider cannot change the tool definitions scoring reads', async () => {
    const testCase = makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris' } }] } })
    const provider = customProvider([[{ id: 'a', name: 'get_weather', rawArguments: '{"city":"Paris","country":"FR"}' }]], (request) => {
      try {
        ;(request.tools[0]?.parameters as { additionalProperties?: boolean; properties: Record<string, unknown> }).properties.country = { type: 'string' }
      } catch { /* frozen: fine */ }
    })
    const transcript = await runCase(testCase, provider, { repeat: 0 })
    expect(scoreCase(testCase, transcript).failures.map((failure) => failure.kind)).toEqual(['hallucinated_param'])
  })

  // A server's usage is no model output: a negative count (a proxy's bad arithmetic)
  // summed into the case, the run and its cost made them smaller — a negative run cost — and is read as unknown, as
  // a count that is not a number is.
  it('a negative or non-finite token count is read as unknown (0), never summed into the case', async () => {
    const provider: Provider = {
      id: 'custom',
      async doGenerate() {
        return { text: 'done', toolCalls: [], finishReason: { unified: 'stop' }, usage: { input: -1000, output: 5, cacheRead: -3, cacheWrite: Number.NaN, reasoning: -2 }, latencyMs: 1 }
      },
    }
    const transcript = await runCase(makeCase({ expect: { noCall: true } }), provider, { repeat: 0 })
    expect(transcript.turns[0]!.usage).toEqual({ input: 0, output: 5, cacheRead: 0, cacheWrite: 0 })
  })
})
