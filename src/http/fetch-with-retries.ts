import { ProviderError } from '../core/errors.ts'
import type { StreamTimings } from '../core/model-turn.ts'
import { bodyTooLargeOf, fileContentTypes, isMediaDownload } from './body-limits.ts'
import { connectTimeoutCode } from './node-fetch.ts'
import { redactText } from './redact.ts'
import { isEventStream, parseSse, type Arrival, type SseEvent } from './sse.ts'
import type { UnreachableBreaker } from './unreachable-breaker.ts'
import { optionNames, type OptionNames, type OptionSurface } from '../core/option-names.ts'
import { certainlyNotActed, isRetryableStatus, parseRetryAfter, retryDelayMs, type AttemptFailure, type RetryPolicy } from './retry-policy.ts'

/** A response whose body was read in full (so truncated bodies are caught here, where they can still be retried). */
export type BufferedResponse = {
  readonly status: number
  readonly headers: Headers
  readonly body: string
  /** Retries it took. */
  readonly retries: number
  /** An event-stream answer: when its events arrived. */
  readonly stream?: StreamTimings
}

/**
 * A protocol's reading of an event-stream answer: why it breaks the protocol (`problem`, naming the event), and the
 * index of the first event that carried part of a tool call.
 */
export type StreamCheck = (events: readonly SseEvent[]) => { readonly problem?: string; readonly firstToolCall?: number }

/** Everything the retry loop needs besides the request. */
export type RetrySettings = {
  readonly policy: RetryPolicy
  /** Per-attempt timeout. */
  readonly timeoutMs: number
  readonly fetch: typeof globalThis.fetch
  /** Values to strip from error messages. */
  readonly secrets: readonly string[]
  readonly onRetry?: (info: { readonly attempt: number; readonly reason: string; readonly delayMs: number }) => void
  /** Why a parsed 2xx JSON body is no answer (the protocol's check), retried like a 5xx; undefined: it is one. */
  readonly checkAnswer?: (body: unknown) => string | undefined
  /** Why a 2xx event stream breaks its protocol, retried like a 5xx; undefined: any stream is an answer. */
  readonly checkStream?: StreamCheck
  /**
   * The request creates a batch (`http/creating-request.ts`): retried only after a failure that certainly left the
   * API untouched; any other failure is a `ProviderError` with `uncertain` at once.
   */
  readonly creates?: boolean
  /** The model's circuit breaker: told whether the server was reached; once tripped, no request is sent. */
  readonly breaker?: UnreachableBreaker
  /** Replaceable for tests; must reject when the signal aborts. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
  /** Whose option names an uncertain creation's error gives (core/option-names.ts; default the library's). */
  readonly optionNames?: OptionSurface
}

/**
 * Sends a request, retrying 408/409/429/5xx, connection errors, timeouts, unparsable JSON bodies and 2xx bodies that
 * hold no answer (`checkAnswer`) with backoff.
 * Non-retryable statuses come back as responses (the SDK turns them into its typed errors). When the retries run
 * out it throws `ProviderError` carrying the last failure's message. An abort from the caller is never retried. A
 * redirect is never followed: it is a `ProviderError` at once, naming both hosts. A request that `creates` a batch is
 * not retried after a failure that may have come after the API acted on it.
 */
