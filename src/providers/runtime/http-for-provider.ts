import { createHttpClient, type HttpClient } from '../../http/http-client.ts'
import type { ProviderOptions } from '../provider-options.ts'

/** The HTTP layer (retries, timeouts, record/replay, redaction) configured from the provider options. */
export function httpClientFor(options: ProviderOptions, secrets: readonly string[]): HttpClient {
  return createHttpClient({
    policy: {
      ...(options.retries !== undefined ? { retries: options.retries } : {}),
      ...(options.retryBaseDelayMs !== undefined ? { baseDelayMs: options.retryBaseDelayMs } : {}),
      ...(options.retryMaxDelayMs !== undefined ? { maxDelayMs: options.retryMaxDelayMs } : {}),
    },
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.recordDir !== undefined ? { recordDir: options.recordDir } : {}),
    ...(options.replayDir !== undefined ? { replayDir: options.replayDir } : {}),
    ...(options.onRetry ? { onRetry: options.onRetry } : {}),
    ...(options.fetch ? { fetch: options.fetch } : {}),
    secrets,
  })
}

/**
 * The SDK's own timeout must never fire before ours (it would abort the whole retry loop): one day is far above
 * any retries × per-attempt timeout a run would configure.
 */
export const sdkTimeoutMs = 24 * 60 * 60 * 1000
