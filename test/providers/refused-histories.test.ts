// Histories a valid toolgauge transcript can hold but the API would refuse as the provider used to send them: each
// stand-in enforces the API's rule (test/providers/fake/*-protocol.ts, citing where it is stated), and the adapter
// must send a request the API takes.
// - Anthropic: `tool_use.id` must match ^[a-zA-Z0-9_-]+$ — a history's ids from other providers (Kimi's
//   `functions.get_weather:0`) or written by hand are mapped to ids that do, the call and its result alike.
// - Anthropic: text blocks must hold non-whitespace text — a whitespace-only user message or assistant text is left out.
// - OpenAI Chat Completions: a call id sent back is at most 40 characters; Responses: a call_id at most 64.
// - Responses: a reasoning item goes back only with the item it preceded — a turn cut after its reasoning (no
//   message, no call) sends none of it.
// - Mistral (api.mistral.ai, through openai-compatible:): every call id sent back is exactly 9 of [a-zA-Z0-9].
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { Message } from '../../src/core/message.ts'
import type { Provider } from '../../src/core/provider.ts'
import { nodeFetch } from '../../src/http/node-fetch.ts'
import { callIdFitter, fittedCallId } from '../../src/providers/wire/tool-call-ids.ts'
import { fakeApi } from './fake/api.ts'
import { weatherModel } from './fake/behaviour.ts'
import { chatProtocol } from './fake/chat-protocol.ts'
import { baseUrlFor, makeProvider, runMiniCase, setProviderEnv, startFakeServer, weatherTools, type FakeServer, type ProviderKind } from './fake/harness.ts'
import { startLoopback } from './fake/loopback.ts'

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

// Mistral's API (La Plateforme) refuses any call id sent back that is not exactly 9 of [a-zA-Z0-9] (chat-protocol.ts
// checkMistralCallId, citing mistral-common's validator): the loop's own ids (`call_0_1`), another model's
// (`call_PTLP8xhu3uwZk4l3nlnrrJha`) or a conversation's scripted turns would all be refused. The stand-in plays
// api.mistral.ai: the adapter is given Mistral's base URL and a network that carries its requests to the loopback.
describe('call ids to Mistral', () => {
  async function mistral(): Promise<{ server: FakeServer; provider: Provider }> {
    const api = fakeApi(chatProtocol({}, 'mistral'), weatherModel, '')
    const loopback = await startLoopback(api)
    const server = Object.assign(loopback, { violations: api.violations, api })
    open.push(server)
    const toLoopback = ((input: string | URL | Request, init?: RequestInit) =>
      nodeFetch(String(input).replace('https://api.mistral.ai', server.origin), init)) as typeof globalThis.fetch
    const provider = await makeProvider('openai-compatible', 'mistral-large-latest', { baseUrl: 'https://api.mistral.ai/v1', fetch: toLoopback, retries: 0 })
    return { server, provider }
  }

  it.each([
    { from: "the loop's own ids", ids: ['call_0_0', 'call_0_1'] as const },
    { from: "another model's ids", ids: ['call_PTLP8xhu3uwZk4l3nlnrrJha', 'toolu_01A09q90qw90lq917835lq9'] as const },
    { from: 'ids of 9 characters, one not alphanumeric', ids: ['call_0001', 'abc123xyz'] as const },
  ])('$from are sent as 9 alphanumerics, each result still linked to its call', async ({ ids }) => {
    const { server, provider } = await mistral()
    const turn = await generate(provider, answered(ids))
    expect(server.violations).toEqual([])
    expect(turn.text).toBe('Summary: 18C in Paris | 15C in London')
    const sent = server.api.conversations[0]!.results.map((result) => result.callId)
    expect(new Set(sent).size).toBe(2)
    for (const id of sent) expect(id).toMatch(/^[a-zA-Z0-9]{9}$/)
  })

  it("keeps Mistral's own ids, and fits the same history the same way every time", async () => {
    const { server, provider } = await mistral()
    await generate(provider, answered(['abc123xyz', 'call_0_1']))
    await generate(provider, answered(['abc123xyz', 'call_0_1']))
    const [first, second] = server.api.conversations.map((conversation) => conversation.results.map((result) => result.callId))
    expect(first![0]).toBe('abc123xyz')
    expect(second).toEqual(first)
  })

  it('runs a whole case: the ids Mistral issues go back unchanged', async () => {
    const { server, provider } = await mistral()
    const transcript = await runMiniCase(provider, { id: 'paris', prompt: 'Weather in Paris and London?' })
    expect(server.violations).toEqual([])
    expect(transcript.turns.at(-1)!.toolCalls).toEqual([])
  })

  it("names what Mistral refused: its error body is not OpenAI's shape, yet its message reaches the error", async () => {
    const { server, provider } = await mistral()
    const error = await provider.doGenerate({ messages: [{ role: 'user', content: 'Weather?' }], tools: [{ ...weatherTools[0]!, name: 'weather.get' }], toolChoice: 'auto', context: { suite: 'weather', caseId: 'dotted', repeat: 0, turn: 0 } }).catch((caught: unknown) => caught)
    expect(server.violations).toHaveLength(1)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as ProviderError).details.status).toBe(400)
    expect((error as ProviderError).message).toBe(`openai-compatible:mistral-large-latest: 400 ${server.violations[0]!}`)
  })

  it('leaves ids alone for a compatible server elsewhere', async () => {
    const { server, provider } = await setup('openai-compatible')
    await generate(provider, answered(['call_0_0', 'call_0_1']))
    expect(server.api.conversations[0]!.results.map((result) => result.callId)).toEqual(['call_0_0', 'call_0_1'])
  })
})

describe('callIdFitter', () => {
  it('keeps distinct ids distinct when the rule leaves little room, ids that fit kept, the same way every time', () => {
    // Two alphanumerics: 3,844 ids, so 300 distinct ids collide in their first draw (birthday bound) and must draw again.
    const rule = { refused: /[^a-zA-Z0-9]/g, length: 2 }
    const ids = ['ab', ...Array.from({ length: 300 }, (_, index) => `call_${index}`)]
    const fit = callIdFitter(ids, rule)
    const fitted = ids.map(fit)
    expect(fitted[0]).toBe('ab')
    expect(new Set(fitted).size).toBe(ids.length)
    for (const id of fitted) expect(id).toMatch(/^[a-zA-Z0-9]{2}$/)
    expect(ids.map(callIdFitter(ids, rule))).toEqual(fitted)
  })

  it('fits an id the same way as fittedCallId when nothing collides (cassettes recorded before still match)', () => {
    const long = `call_${'a'.repeat(60)}`
    expect(callIdFitter([long, 'call_1'], { maxLength: 40 })(long)).toBe(fittedCallId(long, { maxLength: 40 }))
  })
})
