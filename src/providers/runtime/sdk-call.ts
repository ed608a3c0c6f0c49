import { InputError, ProviderError } from '../../core/errors.ts'
import type { StreamTimings } from '../../core/model-turn.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import { exchangeHeaders } from '../../http/exchange.ts'
import type { HttpClient } from '../../http/http-client.ts'
import { redactText } from '../../http/redact.ts'
import { thrownMessage } from '../../core/thrown.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import { requestSignal } from './request-signal.ts'

/** Per-request options every SDK method accepts. */
export type SdkRequestOptions = { headers: Record<string, string>; signal?: AbortSignal }

/** What one SDK call produced, with the HTTP layer's bookkeeping. */
export type SdkCallResult<T> = {
  readonly value: T
  readonly latencyMs: number
  readonly retries: number
  /** The answer's body as the API sent it, before the SDK converted it (undefined under a custom fetch that bypasses ours). */
  readonly body?: string
  /** A streamed answer: when its events arrived (live only). */
  readonly stream?: StreamTimings
  /** The batch that answered the request (batch mode). */
  readonly batch?: string
}

/** Everything `callSdk` needs besides the call itself. */
export type SdkCallSettings = {
  readonly http: HttpClient
  /** Model spec, prefixed to error messages. */
  readonly spec: string
  readonly secrets: readonly string[]
  /** What a 401/403 means for this model (default: the server refused the key it was sent). */
  readonly refusal?: string
}

/** What a 401/403 says when the model sent a key (every hosted API's model does). */
const keyRefused = 'the server refused the API key that was sent: check the key, and that it may use this model'

/**
 * Runs one SDK request linked to its exchange (so the fetch knows the case and repeat) and turns every failure
 * into `ProviderError` with a redacted message: the HTTP layer's own error when it gave up (the SDK only wraps
 * it), else the SDK's (a 400/401 the server answered). Cassette misses stay `InputError`; aborts pass through.
 */
export async function callSdk<T>(
  settings: SdkCallSettings,
  request: GenerateRequest,
  signal: AbortSignal | undefined,
  run: (options: SdkRequestOptions) => Promise<T>,
): Promise<SdkCallResult<T>> {
  const exchange = settings.http.exchanges.start(request.context, settings.spec)
  const started = performance.now()
  // The SDK gets a signal of this request's own: it leaves a listener on whatever signal it is given.
  const own = requestSignal(signal)
  try {
    const value = await run({ headers: exchangeHeaders(exchange), ...(own.signal ? { signal: own.signal } : {}) })
    return { value, latencyMs: Math.round(performance.now() - started), retries: exchange.retries, ...(exchange.answerBody !== undefined ? { body: exchange.answerBody } : {}), ...(exchange.stream ? { stream: exchange.stream } : {}), ...(exchange.batch !== undefined ? { batch: exchange.batch } : {}) }
  } catch (error) {
    if (signal?.aborted) throw error
    const failure = exchange.failure
    if (failure && InputError.isInstance(failure)) throw failure
    if (failure && ProviderError.isInstance(failure)) {
      // The exchange's count includes the failure's own retries; when those are not known (a batch API call the SDK
      // refused), neither is the sum.
      const { retries, ...details } = failure.details
      throw new ProviderError(`${settings.spec}: ${failure.message}`, { ...details, ...(retries !== undefined ? { retries: exchange.retries } : {}) })
    }
    const { status } = ProviderError.factsOf(error)
    // A refusal is not retried and not an outage of the server: the message says what the user can change.
    const refused = status === 401 || status === 403 ? ` — ${settings.refusal ?? keyRefused}` : ''
    const message = redactText(`${withServerMessage(thrownMessage(error), exchange.answerBody)}${refused}`, settings.secrets)
    throw new ProviderError(`${settings.spec}: ${message}`, {
      retries: exchange.retries,
      ...(status !== undefined ? { status } : {}),
    })
  } finally {
    own.release()
    settings.http.exchanges.end(exchange)
  }
}

/**
 * The SDK's message, with the server's own words when the SDK found none: the `openai` SDK reads only an `error`
 * object, so a compatible server's refusal in another shape — Mistral's and vLLM's `{"object":"error","message":…}`
 * — became "400 status code (no body)", hiding why (a call id, a tool name, the model).
 */
function withServerMessage(message: string, body: string | undefined): string {
  if (body === undefined || !/^\d{3} status code \(no body\)$/.test(message)) return message
  let parsed: unknown
  try {
    parsed = JSON.parse(body)
  } catch {
    return message
  }
  const said = isPlainObject(parsed) ? (parsed.message ?? parsed.detail) : undefined
  return typeof said === 'string' && said.trim() !== '' ? `${message.slice(0, 3)} ${said}` : message
}
