// The stand-ins refuse what the real APIs refuse, with their error body (status 400, the API's own error shape), so
// the real SDK reports the refusal as it would live. Rules no adapter of ours breaks today are pinned here, so a
// change that breaks one is caught: tool names, strict-mode schemas.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { weatherModel } from './fake/behaviour.ts'
import { Violation } from './fake/api.ts'
import { chatProtocol } from './fake/chat-protocol.ts'
import { responsesProtocol } from './fake/responses-protocol.ts'
import { allProviderKinds, baseUrlFor, makeProvider, openaiKey, setProviderEnv, startFakeServer, type FakeServer } from './fake/harness.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

describe.each(allProviderKinds)('a %s tool name the API refuses', (kind) => {
  it('is a 400 whose message the SDK reports as the API wrote it', async () => {
    setProviderEnv(kind, undefined)
    const server = await startFakeServer(kind, weatherModel)
    open.push(server)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), retries: 0 })
    const error = await provider
      .doGenerate({
        messages: [{ role: 'user', content: 'Weather in Paris?' }],
        tools: [{ name: 'get weather', description: 'Current weather', parameters: { type: 'object', properties: {} } }],
        toolChoice: 'auto',
        context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 },
      })
      .catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as ProviderError).details.status).toBe(400)
    expect(server.violations).toHaveLength(1)
    expect((error as Error).message).toContain(server.violations[0]!)
  })
})

const strictRequest = (tool: Record<string, unknown>, path: string, body: Record<string, unknown>) => ({
  method: 'POST',
  path,
  headers: { authorization: `Bearer ${openaiKey}` },
  body: { model: 'gpt-4.1', ...body, tools: [tool] },
})
const loose = { type: 'object', properties: { city: { type: 'string' }, tz: { type: 'string' } }, required: ['city'], additionalProperties: false }

describe('strict mode', () => {
  it('refuses a strict Chat Completions function whose schema leaves a property out of required', () => {
    const request = strictRequest({ type: 'function', function: { name: 'f', strict: true, parameters: loose } }, '/v1/chat/completions', { messages: [{ role: 'user', content: 'hi' }] })
    expect(() => chatProtocol().parse(request, openaiKey)).toThrow(new Violation("Invalid schema for function 'f': In context=(), 'required' is required to be supplied and to be an array including every key in properties. Missing 'tz'."))
  })

  it('refuses a strict Responses function whose nested object allows more properties', () => {
    const nested = { type: 'object', properties: { where: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }, required: ['where'], additionalProperties: false }
    const request = strictRequest({ type: 'function', name: 'f', strict: true, parameters: nested }, '/v1/responses', { store: false, input: [{ role: 'user', content: 'hi' }] })
    expect(() => responsesProtocol().parse(request, openaiKey)).toThrow(/In context=\('properties', 'where'\), 'additionalProperties' is required to be supplied and to be false/)
  })

  it('takes the same schemas with strict: false, as the adapter sends them', () => {
    const request = strictRequest({ type: 'function', name: 'f', strict: false, parameters: loose }, '/v1/responses', { store: false, input: [{ role: 'user', content: 'hi' }] })
    expect(responsesProtocol().parse(request, openaiKey).toolNames).toEqual(['f'])
  })
})
