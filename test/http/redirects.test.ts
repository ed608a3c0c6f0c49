// No credential follows a redirect: a 3xx from the configured host is a ProviderError naming both hosts, and the
// host it names never sees a request (with the key or without). Real SDKs, loopback servers.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, fastRetries, makeProvider, runMiniCase, setProviderEnv, startFakeServer } from '../providers/fake/harness.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { measureToolTokens } from '../../src/tokens/measure-tool-tokens.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  delete process.env.TOOLGAUGE_TEST_COMPAT_KEY
})

const compatibleKey = 'sk-test-COMPAT-0123456789abcdef'

describe.each(allProviderKinds)('%s: a redirect from the API host', (kind) => {
  it.each([301, 302, 307, 308])('HTTP %i is a ProviderError naming both hosts, and the other host gets no request', async (status) => {
    setProviderEnv(kind, undefined)
    const elsewhere = await startFakeServer(kind, weatherModel)
    open.push(elsewhere)
    const api = await startLoopback((request) => ({ type: 'json', status, headers: { location: `${elsewhere.origin}${request.path}` }, body: {} }))
    open.push(api)
    process.env.TOOLGAUGE_TEST_COMPAT_KEY = compatibleKey
    // openai-compatible sends a key only when one is named; `api-key` (Azure style) rides along as an extra header.
    const keyed = kind === 'openai-compatible' ? { apiKeyEnv: 'TOOLGAUGE_TEST_COMPAT_KEY', settings: { extra_headers: { 'api-key': compatibleKey } } } : {}
    const provider = await makeProvider(kind, 'm', { ...fastRetries, ...keyed, baseUrl: baseUrlFor(kind, api.origin) })
    const failure = await runMiniCase(provider, { id: 'redirect', prompt: 'Weather in Paris?' }).catch((error: unknown) => error)
    expect(ProviderError.isInstance(failure), String(failure)).toBe(true)
    const message = (failure as ProviderError).message
    expect(message).toContain(new URL(api.origin).host)
    expect(message).toContain(new URL(elsewhere.origin).host)
    expect(message).toMatch(new RegExp(`HTTP ${status}`))
    expect(elsewhere.requests).toEqual([])
    // Not retried: the answer would be the same redirect.
    expect(api.requests).toHaveLength(1)
  })
})

describe('live token measurement (tokens --live)', () => {
  it.each(['anthropic', 'openai', 'openai-responses', 'openai-compatible'] as const)('%s: a redirect is a ProviderError naming both hosts, and the other host gets no request', async (kind) => {
    setProviderEnv(kind === 'openai-compatible' ? 'openai' : kind, undefined)
    const elsewhere = await startLoopback(() => ({ type: 'json', status: 200, body: { input_tokens: 1 } }))
    open.push(elsewhere)
    const api = await startLoopback((request) => ({ type: 'json', status: 307, headers: { location: `${elsewhere.origin}${request.path}` }, body: {} }))
    open.push(api)
    process.env.TOOLGAUGE_TEST_COMPAT_KEY = compatibleKey
    const failure = await measureToolTokens(
      { model: `${kind}:m`, tools: [{ name: 'ping', description: 'Is it up', parameters: { type: 'object', properties: {} } }], perTool: false },
      { baseUrl: kind === 'anthropic' ? api.origin : `${api.origin}/v1`, ...(kind === 'openai-compatible' ? { apiKeyEnv: 'TOOLGAUGE_TEST_COMPAT_KEY' } : {}) },
    ).catch((error: unknown) => error)
    expect(ProviderError.isInstance(failure), String(failure)).toBe(true)
    expect((failure as ProviderError).message).toContain(new URL(api.origin).host)
    expect((failure as ProviderError).message).toContain(new URL(elsewhere.origin).host)
    expect(elsewhere.requests).toEqual([])
  })
})
