import type { StreamTimings } from '../core/model-turn.ts'
import type { RequestContext } from '../core/provider.ts'

/**
 * The request header that carries an exchange id from the adapter, through the SDK, to our `fetch`. The SDKs give
 * a custom fetch no per-call context; a header survives every SDK layer, and the fetch strips it before the wire.
 */
export const exchangeHeader = 'x-toolgauge-exchange'

/** One `doGenerate` call as the HTTP layer sees it: who asked, and what happened below the SDK. */
export type Exchange = {
  readonly id: string
  readonly context: RequestContext
  /** The model spec, for error messages (`anthropic:claude-haiku-4-5`). */
  readonly model: string
  /** Retries spent so far (across every HTTP attempt of this call). */
  retries: number
  /** The error that ended the call below the SDK (retries exhausted, missing cassette): the SDK only sees a wrapped copy. */
  failure?: Error
  /** The body of the answer handed to the SDK, as the API sent it: SDKs that convert answers drop fields (Gemini's `finishMessage`). */
  answerBody?: string
  /** An event-stream answer: when its events arrived (live only; replay has no timings). */
  stream?: StreamTimings
  /** Batch mode: the id of the batch that answered the request. */
  batch?: string
}

/** Open exchanges by id; each adapter call opens one and closes it when the SDK returns. */
export class ExchangeRegistry {
  private readonly open = new Map<string, Exchange>()
  private next = 0

  /** Starts an exchange; pass `headers(exchange)` as the SDK's per-request headers. */
  start(context: RequestContext, model: string): Exchange {
    const exchange: Exchange = { id: String(++this.next), context, model, retries: 0 }
    this.open.set(exchange.id, exchange)
    return exchange
  }

  /** The exchange a request header names, if still open. */
  get(id: string | null): Exchange | undefined {
    return id === null ? undefined : this.open.get(id)
  }

  /** Forgets a finished exchange. */
  end(exchange: Exchange): void {
    this.open.delete(exchange.id)
  }
}

/** Per-request SDK headers that link the HTTP request to its exchange. */
export function exchangeHeaders(exchange: Exchange): Record<string, string> {
  return { [exchangeHeader]: exchange.id }
}
