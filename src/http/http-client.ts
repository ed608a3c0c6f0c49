import { InputError, ProviderError } from '../core/errors.ts'
import { CassetteStore, cassetteKey, type Cassette } from './cassette.ts'
import { parseJsonOrText } from './stable-json.ts'
import { createsHeader } from './creating-request.ts'
import { ExchangeRegistry, exchangeHeader, type Exchange } from './exchange.ts'
import { nodeFetch, nullBodyStatuses } from './node-fetch.ts'
import { fetchWithRetries, notJsonProblem, type RetrySettings, type StreamCheck } from './fetch-with-retries.ts'
import { isEventStream, parseSse } from './sse.ts'
import { redactDeep, redactHeaders, redactText, secretsFromHeaders } from './redact.ts'
import { defaultRetryPolicy, type RetryPolicy } from './retry-policy.ts'
import { UnreachableBreaker } from './unreachable-breaker.ts'
import { repeatLabel } from '../report/repeat-label.ts'
import type { RequestContext } from '../core/provider.ts'
import { defaultRequestTimeoutMs } from '../providers/provider-options.ts'
import { optionNames, type OptionSurface } from '../core/option-names.ts'

/** Settings of the fetch handed to the SDK clients. */
export type HttpClientSettings = {
  readonly policy?: Partial<RetryPolicy>
  /** Per-attempt timeout (default 10 minutes, like the SDKs). */
  readonly timeoutMs?: number
  readonly recordDir?: string
  readonly replayDir?: string
  /** Secret values to redact besides the credential headers the SDK sends. */
  readonly secrets?: readonly string[]
  readonly onRetry?: RetrySettings['onRetry']
  /** Why a 2xx JSON body is no answer, per protocol (providers/wire/broken-answer.ts): retried, then a ProviderError. */
  readonly checkAnswer?: RetrySettings['checkAnswer']
  /** Why a 2xx event stream breaks its protocol (providers/wire/stream-checks.ts): retried, then a ProviderError. */
  readonly checkStream?: StreamCheck
  /** The network below us (tests inject one; default `nodeFetch`, node:http with keep-alive: http/node-fetch.ts). */
  readonly fetch?: typeof globalThis.fetch
  /**
   * Batch mode: the model's queue. Once connected to its batch API, every generation request (one that carries the
   * exchange header) is held there and answered from its batch; the batch API's own requests go to the network.
   */
  readonly batch?: BatchDiversion
  /** Whose option names the HTTP layer's errors give (core/option-names.ts; default the library's). */
  readonly optionNames?: OptionSurface
}

/** A generation request diverted to the batch queue: where the SDK posted it, its body text and who asked. */
export type HeldRequest = {
  readonly path: string
  readonly bodyText: string
  readonly context: RequestContext
  /** The host it was posted to (the batch API's too): where to look for a batch whose creation is uncertain. */
  readonly host?: string
}

/** What answers a held request: the status and body the API would have answered directly, and the batch that did. */
export type HeldAnswer = { readonly status: number; readonly body: string; readonly batchId: string }

/** The part of a model's batch queue the HTTP layer sees (`providers/batch/batch-queue.ts`). */
export type BatchDiversion = {
  readonly connected: boolean
  request(held: HeldRequest, signal?: AbortSignal): Promise<HeldAnswer>
}

/** A custom `fetch` for the SDKs plus the registry linking each request to the adapter call that made it. */
export type HttpClient = {
  readonly fetch: typeof globalThis.fetch
  readonly exchanges: ExchangeRegistry
  /** The batch queue requests are diverted to, when batch mode is on (the adapter connects it to its batch API). */
  readonly batch?: BatchDiversion
}

// Headers worth keeping in a cassette: enough to understand it, nothing that varies per run (x-stainless-*).
const requestHeadersKept = ['content-type', 'anthropic-version', 'anthropic-beta', 'openai-organization', 'openai-project']
const responseHeadersKept = ['content-type', 'x-request-id', 'request-id', 'openai-processing-ms']

/**
 * Builds the fetch every SDK client gets (with the SDK's own retries off): it strips the exchange and creates headers, then
 * replays from cassettes (no network at all), or sends with retries/backoff/timeouts and records when asked.
 */
