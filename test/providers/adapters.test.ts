// The four adapters through their real SDKs against loopback fakes that check each request like the real API.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ModelTurn } from '../../src/core/model-turn.ts'
import { weatherModel } from './fake/behaviour.ts'
import {
  anthropicKey,
  behaviourOf,
  longSystem,
  makeProvider,
  openaiKey,
  providerKinds,
  runMiniCase,
  setProviderEnv,
  startFakeServer,
  type FakeServer,
  type ProviderKind,
} from './fake/harness.ts'

let server: FakeServer | undefined

beforeEach(() => {
  vi.unstubAllEnvs()
})
afterEach(async () => {
  await server?.close()
  server = undefined
  vi.unstubAllEnvs()
  for (const name of ['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'OPENAI_BASE_URL', 'ANTHROPIC_BASE_URL']) delete process.env[name]
})

async function setup(kind: ProviderKind, options: { cacheTools?: boolean } = {}) {
  server = await startFakeServer(kind, weatherModel)
  setProviderEnv(kind, server.origin)
  return { server, provider: await makeProvider(kind, 'test-model', options) }
}

/** A response's usage as the wire says it: every prompt token, and those read from and written to the cache. */
function wireUsage(kind: ProviderKind, response: any): { prompt: number; read: number; written: number } {
  const usage = response.usage
  if (kind === 'anthropic') return { prompt: usage.input_tokens + usage.cache_read_input_tokens + usage.cache_creation_input_tokens, read: usage.cache_read_input_tokens, written: usage.cache_creation_input_tokens }
  if (kind === 'openai-responses') return { prompt: usage.input_tokens, read: usage.input_tokens_details.cached_tokens, written: 0 }
  return { prompt: usage.prompt_tokens, read: usage.prompt_tokens_details.cached_tokens, written: 0 }
}

function bodies(fake: FakeServer): Record<string, any>[] {
  return fake.requests.map((request) => request.body as Record<string, any>)
}

describe.each(providerKinds)('%s adapter', (kind) => {
  it('runs a parallel tool-calling case with every result linked to its call', async () => {
    const { server, provider } = await setup(kind)
    const transcript = await runMiniCase(provider, { id: 'two-cities', prompt: 'Weather in Paris and London?', system: 'Be brief.' })
    expect(server.violations).toEqual([])
    expect(transcript.turns).toHaveLength(2)
    const [first, last] = transcript.turns
    expect(first!.toolCalls.map((call) => [call.name, JSON.parse(call.rawArguments)])).toEqual([
      ['get_weather', { city: 'Paris' }],
      ['get_weather', { city: 'London' }],
    ])
    expect(first!.finishReason.unified).toBe('tool-calls')
    expect(last!.text).toBe('Summary: 18C in Paris | 15C in London')
    expect(last!.finishReason.unified).toBe('stop')
    // The server saw the results answering exactly the ids it issued.
    const conversation = server.api.conversations[1]!
    expect(conversation.results.map((result) => result.callId)).toEqual(first!.toolCalls.map((call) => call.id))
    expect(conversation.system).toBe('Be brief.')
  })

  it('sends tool definitions in the protocol form and keeps them under tool_choice none', async () => {
    const { server, provider } = await setup(kind)
    const transcript = await runMiniCase(provider, { id: 'none', prompt: 'Weather in Paris?', toolChoice: 'none' })
    expect(server.violations).toEqual([])
    expect(transcript.turns[0]!.text).toBe('No tools: Paris')
    const body = bodies(server)[0]!
    expect(body.tools).toHaveLength(2)
    if (kind === 'anthropic') {
      expect(body.tools[0]).toEqual({ name: 'get_weather', description: 'Current weather for a city', input_schema: expect.objectContaining({ type: 'object' }) })
      expect(body.tool_choice).toEqual({ type: 'none' })
    } else if (kind === 'openai-responses') {
      expect(body.tools[0]).toEqual({ type: 'function', name: 'get_weather', description: 'Current weather for a city', parameters: expect.any(Object), strict: false })
      expect(body.tool_choice).toBe('none')
    } else {
      expect(body.tools[0]).toEqual({ type: 'function', function: { name: 'get_weather', description: 'Current weather for a city', parameters: expect.any(Object) } })
      expect(body.tool_choice).toBe('none')
    }
  })

  it('maps required + parallel off on the first request only, then auto', async () => {
    const { server, provider } = await setup(kind)
    const transcript = await runMiniCase(provider, { id: 'serial', prompt: 'Weather in Paris and London?', toolChoice: 'required', parallel: false })
    expect(server.violations).toEqual([])
    expect(transcript.turns.map((turn) => turn.toolCalls.length)).toEqual([1, 1, 0])
    const [first, second] = bodies(server)
    if (kind === 'anthropic') {
      expect(first!.tool_choice).toEqual({ type: 'any', disable_parallel_tool_use: true })
      expect(second!.tool_choice).toEqual({ type: 'auto', disable_parallel_tool_use: true })
    } else {
      expect(first!.tool_choice).toBe('required')
      expect(first!.parallel_tool_calls).toBe(false)
      expect(second!.tool_choice).toBe('auto')
      expect(second!.parallel_tool_calls).toBe(false)
    }
  })

  it('maps a named tool_choice', async () => {
    const { server, provider } = await setup(kind)
    await runMiniCase(provider, { id: 'named', prompt: 'Weather in Oslo?', toolChoice: { name: 'get_weather' } })
    expect(server.violations).toEqual([])
    const choice = bodies(server)[0]!.tool_choice
    if (kind === 'anthropic') expect(choice).toEqual({ type: 'tool', name: 'get_weather' })
    else if (kind === 'openai-responses') expect(choice).toEqual({ type: 'function', name: 'get_weather' })
    else expect(choice).toEqual({ type: 'function', function: { name: 'get_weather' } })
  })

  it('normalizes usage (input includes cached tokens) and keeps redacted raw payloads', async () => {
    // A prompt over every minimum cacheable length, marked (Anthropic) or keyed (OpenAI): the second request reads
    // the first one's prefix from the stand-in's cache, and its input figure still counts those tokens.
    const { provider } = await setup(kind, { cacheTools: true })
    const transcript = await runMiniCase(provider, { id: 'usage', prompt: 'Weather in Tokyo?', system: longSystem })
    const [first, turn] = transcript.turns as [ModelTurn, ModelTurn]
    const wire = wireUsage(kind, turn.raw?.response)
    expect(turn).toMatchObject({ usage: { input: wire.prompt, output: 10, cacheRead: wire.read, cacheWrite: 0 }, retries: 0 })
    expect(turn.usage.cacheRead).toBeGreaterThan(0)
    expect(turn.usage.input).toBeGreaterThan(turn.usage.cacheRead)
    expect(first.usage.cacheRead).toBe(0)
    expect(first.usage.cacheWrite).toBe(wireUsage(kind, first.raw?.response).written)
    expect(turn.raw?.request).toMatchObject({ model: 'test-model' })
    expect(turn.raw?.response).toBeDefined()
    const text = JSON.stringify(turn.raw)
    expect(text).not.toContain(openaiKey)
    expect(text).not.toContain(anthropicKey)
  })
})

describe('Anthropic specifics', () => {
  it('groups all tool results of a turn first in ONE user message, with is_error for failures', async () => {
    const { server, provider } = await setup('anthropic')
    await runMiniCase(provider, { id: 'errors', prompt: 'Weather in Paris and London?', failTool: 'get_weather', system: 'sys' })
    expect(server.violations).toEqual([])
    const body = bodies(server)[1]!
    expect(body.system).toBe('sys')
    expect(body.max_tokens).toBe(4096)
    expect(body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user'])
    const results = body.messages[2].content
    expect(results).toHaveLength(2)
    expect(results.map((block: { type: string; is_error?: boolean }) => [block.type, block.is_error])).toEqual([
      ['tool_result', true],
      ['tool_result', true],
    ])
    expect(results.map((block: { tool_use_id: string }) => block.tool_use_id)).toEqual(body.messages[1].content.map((block: { id: string }) => block.id))
  })
})

describe('the same behaviour through all four providers', () => {
  it('gives the same normalized turns', async () => {
    const cases = [
      { id: 'parallel', prompt: 'Weather in Paris and London?' },
      { id: 'serial', prompt: 'Weather in Paris, London and Tokyo?', parallel: false, toolChoice: 'required' as const },
      { id: 'none', prompt: 'Weather in Oslo?', toolChoice: 'none' as const },
    ]
    const views: Record<string, unknown> = {}
    for (const kind of providerKinds) {
      const { server, provider } = await setup(kind)
      views[kind] = await Promise.all(cases.map(async (testCase) => behaviourOf(await runMiniCase(provider, testCase), true)))
      expect(server.violations).toEqual([])
      await server.close()
    }
    for (const kind of providerKinds) expect(views[kind]).toEqual(views.openai)
  })
})

describe('openai-compatible tolerances', () => {
  it('accepts object arguments, missing ids and a finish_reason that disagrees with the content', async () => {
    server = await startFakeServer('openai-compatible', weatherModel, { quirks: { objectArguments: true, missingIds: true, wrongFinishReason: true } })
    setProviderEnv('openai-compatible', undefined)
    const provider = await makeProvider('openai-compatible', 'qwen3:8b', { baseUrl: `${server.origin}/v1` })
    const transcript = await runMiniCase(provider, { id: 'quirks', prompt: 'Weather in Paris and London?', parallel: false })
    expect(server.violations).toEqual([])
    expect(transcript.turns.map((turn) => turn.toolCalls.map((call) => call.id))).toEqual([['call_0_0'], ['call_1_0'], []])
    expect(transcript.turns[0]!.toolCalls[0]!.rawArguments).toBe('{"city":"Paris"}')
    expect(transcript.turns[0]!.finishReason).toEqual({ unified: 'tool-calls', raw: 'stop' })
    expect(transcript.turns[2]!.finishReason).toEqual({ unified: 'stop', raw: 'tool_calls' })
  })

  it('gets a repeated call id replaced once, by the loop, which keeps the server\'s own as wireId', async () => {
    server = await startFakeServer('openai-compatible', weatherModel, { quirks: { repeatedIds: true } })
    setProviderEnv('openai-compatible', undefined)
    const provider = await makeProvider('openai-compatible', 'qwen3:8b', { baseUrl: `${server.origin}/v1` })
    const transcript = await runMiniCase(provider, { id: 'repeated-ids', prompt: 'Weather in Paris and London?', parallel: false })
    expect(server.violations).toEqual([])
    expect(transcript.turns.map((turn) => turn.toolCalls.map((call) => [call.id, call.wireId]))).toEqual([[['call_0', undefined]], [['call_1_0', 'call_0']], []])
  })

  it('needs no API key but a base URL', async () => {
    server = await startFakeServer('openai-compatible', weatherModel)
    // Built through the library (createProvider): the message names its options, not the CLI's --base-url.
    await expect(makeProvider('openai-compatible', 'llama3')).rejects.toThrow(/needs the server's URL: give it baseUrl in modelOptions/)
  })
})

describe('configuration errors', () => {
  it('names the missing key variable', async () => {
    await expect(makeProvider('openai', 'gpt-4.1-mini')).rejects.toThrow(/set OPENAI_API_KEY/)
    await expect(makeProvider('anthropic', 'claude-haiku-4-5')).rejects.toThrow(/set ANTHROPIC_API_KEY/)
    process.env.MY_KEY = 'sk-mine-123456'
    await expect(makeProvider('openai', 'gpt-4.1-mini', { apiKeyEnv: 'MY_KEY' })).resolves.toMatchObject({ id: 'openai:gpt-4.1-mini' })
    delete process.env.MY_KEY
  })

  it('rejects a spec without a model', async () => {
    process.env.OPENAI_API_KEY = openaiKey
    await expect(makeProvider('openai', '')).rejects.toThrow(/names no model/)
  })
})
