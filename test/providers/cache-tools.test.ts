// Issue 27, "Tool definitions cached, not re-bought": with cache_tools (or --cache-tools) each protocol's requests
// carry its cache markers, sent through the real SDK to loopback stand-ins that refuse what the API refuses
// (cache_control with an unknown type, more than 4 breakpoints, a prompt_cache_key that is not a string or is
// longer than 64 characters) and bill the cache by each provider's published rules (fake/prompt-cache.ts): a prefix
// below the model's minimum cacheable length is not cached. Without the setting nothing new is sent.
import { afterEach, describe, expect, it } from 'vitest'
import type { ProviderOptions } from '../../src/providers/provider-options.ts'
import { promptCacheKey } from '../../src/providers/wire/cache-markers.ts'
import { checkSettings } from '../../src/providers/settings/protocol-settings.ts'
import { weatherModel } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, longSystem, makeProvider, runMiniCase, setProviderEnv, startFakeServer, weatherTools, type FakeServer, type ProviderKind } from './fake/harness.ts'
import { openaiIncrement, openaiMinimum } from './fake/prompt-cache.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

/** Two cases through one stand-in; `system` is short by default (below every minimum cacheable length). */
async function run(kind: ProviderKind, options: ProviderOptions, system = 'Be brief.') {
  setProviderEnv(kind, undefined)
  const server = await startFakeServer(kind, weatherModel)
  open.push(server)
  const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), retries: 0, ...options })
  const first = await runMiniCase(provider, { id: 'a', prompt: 'Weather in Paris and London?', system })
  const second = await runMiniCase(provider, { id: 'b', prompt: 'Weather in Oslo?', system })
  return { server, turns: [...first.turns, ...second.turns], bodies: server.requests.map((request) => request.body as Record<string, unknown>) }
}

const key = promptCacheKey({ tools: weatherTools, context: { suite: 'weather', caseId: 'a', repeat: 0, turn: 0 } })

describe('cache_tools: the protocol cache markers on the wire', () => {
  it('anthropic: cache_control on the last tool and on the system block; the prefix is written once, then read', async () => {
    const { server, turns, bodies } = await run('anthropic', { settings: { cache_tools: true } }, longSystem)
    expect(server.violations).toEqual([])
    for (const body of bodies) {
      const tools = body.tools as Record<string, unknown>[]
      expect(tools.at(-1)!.cache_control).toEqual({ type: 'ephemeral' })
      expect(tools.slice(0, -1).every((tool) => tool.cache_control === undefined)).toBe(true)
      expect(body.system).toEqual([{ type: 'text', text: longSystem, cache_control: { type: 'ephemeral' } }])
    }
    // First request writes the prefix, every later one (same tools, same system) reads it.
    expect(turns[0]!.usage.cacheWrite).toBeGreaterThan(1024)
    expect(turns[0]!.usage.cacheRead).toBe(0)
    for (const turn of turns.slice(1)) {
      expect(turn.usage.cacheRead).toBe(turns[0]!.usage.cacheWrite)
      expect(turn.usage.cacheWrite).toBe(0)
      // Cache tokens are part of the input figure (usage.input counts every prompt token).
      expect(turn.usage.input).toBeGreaterThan(turn.usage.cacheRead)
    }
  })

  it('anthropic: tools and system below the minimum cacheable length (1024 tokens here) are marked but never cached', async () => {
    const { server, turns, bodies } = await run('anthropic', { settings: { cache_tools: true } })
    expect(server.violations).toEqual([])
    expect((bodies[0]!.tools as Record<string, unknown>[]).at(-1)!.cache_control).toEqual({ type: 'ephemeral' })
    expect(turns.map((turn) => [turn.usage.cacheRead, turn.usage.cacheWrite])).toEqual(turns.map(() => [0, 0]))
  })

  it('anthropic: --cache-tools (the run option) marks the same as the setting', async () => {
    const { bodies } = await run('anthropic', { cacheTools: true })
    expect((bodies[0]!.tools as Record<string, unknown>[]).at(-1)!.cache_control).toEqual({ type: 'ephemeral' })
  })

  for (const kind of ['openai', 'openai-responses', 'openai-compatible'] as const) {
    it(`${kind}: one prompt_cache_key per suite and tool set, within 64 characters`, async () => {
      const { server, turns, bodies } = await run(kind, { settings: { cache_tools: true } }, longSystem)
      expect(server.violations).toEqual([])
      expect(bodies.map((body) => body.prompt_cache_key)).toEqual(bodies.map(() => key))
      expect(key.length).toBeLessThanOrEqual(64)
      // The stand-in reports cached prompt tokens as the API does (prompt_tokens_details / input_tokens_details):
      // nothing on the first request, then the shared prefix in 128-token steps past 1024, never a write.
      expect(turns[0]!.usage.cacheRead).toBe(0)
      for (const turn of turns.slice(1)) {
        expect(turn.usage.cacheRead).toBeGreaterThanOrEqual(openaiMinimum)
        expect((turn.usage.cacheRead - openaiMinimum) % openaiIncrement).toBe(0)
        expect(turn.usage.input).toBeGreaterThan(turn.usage.cacheRead)
        expect(turn.usage.cacheWrite).toBe(0)
      }
    })

    it(`${kind}: a prompt under 1024 tokens is never cached`, async () => {
      const { turns } = await run(kind, { settings: { cache_tools: true } })
      expect(turns.every((turn) => turn.usage.cacheRead === 0)).toBe(true)
    })
  }

  it('google: takes the setting, sends nothing new (implicit caching) and reports cachedContentTokenCount', async () => {
    const plain = await run('google', {}, longSystem)
    const cached = await run('google', { settings: { cache_tools: true } }, longSystem)
    expect(cached.server.violations).toEqual([])
    expect(cached.bodies).toEqual(plain.bodies)
    // Implicit: the same reads with and without the setting — none on the first request, the repeated prefix after.
    expect(cached.turns.map((turn) => turn.usage.cacheRead)).toEqual(plain.turns.map((turn) => turn.usage.cacheRead))
    expect(cached.turns[0]!.usage.cacheRead).toBe(0)
    expect(cached.turns.slice(1).every((turn) => turn.usage.cacheRead > 4096)).toBe(true)
    // Below the minimum input (4096 tokens for a model the page does not list) nothing is read.
    const short = await run('google', { settings: { cache_tools: true } })
    expect(short.turns.every((turn) => turn.usage.cacheRead === 0)).toBe(true)
  })

  for (const kind of allProviderKinds) {
    it(`${kind}: without the setting no marker is sent`, async () => {
      const { bodies } = await run(kind, {})
      const text = JSON.stringify(bodies)
      expect(text).not.toContain('cache_control')
      expect(text).not.toContain('prompt_cache_key')
    })
  }

  it('the key differs by tool set and by suite, and a long suite name is cut to fit', () => {
    const other = promptCacheKey({ tools: weatherTools.slice(0, 1), context: { suite: 'weather', caseId: 'a', repeat: 0, turn: 0 } })
    const long = promptCacheKey({ tools: weatherTools, context: { suite: 'ü'.repeat(10) + 'x'.repeat(200), caseId: 'a', repeat: 0, turn: 0 } })
    expect(other).not.toBe(key)
    expect(long.length).toBeLessThanOrEqual(64)
    expect(long).toMatch(/^tg:[A-Za-z0-9_.-]+:[0-9a-f]{16}$/)
  })

  it('baseline and scripted models refuse the setting by name (they send no request)', () => {
    expect(() => checkSettings('offline', { cache_tools: true }, 'baseline')).toThrow(/cache_tools.*--cache-tools leaves them alone/)
  })
})

