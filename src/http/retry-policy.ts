/** How a failed attempt is classified: retryable failures are retried, the others are handed to the SDK as they are. */
export type AttemptFailure =
  | { readonly type: 'status'; readonly status: number; readonly retryAfterMs?: number; readonly message: string }
  /** `refused`: the connection was never made (refused, unknown host, connect timeout), so nothing was sent. */
  | { readonly type: 'connection'; readonly message: string; readonly refused?: boolean }
  | { readonly type: 'timeout'; readonly message: string }
  | { readonly type: 'unparsable-body'; readonly status: number; readonly message: string }
  /** A 2xx whose body holds no answer (no choices, an `error` object…): an outage dressed as a success. */
  | { readonly type: 'no-answer'; readonly status: number; readonly message: string }

/** Backoff settings. */
export type RetryPolicy = {
  /** Retries after the first attempt. */
  readonly retries: number
  /** Delay before the first retry; doubles each time. */
  readonly baseDelayMs: number
  /** Ceiling for any single delay, Retry-After included (a server asking for an hour should not stall a run). */
  readonly maxDelayMs: number
}

/** Defaults: 4 retries, 500 ms doubling, at most 60 s per wait. */
export const defaultRetryPolicy: RetryPolicy = { retries: 4, baseDelayMs: 500, maxDelayMs: 60_000 }

/** 408 timeout, 409 conflict (OpenAI uses it for lock contention), 429 rate limit and every 5xx are worth another try. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500
}

/**
 * Whether a failed attempt certainly left the API untouched, so even a request that creates something billed may be
 * sent again: 408 / 409 / 429 say the request was not processed, and a connection never made sent nothing. A 5xx,
 * a timeout, a reset or a cut or unreadable answer may come after the API acted.
 */
export function certainlyNotActed(failure: AttemptFailure): boolean {
  if (failure.type === 'status') return failure.status === 408 || failure.status === 409 || failure.status === 429
  return failure.type === 'connection' && failure.refused === true
}

/**
 * Reads `retry-after-ms` (OpenAI) or `Retry-After` (seconds or an HTTP date). Returns undefined when absent or
 * unreadable, so the exponential backoff applies.
 */
export function parseRetryAfter(headers: Headers, now: number = Date.now()): number | undefined {
  const milliseconds = headers.get('retry-after-ms')
  if (milliseconds !== null && milliseconds.trim() !== '' && Number.isFinite(Number(milliseconds))) {
    return Math.max(0, Number(milliseconds))
  }
  const value = headers.get('retry-after')
  if (value === null || value.trim() === '') return undefined
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000)
  const date = Date.parse(value)
  return Number.isNaN(date) ? undefined : Math.max(0, date - now)
}

/**
 * Delay before retry number `attempt` (1-based): the server's Retry-After when it gave one, else exponential backoff
 * with "equal jitter" (half fixed, half random) so concurrent cases hitting the same 429 do not retry in lockstep.
 */
export function retryDelayMs(
  policy: RetryPolicy,
  attempt: number,
  failure: AttemptFailure,
  random: () => number = Math.random,
): number {
  if (failure.type === 'status' && failure.retryAfterMs !== undefined) return Math.min(failure.retryAfterMs, policy.maxDelayMs)
  const exponential = Math.min(policy.baseDelayMs * 2 ** (attempt - 1), policy.maxDelayMs)
  return Math.round(exponential / 2 + random() * (exponential / 2))
}
