// Reasoning state goes back exactly as it came: each stand-in enforces its API's rule (thinking blocks with
// signatures, reasoning items with encrypted content, DeepSeek reasoning_content, thought signatures on calls), so a
// follow-up without the state is refused here as the real API refuses it.
import { afterEach, describe, expect, it } from 'vitest'
import { InputError, ProviderError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, makeProvider, runMiniCase, setProviderEnv, startFakeServer, type FakeServer, type ProviderKind } from './fake/harness.ts'
import type { ProviderOptions } from '../../src/providers/provider-options.ts'
import type { ChatQuirks } from './fake/chat-protocol.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function setup(kind: ProviderKind, model: string, options: ProviderOptions = {}, quirks: ChatQuirks = {}) {
  setProviderEnv(kind, undefined)
  const server = await startFakeServer(kind, weatherModel, { quirks })
  open.push(server)
  const provider = await makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin), ...options })
  return { server, provider }
}

/** The same provider with the loop's old behaviour: assistant turns rebuilt without their reasoning state. */
function forgetful(provider: Provider): Provider {
  return {
    id: provider.id,
    doGenerate: (request, signal) =>
      provider.doGenerate({ ...request, messages: request.messages.map((message) => (message.role === 'assistant' ? { ...message, reasoning: undefined } : message)) }, signal),
  }
}

const parallel = { id: 'parallel', prompt: 'Weather in Paris and London?' }
type Body = Record<string, unknown>
const bodyOf = (server: FakeServer, index: number) => server.requests[index]!.body as Body

describe('Anthropic thinking', () => {
  const thinking = { settings: { thinking: { type: 'enabled' as const, budget_tokens: 2048 } } }

  it('sends thinking and redacted_thinking blocks back verbatim, in order, with the tool_use blocks', async () => {
    const { server, provider } = await setup('anthropic', 'claude-thinker', thinking)
    const transcript = await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    expect(transcript.turns.at(-1)!.text).toMatch(/^Summary: 18C in Paris \| 15C in London/)
    const first = transcript.turns[0]!
    expect(first.toolCalls).toHaveLength(2)
    expect(first.reasoning?.protocol).toBe('anthropic')
    const returned = (first.raw!.response as { content: unknown[] }).content
    expect(returned.map((block) => (block as { type: string }).type)).toEqual(['thinking', 'redacted_thinking', 'tool_use', 'tool_use'])
    const followUp = bodyOf(server, 1)
    expect(followUp.thinking).toEqual({ type: 'enabled', budget_tokens: 2048 })
    expect(followUp.max_tokens).toBe(2048 + 4096)
    expect((followUp.messages as { content: unknown }[])[1]!.content).toEqual(returned)
  })

  it('is refused by the stand-in when the thinking blocks are dropped', async () => {
    const { server, provider } = await setup('anthropic', 'claude-thinker', thinking)
    const error = await runMiniCase(forgetful(provider), parallel).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect(server.violations[0]).toMatch(/messages\.1\.content\.0\.type: Expected `thinking` or `redacted_thinking`, but found `tool_use`/)
  })

  it('refuses a forced tool_choice with thinking on, naming the case', async () => {
    const { provider } = await setup('anthropic', 'claude-thinker', thinking)
    const error = await runMiniCase(provider, { id: 'forced', prompt: 'Weather in Oslo?', toolChoice: 'required' }).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(/case "forced" of suite "weather" forces a tool/)
  })
})

