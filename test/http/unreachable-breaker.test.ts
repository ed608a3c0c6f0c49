// A model's server that is clearly not there (three requests in a row never connected, each after its retries) is
// not called again: later requests fail at once with a ProviderError saying the run stopped calling it, naming the
// URL. Attempts are counted, not time. A server that answers — a 503 too — is reachable and never stops the run.
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { createHttpClient } from '../../src/http/http-client.ts'

type Answer = 'refused' | 'dns' | 503 | 200

/** A network answering each attempt from `answers` (the last one repeated), counting the attempts. */
function network(answers: readonly Answer[]) {
  const counted = { attempts: 0 }
  const fetch = (async () => {
    const answer = answers[Math.min(counted.attempts, answers.length - 1)]!
    counted.attempts++
    if (answer === 'refused' || answer === 'dns') throw new TypeError('fetch failed', { cause: Object.assign(new Error('no'), { code: answer === 'refused' ? 'ECONNREFUSED' : 'ENOTFOUND' }) })
    return new Response(answer === 200 ? '{"ok":true}' : 'busy', { status: answer, headers: { 'content-type': 'application/json' } })
  }) as typeof globalThis.fetch
  return { fetch, counted }
}

/** Sends `requests` requests one after another; what each ended with (a status or the error message). */
async function send(fetch: typeof globalThis.fetch, requests: number, url = 'http://127.0.0.1:9/v1/chat/completions?key=secret'): Promise<string[]> {
  const client = createHttpClient({ fetch, policy: { retries: 2, baseDelayMs: 0, maxDelayMs: 0 } })
  const ended: string[] = []
  for (let i = 0; i < requests; i++) {
    try {
      ended.push(String((await client.fetch(url, { method: 'POST', body: '{}' })).status))
    } catch (error) {
      ended.push(ProviderError.isInstance((error as Error).cause) ? (error as Error).message : `not a ProviderError: ${String(error)}`)
    }
  }
  return ended
}

describe('a model server that never connects', () => {
  it('is called for three requests (each with its retries), then no more: 9 attempts for 10 requests, not 30', async () => {
    const { fetch, counted } = network(['refused'])
    const ended = await send(fetch, 10)
    expect(counted.attempts).toBe(9)
    expect(ended.slice(0, 3).every((message) => message.includes('ECONNREFUSED'))).toBe(true)
    const stopped = ended.slice(3)
    expect(stopped).toHaveLength(7)
    for (const message of stopped) {
      expect(message).toBe('stopped calling http://127.0.0.1:9/v1/chat/completions: nothing answered there for 3 requests in a row (each after its retries), so the run sends it no more — is the server running, and is the base URL right?')
    }
  })

  // What marks a request as not sent is a field, never the message's words (cli/shared-error.ts counts by it).
  it('the requests not sent carry the server they were not sent to as details.stoppedCalling; the others none', async () => {
    const { fetch } = network(['refused'])
    const client = createHttpClient({ fetch, policy: { retries: 0, baseDelayMs: 0, maxDelayMs: 0 } })
    const marks: (string | undefined)[] = []
    for (let i = 0; i < 5; i++) {
      const error = await client.fetch('http://127.0.0.1:9/v1/chat/completions?key=secret', { method: 'POST', body: '{}' }).then(() => undefined, (thrown: Error) => thrown.cause)
      expect(ProviderError.isInstance(error)).toBe(true)
      marks.push((error as ProviderError).details.stoppedCalling)
    }
    expect(marks).toEqual([undefined, undefined, undefined, 'http://127.0.0.1:9/v1/chat/completions', 'http://127.0.0.1:9/v1/chat/completions'])
  })

  it('an unknown host (DNS) counts the same', async () => {
    const { fetch, counted } = network(['dns'])
    await send(fetch, 6)
    expect(counted.attempts).toBe(9)
  })

  it('a server that answers 503 every time is reachable: every request is sent with its retries', async () => {
    const { fetch, counted } = network([503])
    const ended = await send(fetch, 10)
    expect(counted.attempts).toBe(30)
    expect(ended.every((message) => message.includes('HTTP 503'))).toBe(true)
  })

  it('an answer between failures resets the count: two refused, one answered, two refused — nothing is stopped', async () => {
    // Attempts: request 1 (3 refused), request 2 (3 refused), request 3 answered at once, requests 4 and 5 refused.
    const { fetch, counted } = network([...Array<Answer>(6).fill('refused'), 200, ...Array<Answer>(6).fill('refused')])
    const ended = await send(fetch, 5)
    expect(ended[2]).toBe('200')
    expect(ended.some((message) => message.startsWith('stopped calling'))).toBe(false)
    expect(counted.attempts).toBe(13)
  })

  it('a request that connected once before failing (refused, then 503) is not unreachable', async () => {
    const { fetch, counted } = network(['refused', 503, 'refused', 'refused', 503, 'refused', 'refused', 503, 'refused', 'refused', 503, 'refused'])
    const ended = await send(fetch, 4)
    expect(counted.attempts).toBe(12)
    expect(ended.some((message) => message.startsWith('stopped calling'))).toBe(false)
  })
})
