import { describe, expect, it } from 'vitest'
import { isRetryableStatus, parseRetryAfter, retryDelayMs, type RetryPolicy } from '../../src/http/retry-policy.ts'
import { redactDeep, redactHeaders, redactText, secretsFromHeaders } from '../../src/http/redact.ts'

const policy: RetryPolicy = { retries: 4, baseDelayMs: 100, maxDelayMs: 1_000 }

describe('retry policy', () => {
  it('retries 408, 409, 429 and 5xx only', () => {
    expect([408, 409, 429, 500, 502, 503, 529].every(isRetryableStatus)).toBe(true)
    expect([400, 401, 403, 404, 422].some(isRetryableStatus)).toBe(false)
  })

  it('reads Retry-After as seconds, an HTTP date, or retry-after-ms', () => {
    expect(parseRetryAfter(new Headers({ 'retry-after': '3' }))).toBe(3_000)
    expect(parseRetryAfter(new Headers({ 'retry-after-ms': '250', 'retry-after': '3' }))).toBe(250)
    expect(parseRetryAfter(new Headers({ 'retry-after': new Date(10_000).toUTCString() }), 4_000)).toBe(6_000)
    expect(parseRetryAfter(new Headers({ 'retry-after': 'soon' }))).toBeUndefined()
    expect(parseRetryAfter(new Headers())).toBeUndefined()
  })

  it('honours Retry-After up to the ceiling, else backs off exponentially with jitter', () => {
    const status = (retryAfterMs?: number) => ({ type: 'status' as const, status: 429, message: 'x', ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) })
    expect(retryDelayMs(policy, 1, status(700))).toBe(700)
    expect(retryDelayMs(policy, 1, status(60_000))).toBe(1_000)
    expect(retryDelayMs(policy, 1, status(), () => 0)).toBe(50)
    expect(retryDelayMs(policy, 1, status(), () => 1)).toBe(100)
    expect(retryDelayMs(policy, 3, status(), () => 1)).toBe(400)
    expect(retryDelayMs(policy, 10, status(), () => 1)).toBe(1_000)
  })
})

describe('redaction', () => {
  it('masks credential headers and secret values everywhere', () => {
    const headers = new Headers({ authorization: 'Bearer sk-secret-1234', 'x-api-key': 'k-9999', 'content-type': 'application/json', 'x-echo': 'sk-secret-1234' })
    const secrets = secretsFromHeaders(headers)
    expect(secrets).toContain('sk-secret-1234')
    expect(redactHeaders(headers, secrets)).toEqual({ authorization: '[redacted]', 'x-api-key': '[redacted]', 'content-type': 'application/json', 'x-echo': '[redacted]' })
    expect(redactText('key sk-secret-1234 here', secrets)).toBe('key [redacted] here')
    expect(redactDeep({ a: ['sk-secret-1234'], sk_x: { 'sk-secret-1234': 1 } }, secrets)).toEqual({ a: ['[redacted]'], sk_x: { '[redacted]': 1 } })
  })

  it('redacts a key whole when another secret is a part of it, whatever order the list has', () => {
    // Two keys of a run where one begins with the other (a key and a longer one derived from it).
    const secrets = ['sk-proj-1234', 'sk-proj-1234-admin-5678']
    expect(redactText('a sk-proj-1234-admin-5678 b sk-proj-1234', secrets)).toBe('a [redacted] b [redacted]')
    expect(redactDeep({ text: 'sk-proj-1234-admin-5678' }, secrets)).toEqual({ text: '[redacted]' })
  })
})
