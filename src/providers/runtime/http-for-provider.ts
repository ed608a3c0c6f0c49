import { createHttpClient, type HttpClient } from '../../http/http-client.ts'
import type { ProviderOptions } from '../provider-options.ts'
import { checkSettings, type SettingsProtocol } from '../settings/protocol-settings.ts'
import { checkSettingConflicts } from '../settings/setting-conflicts.ts'
import { answerChecks, type AnswerCheck } from '../wire/broken-answer.ts'
import { streamChecks } from '../wire/stream-checks.ts'
import type { StreamCheck } from '../../http/fetch-with-retries.ts'
import { resolveCredentials, type CredentialDefaults, type Credentials } from './credentials.ts'
import { maxTokensOf, requireModel } from './sdk-provider.ts'

/**
 * What every SDK adapter does first, in this order: the spec must name a model, the settings must be ones its
 * protocol has and that its API accepts together (all bad input before any request), then the key and host this
 * model may use, and the HTTP layer
 * that carries them (and redacts that key).
 */
export function sdkSetup(
  model: string,
  spec: string,
  options: ProviderOptions,
  adapter: { readonly expected: string; readonly protocol: SettingsProtocol; readonly credentials: CredentialDefaults },
): { readonly credentials: Credentials; readonly http: HttpClient } {
  requireModel(model, spec, adapter.expected)
  checkSettings(adapter.protocol, options.settings, spec)
  checkSettingConflicts(adapter.protocol, options.settings, maxTokensOf(options).maxTokens, spec)
  const credentials = resolveCredentials(options, adapter.credentials, spec)
  const wire = adapter.protocol === 'offline' ? undefined : adapter.protocol
  return { credentials, http: httpClientFor(options, credentials.secrets, wire && answerChecks[wire], wire && streamChecks[wire]) }
}

/**
 * The HTTP layer (retries, timeouts, record/replay, redaction) configured from the provider options; `checkAnswer`
 * is the protocol's test of a 2xx body (an empty or error-shaped success is retried, then a provider error), and
 * `checkStream` its test of a 2xx event stream (a stream that breaks the protocol is treated the same way).
 */
export function httpClientFor(options: ProviderOptions, secrets: readonly string[], checkAnswer?: AnswerCheck, checkStream?: StreamCheck): HttpClient {
  return createHttpClient({
    ...(checkAnswer ? { checkAnswer } : {}),
    ...(checkStream ? { checkStream } : {}),
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

/** Whether this model's requests stream: its `stream: true` setting, or `--stream` for the whole run. */
export function streams(options: ProviderOptions): boolean {
  return options.settings?.stream === true || options.stream === true
}

/** Whether this model marks its tool definitions cacheable: its `cache_tools: true` setting, or `--cache-tools` for the run. */
export function cachesTools(options: ProviderOptions): boolean {
  return options.settings?.cache_tools === true || options.cacheTools === true
}

/**
 * The SDK's own timeout must never fire before ours (it would abort the whole retry loop): one day is far above
 * any retries × per-attempt timeout a run would configure.
 */
export const sdkTimeoutMs = 24 * 60 * 60 * 1000