export async function fetchWithRetries(url: string, init: RequestInit, settings: RetrySettings): Promise<BufferedResponse> {
  const callerSignal = init.signal ?? undefined
  const sleep = settings.sleep ?? abortableSleep
  settings.breaker?.check()
  let last: AttemptFailure | undefined
  let neverReached = true
  for (let attempt = 0; ; attempt++) {
    const outcome = await attemptOnce(url, init, settings, callerSignal)
    if (outcome.type === 'response') {
      settings.breaker?.reached()
      return { ...outcome.response, retries: attempt }
    }
    last = outcome.failure
    neverReached &&= last.type === 'connection' && last.refused === true
    if (settings.creates && !certainlyNotActed(last)) throw uncertainCreationError(url, last, attempt, settings.secrets, optionNames(settings))
    if (attempt >= settings.policy.retries) break
    const delayMs = retryDelayMs(settings.policy, attempt + 1, last)
    settings.onRetry?.({ attempt: attempt + 1, reason: redactText(last.message, settings.secrets), delayMs })
    await sleep(delayMs, callerSignal)
  }
  if (neverReached) settings.breaker?.unreachable(url)
  else settings.breaker?.reached()
  const retries = settings.policy.retries
  const gaveUp = `${last.message} (gave up after ${retries} ${retries === 1 ? 'retry' : 'retries'})${last.type === 'connection' ? unreachableHint(url, last.refused === true) : ''}`
  throw new ProviderError(redactText(gaveUp, settings.secrets), {
    retries,
    ...('status' in last ? { status: last.status } : {}),
  })
}

type AttemptOutcome =
  | { readonly type: 'response'; readonly response: Omit<BufferedResponse, 'retries'> }
  | { readonly type: 'failure'; readonly failure: AttemptFailure }

async function attemptOnce(url: string, init: RequestInit, settings: RetrySettings, callerSignal: AbortSignal | undefined): Promise<AttemptOutcome> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), settings.timeoutMs)
  // The attempt's signal follows the caller's by a listener, not AbortSignal.any: on Node 20 a composite signal per
  // attempt (a third AbortSignal beside the SDK's and this one, its WeakRefs and Sets) was ≈5 of the ≈20 MB young GCs
  // promoted per 1,000 two-turn `openai:` cases (each AbortSignal is built with a hidden class of its own).
  const follow = () => timeout.abort(callerSignal?.reason)
  if (callerSignal?.aborted) follow()
  else callerSignal?.addEventListener('abort', follow, { once: true })
  const signal = timeout.signal
  const started = performance.now()
  try {
    // Never followed: the request carries the API key in its headers, and fetch would send them on to any host.
    const response = await settings.fetch(url, { ...init, redirect: 'manual', signal })
    if (response.status >= 300 && response.status < 400) throw redirectError(url, response)
    // Reading the whole body inside the attempt: a connection cut mid-body (or a stream stalled past the timeout) is a
    // retryable failure, not an SDK crash. An event stream is read piece by piece, to time its events.
    const streamed = response.ok && isEventStream(response.headers)
    const { body, arrivals } = streamed ? await readTimed(response, started) : { body: await response.text(), arrivals: [] }
    if (streamed) {
      const events = parseSse(body, arrivals)
      const reading = settings.checkStream?.(events)
      if (reading?.problem !== undefined) {
        return { type: 'failure', failure: { type: 'no-answer', status: response.status, message: `HTTP ${response.status} from ${endpointOf(url)} with a broken event stream: ${clip(reading.problem)}` } }
      }
      return { type: 'response', response: { status: response.status, headers: response.headers, body, stream: streamTimings(events, reading?.firstToolCall) } }
    }
    if (!response.ok && isRetryableStatus(response.status)) {
      const retryAfterMs = parseRetryAfter(response.headers)
      const message = `HTTP ${response.status}${errorSnippet(body)}`
      return { type: 'failure', failure: { type: 'status', status: response.status, message, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) } }
    }
    if (response.ok) {
      const parsed = isMediaDownload(url) ? { type: 'other' as const } : readJson(body, response.headers)
      if (parsed.type === 'unparsable') {
        return { type: 'failure', failure: { type: 'unparsable-body', status: response.status, message: `HTTP ${response.status} from ${endpointOf(url)} with an unparsable JSON body (${body.length} bytes)` } }
      }
      // A generation request (one with an answer check) is answered in JSON: any other 2xx body holds no answer.
      const problem = parsed.type === 'json' ? settings.checkAnswer?.(parsed.value) : settings.checkAnswer && !isMediaDownload(url) ? notJsonProblem(body, response.headers) : undefined
      // The URL says which server (the base URL) and which API; the problem, which field of its answer (answer-shape.ts).
      if (problem !== undefined) return { type: 'failure', failure: { type: 'no-answer', status: response.status, message: `HTTP ${response.status} from ${endpointOf(url)} with ${clip(problem)}` } }
    }
    return { type: 'response', response: { status: response.status, headers: response.headers, body } }
  } catch (error) {
    if (callerSignal?.aborted || ProviderError.isInstance(error)) throw error
    const tooLarge = bodyTooLargeOf(error)
    if (tooLarge) throw bodyTooLargeError(url, tooLarge)
    if (timeout.signal.aborted) return { type: 'failure', failure: { type: 'timeout', message: `request timed out after ${settings.timeoutMs} ms` } }
    return { type: 'failure', failure: { type: 'connection', message: `connection failed: ${describeError(error)}`, ...(neverConnected(error) ? { refused: true } : {}) } }
  } finally {
    clearTimeout(timer)
    callerSignal?.removeEventListener('abort', follow)
  }
}

