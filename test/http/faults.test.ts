// Retries and fault tolerance through the real SDKs: faults are acted out by loopback servers, never mocked.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import {
  anthropicKey,
  baseUrlFor,
  behaviourOf,
  fastRetries,
  makeProvider,
  openaiKey,
  allProviderKinds,
  runMiniCase,
  setProviderEnv,
  startFakeServer,
  type FakeServer,
} from '../providers/fake/harness.ts'
import { startLoopback, withFaults, type Loopback } from '../providers/fake/loopback.ts'
import { closedPort } from '../helpers/closed-port.ts'

const cases = [
  { id: 'parallel', prompt: 'Weather in Paris and London?' },
  { id: 'serial', prompt: 'Weather in Paris, London and Tokyo?', parallel: false },
  { id: 'none', prompt: 'Weather in Oslo?', toolChoice: 'none' as const },
  { id: 'named', prompt: 'Weather in Tokyo?', toolChoice: { name: 'get_weather' } },
]

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function track<T extends { close(): Promise<void> }>(server: Promise<T>): Promise<T> {
  const started = await server
  open.push(started)
  return started
}

describe.each(allProviderKinds)('%s with 1 request in 3 failing', (kind) => {
  it('recovers every case with the same turns as a healthy server', async () => {
    setProviderEnv(kind, undefined)
    const healthy = await track(startFakeServer(kind, weatherModel))
    let faults: string[] = []
    const faulty: FakeServer = await track(
      startFakeServer(kind, weatherModel, {
        wrap: (handler) => {
          const wrapped = withFaults(handler)
          faults = wrapped.injected
          return wrapped
        },
      }),
    )
    const retries: { reason: string; delayMs: number }[] = []
    const good = await makeProvider(kind, 'm', { baseUrl: baseUrlFor(kind, healthy.origin) })
    const flaky = await makeProvider(kind, 'm', { ...fastRetries, baseUrl: baseUrlFor(kind, faulty.origin), onRetry: (info) => retries.push(info) })
    for (const testCase of cases) {
      const expected = behaviourOf(await runMiniCase(good, testCase))
      const transcript = await runMiniCase(flaky, testCase)
      expect(behaviourOf(transcript)).toEqual(expected)
    }
    expect(faulty.violations).toEqual([])
    expect(new Set(faults)).toEqual(new Set(['429', '500', 'reset', 'truncated']))
    expect(retries).toHaveLength(faults.length)
    // Retry-After: 1 is honoured, capped by retryMaxDelayMs.
    expect(retries.find((retry) => retry.reason.startsWith('HTTP 429'))?.delayMs).toBe(fastRetries.retryMaxDelayMs)
    expect(retries.map((retry) => retry.reason).join('\n')).toMatch(/unparsable JSON body/)
    expect(retries.map((retry) => retry.reason).join('\n')).toMatch(/connection failed/)
  })
})

describe('giving up', () => {
  it.each(allProviderKinds)('%s: unreachable server → ProviderError after the retries', async (kind) => {
    setProviderEnv(kind, undefined)
    const port = await closedPort()
    const provider = await makeProvider(kind, 'm', { ...fastRetries, retries: 2, baseUrl: baseUrlFor(kind, `http://127.0.0.1:${port}`) })
    const failure = await runMiniCase(provider, cases[0]!).catch((error: unknown) => error)
    expect(ProviderError.isInstance(failure)).toBe(true)
    const error = failure as ProviderError
    expect(error.message).toMatch(new RegExp(`^${kind}:m: connection failed: .*ECONNREFUSED.*gave up after 2 retries`))
    expect(error.details.retries).toBe(2)
  })

  it.each(allProviderKinds)('%s: an unreachable server is named in the message, with what to check', async (kind) => {
    setProviderEnv(kind, undefined)
    const port = await closedPort()
    const provider = await makeProvider(kind, 'm', { ...fastRetries, retries: 1, baseUrl: baseUrlFor(kind, `http://127.0.0.1:${port}`) })
    const error = (await runMiniCase(provider, cases[0]!).catch((caught: unknown) => caught)) as ProviderError
    expect(error.message).toContain(`nothing answered at http://127.0.0.1:${port}/`)
    expect(error.message).toContain(`is the server running at http://127.0.0.1:${port}, and is the base URL right?`)
  })

  it('stops at once on a non-retryable status and redacts the key the server echoed', async () => {
    setProviderEnv('openai', undefined)
    const server: Loopback = await track(
      startLoopback(() => ({ type: 'json', status: 401, body: { error: { message: `Incorrect API key provided: ${openaiKey}` } } })),
    )
    const provider = await makeProvider('openai', 'm', { ...fastRetries, baseUrl: `${server.origin}/v1` })
    const error = (await runMiniCase(provider, cases[0]!).catch((caught: unknown) => caught)) as ProviderError
    expect(ProviderError.isInstance(error)).toBe(true)
    expect(error.details.status).toBe(401)
    expect(error.message).toContain('[redacted]')
    expect(error.message).not.toContain(openaiKey)
    expect(server.requests).toHaveLength(1)
  })

  it('keeps the last error message when a 5xx persists', async () => {
    setProviderEnv('anthropic', undefined)
    const server: Loopback = await track(startLoopback(() => ({ type: 'json', status: 529, body: { type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } } })))
    const provider = await makeProvider('anthropic', 'm', { ...fastRetries, retries: 3, baseUrl: server.origin })
    const error = (await runMiniCase(provider, cases[0]!).catch((caught: unknown) => caught)) as ProviderError
    expect(error.message).toMatch(/^anthropic:m: HTTP 529: .*Overloaded.*gave up after 3 retries/)
    expect(error.details).toMatchObject({ status: 529, retries: 3 })
    expect(server.requests).toHaveLength(4)
    expect(error.message).not.toContain(anthropicKey)
  })

  it('times out a hanging attempt and retries it', async () => {
    setProviderEnv('openai', undefined)
    let calls = 0
    const healthy = weatherModel
    const server = await track(
      startFakeServer('openai', healthy, {
        wrap: (handler) => (request, index) => (calls++ === 0 ? new Promise(() => {}) : handler(request, index)),
      }),
    )
    const provider = await makeProvider('openai', 'm', { ...fastRetries, timeoutMs: 200, baseUrl: `${server.origin}/v1` })
    const transcript = await runMiniCase(provider, cases[2]!)
    expect(transcript.turns[0]!.retries).toBe(1)
  })

  it('passes a caller abort through without retrying', async () => {
    setProviderEnv('openai', undefined)
    const server = await track(startLoopback(() => new Promise(() => {})))
    const provider = await makeProvider('openai', 'm', { ...fastRetries, baseUrl: `${server.origin}/v1` })
    const controller = new AbortController()
    const pending = provider.doGenerate(
      { messages: [{ role: 'user', content: 'x' }], tools: [], toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } },
      controller.signal,
    )
    setTimeout(() => controller.abort(), 50)
    const error = await pending.catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(false)
    expect(server.requests).toHaveLength(1)
  })
})