export function createHttpClient(settings: HttpClientSettings = {}): HttpClient {
  const exchanges = new ExchangeRegistry()
  const policy: RetryPolicy = { ...defaultRetryPolicy, ...settings.policy }
  const replay = settings.replayDir ? CassetteStore.forReplay(settings.replayDir, optionNames(settings)) : undefined
  const record = settings.recordDir ? new CassetteStore(settings.recordDir) : undefined
  const network = settings.fetch ?? nodeFetch
  // One per client, so per model: a server found unreachable is not called for the rest of that model's cases.
  const breaker = new UnreachableBreaker()

  const httpFetch = async (input: string | URL | Request, init: RequestInit = {}): Promise<Response> => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
    const headers = new Headers(init.headers)
    const exchange = exchanges.get(headers.get(exchangeHeader))
    headers.delete(exchangeHeader)
    const creates = headers.has(createsHeader)
    headers.delete(createsHeader)
    const method = (init.method ?? 'GET').toUpperCase()
    const path = new URL(url).pathname
    const bodyText = typeof init.body === 'string' ? init.body : ''
    const secrets = [...(settings.secrets ?? []), ...secretsFromHeaders(headers)]
    // Hashing the body costs CPU on every request: only when a cassette folder is in play.
    const identity = { ...(exchange?.context ?? { suite: '', caseId: '', repeat: 0, turn: 0 }), model: exchange?.model ?? '' }
    const key = replay || record ? cassetteKey({ method, url, body: bodyText }, identity) : ''
    try {
      if (exchange && settings.batch?.connected) return await batchedResponse(settings.batch, exchange, { path, bodyText, host: new URL(url).host, context: exchange.context }, init.signal ?? undefined)
      if (replay) return replayResponse(replay, key, exchange, method, path, settings)
      const response = await fetchWithRetries(url, { ...init, headers }, {
        policy,
        timeoutMs: settings.timeoutMs ?? defaultRequestTimeoutMs,
        fetch: network,
        secrets,
        breaker,
        ...(settings.onRetry ? { onRetry: settings.onRetry } : {}),
        ...(creates ? { creates } : {}),
        ...(settings.optionNames ? { optionNames: settings.optionNames } : {}),
        // The protocol's answer checks are for generation requests (the adapter's, with an exchange): a batch API's
        // own calls (create, poll, results) answer in other shapes.
        ...(exchange && settings.checkAnswer ? { checkAnswer: settings.checkAnswer } : {}),
        ...(exchange && settings.checkStream ? { checkStream: settings.checkStream } : {}),
      })
      if (exchange) {
        exchange.retries += response.retries
        exchange.answerBody = response.body
        if (response.stream) exchange.stream = response.stream
      }
      if (record) {
        record.write(
          redactDeep<Cassette>(
            {
              version: 1,
              key,
              context: identity,
              request: { method, path, headers: redactHeaders(headers, secrets, requestHeadersKept), body: parseJsonOrText(bodyText) },
              response: { status: response.status, headers: redactHeaders(response.headers, secrets, responseHeadersKept), body: response.body },
            },
            secrets,
          ),
        )
      }
      return toResponse(response.status, response.headers, response.body)
    } catch (error) {
      if (exchange && (ProviderError.isInstance(error) || InputError.isInstance(error))) {
        if (ProviderError.isInstance(error)) exchange.retries += error.details.retries ?? 0
        exchange.failure = error
      }
      throw error instanceof Error ? new Error(redactText(error.message, secrets), { cause: error }) : error
    }
  }
  return { fetch: httpFetch as typeof globalThis.fetch, exchanges, ...(settings.batch ? { batch: settings.batch } : {}) }
}

/**
 * A generation request answered from its batch: the entry's status and body handed to the SDK as a direct answer
 * would be. The queue has judged the entry (a 2xx with no answer in it is rejected there, `batchAnswerProblem`).
 */
async function batchedResponse(queue: BatchDiversion, exchange: Exchange, held: HeldRequest, signal: AbortSignal | undefined): Promise<Response> {
  const answer = await queue.request(held, signal)
  exchange.batch = answer.batchId
  exchange.answerBody = answer.body
  return toResponse(answer.status, new Headers({ 'content-type': 'application/json' }), answer.body)
}

function replayResponse(store: CassetteStore, key: string, exchange: Exchange | undefined, method: string, path: string, settings: HttpClientSettings): Response {
  const cassette = store.read(key)
  if (!cassette) {
    const who = exchange
      ? `case "${exchange.context.caseId}" of suite "${exchange.context.suite}" (repeat ${repeatLabel(exchange.context.repeat)}, turn ${exchange.context.turn + 1}) with model ${exchange.model}`
      : `${method} ${path}`
    throw new InputError(
      `no cassette for ${who}: expected ${store.file(key)}; the request differs from the recorded run (suite, tools or model changed?) — record again with ${optionNames(settings).record}`,
      { field: optionNames(settings).replay },
    )
  }
  const { status, body } = cassette.response
  const headers = new Headers(cassette.response.headers)
  // A recorded answer that holds none fails as it did live (no retry: the cassette would say the same again). A
  // recorded event stream is served whole, event for event, and checked like a live one.
  const ok = status >= 200 && status < 300
  const streamed = ok && isEventStream(headers)
  const streamProblem = streamed ? settings.checkStream?.(parseSse(body)).problem : undefined
  const problem = streamProblem !== undefined ? `a broken event stream: ${streamProblem}` : !streamed && ok && settings.checkAnswer ? checkRecorded(body, settings.checkAnswer, headers) : undefined
  if (problem !== undefined) throw new ProviderError(`HTTP ${status} with ${problem} (replayed from ${store.file(key)})`, { status, retries: 0 })
  if (exchange) exchange.answerBody = body
  return toResponse(status, headers, body)
}

/**
 * Why a batch entry's 2xx body is no answer (the batch queue's `answerProblem`): it has no headers of its own, and
 * must be JSON — whatever SDK would read it next, a non-JSON body is at best its JSON parse error.
 */
export function batchAnswerProblem(body: string, checkAnswer: NonNullable<HttpClientSettings['checkAnswer']>): string | undefined {
  return checkRecorded(body, checkAnswer, 'batch')
}

/**
 * Why a 2xx body that did not come live is no answer: a replayed one (its recorded headers) fails as it would have
 * live (fetch-with-retries.ts); a batch entry's (`'batch'`) has no headers of its own, and must be JSON too.
 */
function checkRecorded(body: string, checkAnswer: NonNullable<HttpClientSettings['checkAnswer']>, source: Headers | 'batch'): string | undefined {
  let value: unknown
  try {
    value = JSON.parse(body)
  } catch {
    return notJsonProblem(body, source === 'batch' ? undefined : source)
  }
  return checkAnswer(value)
}

function toResponse(status: number, source: Headers, body: string): Response {
  const headers = new Headers(source)
  // The body is already decoded text: length and encoding headers from the wire would now lie.
  for (const name of ['content-encoding', 'content-length', 'transfer-encoding']) headers.delete(name)
  return new Response(nullBodyStatuses.has(status) ? null : body, { status, headers })
}