/**
 * Where a request that never got an answer went, and what to check: the message alone ("fetch failed
 * (ECONNREFUSED)") does not say which server was down. Named by origin and path only: a URL's user info and query
 * can carry credentials.
 */
function unreachableHint(url: string, neverConnected: boolean): string {
  if (!URL.canParse(url)) return ''
  return neverConnected
    ? ` — nothing answered at ${endpointOf(url)}: is the server running at ${new URL(url).origin}, and is the base URL right?`
    : ` — the connection to ${endpointOf(url)} broke`
}

/** Where a request went, by origin and path only (a URL's user info and query can carry credentials). */
function endpointOf(url: string): string {
  if (!URL.canParse(url)) return 'the server'
  const { origin, pathname } = new URL(url)
  return `${origin}${pathname}`
}

// Connection errors raised before a connection existed: the request never left this machine.
const notConnectedCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT', connectTimeoutCode])

function neverConnected(error: unknown): boolean {
  const code = error instanceof Error ? (error.cause as { code?: unknown } | undefined)?.code : undefined
  return typeof code === 'string' && notConnectedCodes.has(code)
}

/**
 * A batch-creating request that failed after it may have reached the API: not retried, since the batch may exist
 * and a second one would be billed too. The message tells the user where to look before resuming in batch mode, which stops on them.
 */
function uncertainCreationError(url: string, failure: AttemptFailure, retries: number, secrets: readonly string[], names: OptionNames): ProviderError {
  const host = new URL(url).host
  return new ProviderError(
    `batch creation uncertain at ${host}: the create request failed (${redactText(failure.message, secrets)}) and was not retried, as the batch may have been created and a retry could create and bill a second one — check the batch list at ${host} before ${names.resumeBatch}, which stops on these requests until ${names.resubmitOption} says to send them again`,
    { retries, uncertain: true, ...('status' in failure ? { status: failure.status } : {}) },
  )
}

/** The body of a response as text, with the time each piece of it arrived (ms since `started`). */
async function readTimed(response: Response, started: number): Promise<{ readonly body: string; readonly arrivals: Arrival[] }> {
  const arrivals: Arrival[] = []
  const reader = response.body?.getReader()
  if (!reader) return { body: '', arrivals }
  const decoder = new TextDecoder()
  let body = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    body += decoder.decode(value, { stream: true })
    arrivals.push({ end: body.length, atMs: performance.now() - started })
  }
  body += decoder.decode()
  return { body, arrivals }
}

/** When the first event, the first tool-call event and the last event of a stream arrived (whole milliseconds). */
function streamTimings(events: readonly SseEvent[], firstToolCall: number | undefined): StreamTimings {
  const toolEvent = firstToolCall === undefined ? undefined : events[firstToolCall]
  return {
    events: events.length,
    firstEventMs: Math.round(events[0]?.atMs ?? 0),
    ...(toolEvent ? { firstToolCallMs: Math.round(toolEvent.atMs) } : {}),
    lastEventMs: Math.round(events.at(-1)?.atMs ?? 0),
  }
}