describe('OpenAI Responses reasoning items', () => {
  it('asks for encrypted reasoning and sends reasoning, phased message and function_call items back in order', async () => {
    const { server, provider } = await setup('openai-responses', 'gpt-5-mini', { settings: { reasoning: { effort: 'low', summary: 'auto' } } })
    const transcript = await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    expect(bodyOf(server, 0)).toMatchObject({ store: false, include: ['reasoning.encrypted_content'], reasoning: { effort: 'low', summary: 'auto' } })
    const output = (transcript.turns[0]!.raw!.response as { output: Body[] }).output
    expect(output.map((item) => item.type)).toEqual(['reasoning', 'message', 'function_call', 'function_call'])
    expect(output[0]!.encrypted_content).toMatch(/^enc-/)
    expect(output[1]!.phase).toBe('commentary')
    const input = bodyOf(server, 1).input as Body[]
    // user, then the turn's items as returned less their ids (store: false persists nothing), then the two outputs.
    expect(input.slice(1, 5)).toEqual(output.map(({ id: _id, ...item }) => item))
    expect(input.slice(5).map((item) => item.type)).toEqual(['function_call_output', 'function_call_output'])
    expect(transcript.turns[0]!.usage.reasoning).toBe(64)
  })

  // DeepSeek's Responses API refuses a reasoning item referred to by its id under store: false ("Items are not
  // persisted when `store` is set to false"), even with its encrypted content: the stand-in enforces that rule.
  it.each([false, true])('with store: false, never refers to a reasoning item by id: the item itself goes back with its encrypted content (streamed: %s)', async (stream) => {
    const { server, provider } = await setup('openai-responses', 'o4-mini', stream ? { settings: { stream } } : {})
    const transcript = await runMiniCase(provider, { id: 'serial', prompt: 'Weather in Paris, London and Tokyo?', parallel: false })
    expect(server.violations).toEqual([])
    expect(transcript.turns.map((turn) => turn.toolCalls.length)).toEqual([1, 1, 1, 0])
    for (const request of server.requests.slice(1)) {
      const body = request.body as Body
      expect(body.store).toBe(false)
      const reasoning = (body.input as Body[]).filter((item) => item.type === 'reasoning')
      expect(reasoning.length).toBeGreaterThan(0)
      for (const item of reasoning) {
        expect(item.id).toBeUndefined()
        expect(item.encrypted_content).toMatch(/^enc-/)
      }
    }
  })

  it('is refused by the stand-in when the reasoning items are dropped', async () => {
    const { server, provider } = await setup('openai-responses', 'gpt-5-mini')
    const error = await runMiniCase(forgetful(provider), parallel).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect(server.violations[0]).toMatch(/of type 'function_call' was provided without its required 'reasoning' item/)
  })

  it('does not ask a non-reasoning model for encrypted content (the API refuses it)', async () => {
    const { server, provider } = await setup('openai-responses', 'gpt-4.1-mini')
    await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    expect(bodyOf(server, 0).include).toBeUndefined()
  })

  it('chains stored responses with previous_response_id when the model is set to store: true', async () => {
    const { server, provider } = await setup('openai-responses', 'gpt-5-mini', { settings: { store: true } })
    const transcript = await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    expect(transcript.turns.at(-1)!.text).toMatch(/^Summary: 18C in Paris/)
    const followUp = bodyOf(server, 1)
    expect(followUp).toMatchObject({ store: true, previous_response_id: 'resp_0' })
    expect((followUp.input as Body[]).map((item) => item.type)).toEqual(['function_call_output', 'function_call_output'])
  })
})

describe('OpenAI-compatible reasoning fields', () => {
  it('carries DeepSeek reasoning_content back on the assistant message', async () => {
    const { server, provider } = await setup('openai-compatible', 'deepseek-reasoner')
    const transcript = await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    const message = (transcript.turns[0]!.raw!.response as { choices: { message: Body }[] }).choices[0]!.message
    const sent = (bodyOf(server, 1).messages as Body[])[1]!
    expect(sent.reasoning_content).toBe(message.reasoning_content)
    expect(transcript.turns[0]!.reasoning).toEqual({ protocol: 'chat', message: { reasoning_content: message.reasoning_content }, toolCalls: [null, null] })
  })

  it('is refused by a DeepSeek-style stand-in without reasoning_content', async () => {
    const { server, provider } = await setup('openai-compatible', 'deepseek-reasoner')
    await expect(runMiniCase(forgetful(provider), parallel)).rejects.toThrow(/Missing `reasoning_content` field in the assistant message at message index 1/)
    expect(server.violations).toHaveLength(1)
  })

  it("sends each call's Gemini thought signature back on the same call", async () => {
    const { server, provider } = await setup('openai-compatible', 'gemini-2.5-flash')
    const transcript = await runMiniCase(provider, parallel)
    expect(server.violations).toEqual([])
    const returned = (transcript.turns[0]!.raw!.response as { choices: { message: { tool_calls: Body[] } }[] }).choices[0]!.message.tool_calls
    const sent = ((bodyOf(server, 1).messages as Body[])[1]!.tool_calls as Body[])
    expect(sent.map((call) => call.extra_content)).toEqual(returned.map((call) => call.extra_content))
    await expect(runMiniCase(forgetful(provider), parallel)).rejects.toThrow(/missing a thought_signature/)
  })

  it('keeps `reasoning` (gpt-oss) and OpenRouter `reasoning_details` as they came', async () => {
    const oss = await setup('openai-compatible', 'gpt-oss-20b')
    await runMiniCase(oss.provider, parallel)
    expect((bodyOf(oss.server, 1).messages as Body[])[1]!.reasoning).toBe('Thinking about Weather in Paris and London?')
    const router = await setup('openai-compatible', 'anthropic/claude-sonnet-4.5')
    const transcript = await runMiniCase(router.provider, parallel)
    expect(router.server.violations).toEqual([])
    const details = (transcript.turns[0]!.raw!.response as { choices: { message: Body }[] }).choices[0]!.message.reasoning_details
    expect((bodyOf(router.server, 1).messages as Body[])[1]!.reasoning_details).toEqual(details)
  })

  it('records a call sent with no arguments field as {} with a note, and sends {} back', async () => {
    const { server, provider } = await setup('openai-compatible', 'anthropic/claude-sonnet-4.5', {}, { omitEmptyArguments: true })
    const transcript = await runMiniCase(provider, { id: 'bare', prompt: 'What time is it?', toolChoice: { name: 'get_time' } })
    expect(server.violations).toEqual([])
    const call = transcript.turns[0]!.toolCalls[0]!
    expect(call).toMatchObject({ name: 'get_time', rawArguments: '{}', note: 'no arguments field on the wire: recorded as {}' })
    const sent = ((bodyOf(server, 1).messages as Body[])[1]!.tool_calls as { function: Body }[])[0]!
    expect(sent.function.arguments).toBe('{}')
  })
})
