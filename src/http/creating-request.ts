import { ProviderError } from '../core/errors.ts'

/**
 * The request header a `BatchApi` sets on the one call that creates (and bills) a batch; our fetch strips it before
 * the wire, like the exchange header. Such a request is retried only when the API certainly did not act on it: a
 * retry after a 5xx, a timeout or a cut connection could create and bill a second batch.
 */
export const createsHeader = 'x-toolgauge-creates'

/** Per-request SDK headers that mark a call as creating a batch (see `createsHeader`). */
export const createsHeaders: Readonly<Record<string, string>> = { [createsHeader]: '1' }

/**
 * The error a batch-creating request ended with when the API may have acted on it (`details.uncertain`), found
 * through the wrappers the SDKs and our fetch put around it; undefined for any other error.
 */
export function uncertainCreation(error: unknown): ProviderError | undefined {
  return ProviderError.within(error, (found) => found.details.uncertain === true)
}