describe('the stand-ins refuse what the APIs refuse', () => {
  async function post(kind: ProviderKind, path: string, headers: Record<string, string>, body: unknown) {
    setProviderEnv(kind, undefined)
    const server = await startFakeServer(kind, weatherModel)
    open.push(server)
    const response = await fetch(`${server.origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) })
    return { status: response.status, violations: server.violations }
  }
  const anthropicHeaders = { 'x-api-key': 'sk-ant-test-ANTHROPIC-0123456789abcdef', 'anthropic-version': '2023-06-01' }
  const tool = { name: 'get_weather', input_schema: { type: 'object' } }
  const messages = [{ role: 'user', content: 'Weather in Paris?' }]

  it('anthropic: cache_control of an unknown type, and a fifth breakpoint', async () => {
    const unknown = await post('anthropic', '/v1/messages', anthropicHeaders, { model: 'm', max_tokens: 10, messages, tools: [{ ...tool, cache_control: { type: 'persistent' } }] })
    expect(unknown.status).toBe(400)
    expect(unknown.violations[0]).toMatch(/tools\.0\.cache_control\.type: Input should be 'ephemeral'/)
    const marked = { ...tool, cache_control: { type: 'ephemeral' } }
    const system = [1, 2].map((n) => ({ type: 'text', text: `s${n}`, cache_control: { type: 'ephemeral' } }))
    const five = await post('anthropic', '/v1/messages', anthropicHeaders, { model: 'm', max_tokens: 10, messages, system, tools: [marked, { ...marked, name: 'b' }, { ...marked, name: 'c' }] })
    expect(five.violations[0]).toMatch(/maximum of 4 blocks with cache_control/)
  })

  it('chat and responses: a prompt_cache_key that is not a string, or longer than 64 characters', async () => {
    const auth = { authorization: 'Bearer sk-test-OPENAI-0123456789abcdef' }
    const chat = await post('openai', '/v1/chat/completions', auth, { model: 'm', messages, prompt_cache_key: 42 })
    expect(chat.violations[0]).toMatch(/prompt_cache_key.*expected a string/)
    const responses = await post('openai-responses', '/v1/responses', auth, { model: 'm', store: false, input: 'hi', prompt_cache_key: 'k'.repeat(65) })
    expect(responses.violations[0]).toMatch(/maximum length 64/)
  })
})
