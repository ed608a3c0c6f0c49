// Histories a valid toolgauge transcript can hold but the API would refuse as the provider used to send them: each
// stand-in enforces the API's rule (test/providers/fake/*-protocol.ts, citing where it is stated), and the adapter
// must send a request the API takes.
// - Anthropic: `tool_use.id` must match ^[a-zA-Z0-9_-]+$ — a history's ids from other providers (Kimi's
//   `functions.get_weather:0`) or written by hand are mapped to ids that do, the call and its result alike.
// - Anthropic: text blocks must hold non-whitespace text — a whitespace-only user message or assistant text is left out.
// - OpenAI Chat Completions: a call id sent back is at most 40 characters; Responses: a call_id at most 64.
// - Responses: a reasoning item goes back only with the item it preceded — a turn cut after its reasoning (no
//   message, no call) sends none of it.
import { afterEach, describe, expect, it } from 'vitest'
import type { Message } from '../../src/core/message.ts'
import type { Provider } from '../../src/core/provider.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer, type ProviderKind } from './fake/harness.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function setup(kind: ProviderKind, model = 'test-model', editAnswer?: (answer: any) => unknown): Promise<{ server: FakeServer; provider: Provider }> {
  setProviderEnv(kind, undefined)
  const server = await startFakeServer(kind, weatherModel, editAnswer ? { editAnswer } : {})
  open.push(server)
  return { server, provider: await makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin), retries: 0 }) }
}

const generate = (provider: Provider, messages: Message[], turn = 0) =>
  provider.doGenerate({ messages, tools: weatherTools, toolChoice: 'auto', context: { suite: 'weather', caseId: 'history', repeat: 0, turn } })

/** A history whose two calls carry `ids`, each answered: the model's next turn summarizes the results. */
function answered(ids: readonly [string, string], text = ''): Message[] {
  return [
    { role: 'user', content: 'Weather in Paris and London?' },
    { role: 'assistant', content: text, toolCalls: [{ id: ids[0], name: 'get_weather', rawArguments: '{"city":"Paris"}' }, { id: ids[1], name: 'get_weather', rawArguments: '{"city":"London"}' }] },
    { role: 'tool', toolCallId: ids[0], name: 'get_weather', content: '18C in Paris' },
    { role: 'tool', toolCallId: ids[1], name: 'get_weather', content: '15C in London' },
  ]
}

const longIds = [`call_${'a'.repeat(60)}_0`, `call_${'a'.repeat(60)}_1`] as const

describe('call ids from a history that the API would refuse', () => {
  it.each([
    { kind: 'anthropic' as const, ids: ['functions.get_weather:0', 'functions.get_weather:1'] as const },
    { kind: 'anthropic' as const, ids: ['call 1', 'call/1'] as const },
    { kind: 'openai' as const, ids: longIds },
    { kind: 'openai-responses' as const, ids: longIds },
  ])('$kind: $ids.0 … are sent as ids the API takes, each result still linked to its call', async ({ kind, ids }) => {
    const { server, provider } = await setup(kind)
    const turn = await generate(provider, answered(ids))
    expect(server.violations).toEqual([])
    expect(turn.text).toBe('Summary: 18C in Paris | 15C in London')
    // Two distinct ids, one per call, each answered by its own result.
    const [conversation] = server.api.conversations
    expect(new Set(conversation!.results.map((result) => result.callId)).size).toBe(2)
  })

  it('keeps ids the API takes as they are', async () => {
    const { server, provider } = await setup('anthropic')
    await generate(provider, answered(['toolu_01A', 'call_0_1']))
    expect(server.api.conversations[0]!.results.map((result) => result.callId)).toEqual(['toolu_01A', 'call_0_1'])
  })
})

describe('Anthropic text that is only whitespace', () => {
  it('leaves out whitespace-only assistant text beside the calls, and a whitespace-only user message', async () => {
    const { server, provider } = await setup('anthropic')
    const turn = await generate(provider, [...answered(['toolu_1', 'toolu_2'], '\n\n'), { role: 'user', content: '  ' }])
    expect(server.violations).toEqual([])
    expect(turn.text).toBe('Summary: 18C in Paris | 15C in London')
  })
})

describe('a Responses turn cut after its reasoning', () => {
  it('sends no lone reasoning item on the next request', async () => {
    let answers = 0
    // The first answer is the reasoning alone, cut at the output limit (status incomplete), as a reasoning model's can be.
    const cut = (answer: any) => (answers++ > 0 ? answer : { ...answer, status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' }, output: answer.output.filter((item: any) => item.type === 'reasoning') })
    const { server, provider } = await setup('openai-responses', 'gpt-5-test', cut)
    const messages: Message[] = [{ role: 'user', content: 'Weather in Paris?' }]
    const first = await generate(provider, messages)
    expect(first.finishReason.unified).toBe('length')
    expect(first.reasoning?.protocol).toBe('openai-responses')
    messages.push({ role: 'assistant', content: first.text, toolCalls: first.toolCalls, reasoning: first.reasoning! }, { role: 'user', content: 'Weather in Oslo?' })
    const second = await generate(provider, messages, 1)
    expect(server.violations).toEqual([])
    expect(second.toolCalls.map((call) => call.name)).toEqual(['get_weather'])
  })
})