/**
 * A body cut off at its limit (http/body-limits.ts): not retried, since a server that sent 64 MiB of "answer" would
 * most likely send it again, and the user is told it is the server, not the model, that misbehaved.
 */
function bodyTooLargeError(url: string, { limitBytes, status }: { readonly limitBytes: number; readonly status: number }): ProviderError {
  const size = limitBytes >= 1024 * 1024 ? `${Math.round(limitBytes / (1024 * 1024))} MiB` : `${limitBytes} bytes`
  return new ProviderError(
    `HTTP ${status} answer from ${new URL(url).host} larger than ${size}, not read further and not retried: no API answer is that large — is the base URL a model server, and is it well?`,
    { status, retries: 0 },
  )
}

/**
 * A 3xx answer: not retried (the same redirect would come back) and not followed (the credential headers would go
 * to the host it names). The message names both hosts, so the user can point the base URL at the right one.
 */
function redirectError(url: string, response: Response): ProviderError {
  const from = new URL(url).host
  const location = response.headers.get('location')
  let to = 'no Location header'
  if (location !== null) {
    try {
      to = new URL(location, url).host
    } catch {
      to = `an unreadable Location (${location.slice(0, 100)})`
    }
  }
  void response.body?.cancel()
  return new ProviderError(
    `HTTP ${response.status} redirect from ${from} to ${to}, not followed: the request carries credentials; set the base URL to the host that answers`,
    { status: response.status, retries: 0 },
  )
}

/**
 * Why a generation request's 2xx body that is not JSON is no answer: every API answers one with JSON or an event
 * stream, and the SDKs read an empty or text body as an empty turn (finish "stop", no calls). `headers` absent: a
 * batch entry's body (http-client.ts), described without a content type.
 */
export function notJsonProblem(body: string, headers?: Headers): string {
  if (body.trim() === '') return 'no answer: an empty body'
  // A batch entry's body came in a results file: it has no content type of its own.
  const type = headers ? `${(headers.get('content-type') ?? 'no content type').split(';')[0]!.trim()}, ` : ''
  return `no answer: a body that is not JSON (${type}${body.length} bytes)`
}

/** Bodies that claim (or look like) JSON must parse; event streams, files and empty bodies are left alone. */
function readJson(body: string, headers: Headers): { readonly type: 'json'; readonly value: unknown } | { readonly type: 'other' } | { readonly type: 'unparsable' } {
  const type = headers.get('content-type') ?? ''
  if (type.includes('text/event-stream') || fileContentTypes.test(type.trim())) return { type: 'other' }
  if (!type.includes('json') && !/^\s*[[{]/.test(body)) return { type: 'other' }
  if (body.trim() === '') return { type: 'unparsable' }
  try {
    return { type: 'json', value: JSON.parse(body) as unknown }
  } catch {
    return isJsonLines(body) ? { type: 'other' } : { type: 'unparsable' }
  }
}

/** Two or more lines, each a whole JSON document: JSON Lines sent without its content type (the API once did). */
function isJsonLines(body: string): boolean {
  const lines = body.split('\n').filter((line) => line.trim() !== '')
  if (lines.length < 2) return false
  try {
    for (const line of lines) JSON.parse(line)
    return true
  } catch {
    return false
  }
}

function clip(text: string): string {
  return text.length > 300 ? `${text.slice(0, 300)}…` : text
}

function errorSnippet(body: string): string {
  const text = body.trim().replace(/\s+/g, ' ')
  return text === '' ? '' : `: ${clip(text)}`
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  const cause = error.cause as { code?: string; message?: string } | undefined
  const detail = cause?.code ?? cause?.message
  return detail && !error.message.includes(detail) ? `${error.message} (${detail})` : error.message
}

/** setTimeout as a promise that rejects with the signal's reason when aborted. */
export function abortableSleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason)
    const onAbort = () => {
      clearTimeout(timer)
      reject(signal?.reason)
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal?.addEventListener('abort', onAbort, { once: true })
  })
}
