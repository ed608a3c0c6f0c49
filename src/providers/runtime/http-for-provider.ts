import { InputError } from '../../core/errors.ts'
import { batchAnswerProblem, createHttpClient, type HttpClient } from '../../http/http-client.ts'
import { ModelBatchQueue } from '../batch/batch-queue.ts'
import type { ProviderOptions } from '../provider-options.ts'
import { checkSettings } from '../settings/protocol-settings.ts'
import { checkSettingConflicts } from '../settings/setting-conflicts.ts'
import { answerChecks, type AnswerCheck } from '../wire/broken-answer.ts'
import { streamChecks } from '../wire/stream-checks.ts'
import type { WireProtocol } from '../wire/finish-reason.ts'
import type { StreamCheck } from '../../http/fetch-with-retries.ts'
import { resolveCredentials, type CredentialDefaults, type Credentials } from './credentials.ts'
import { maxTokensOf } from './sdk-provider.ts'
import { optionNames } from '../../core/option-names.ts'

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
  adapter: { readonly expected: string; readonly protocol: WireProtocol; readonly credentials: CredentialDefaults },
): { readonly credentials: Credentials; readonly http: HttpClient } {
  // `anthropic:` alone is a usage error.
  if (model === '') throw new InputError(`model spec "${spec}" names no model (expected ${adapter.expected})`, { field: optionNames(options).model })
  checkSettings(adapter.protocol, options.settings, spec)
  checkSettingConflicts(adapter.protocol, options.settings, maxTokensOf(options).maxTokens, spec)
  const checkAnswer = answerChecks[adapter.protocol]
  const batch = batchQueueFor(spec, options, checkAnswer)
  const credentials = resolveCredentials(options, adapter.credentials, spec)
  return { credentials, http: httpClientFor(options, credentials.secrets, checkAnswer, streamChecks[adapter.protocol], batch) }
}

/** Whether this model runs in batch mode: its `batch: true` setting, or `--batch` for the run. */
export function batches(options: ProviderOptions): boolean {
  return options.settings?.batch === true || options.batch === true
}

/** Default `--batch-poll`: a batch takes minutes to hours; reading its status every 30 s costs nothing and loses little. */
const defaultBatchPollMs = 30_000

/**
 * The model's batch queue in batch mode (the adapter connects it to its batch API in `sdkProvider`). A batch answers
 * whole, and later: it cannot stream, and there is no exchange to record or replay — each is a usage error.
 * `checkAnswer`: the protocol's test of a 2xx body, with which the queue judges each entry.
 */
function batchQueueFor(spec: string, options: ProviderOptions, checkAnswer: AnswerCheck): ModelBatchQueue | undefined {
  if (!batches(options)) return undefined
  const names = optionNames(options)
  const field = options.settings?.batch === true ? 'batch' : names.batch
  if (streams(options)) throw new InputError(`${spec}: batch mode and streaming exclude each other (a batch answers each request whole); drop stream or batch`, { field })
  if (options.recordDir !== undefined) throw new InputError(`${spec}: batch mode cannot be recorded (${names.record} records direct requests); drop ${names.record} or batch`, { field })
  if (options.replayDir !== undefined) throw new InputError(`${spec}: batch mode cannot replay cassettes (${names.replay} sends nothing to batch); drop ${names.replay} or batch`, { field })
  return new ModelBatchQueue({
    model: options.label ?? spec,
    pollMs: options.batchPollMs ?? defaultBatchPollMs,
    ...(options.batchJournal ? { journal: options.batchJournal } : {}),
    answerProblem: (body: string) => batchAnswerProblem(body, checkAnswer),
    ...(options.onBatchEvent ? { onEvent: options.onBatchEvent } : {}),
  })
}

/**
 * The HTTP layer (retries, timeouts, record/replay, redaction) configured from the provider options; `checkAnswer`
 * is the protocol's test of a 2xx body (an empty or error-shaped success is retried, then a provider error), and
 * `checkStream` its test of a 2xx event stream (a stream that breaks the protocol is treated the same way); `batch`
 * the queue generation requests are diverted to in batch mode.
 */
export function httpClientFor(options: ProviderOptions, secrets: readonly string[], checkAnswer?: AnswerCheck, checkStream?: StreamCheck, batch?: ModelBatchQueue): HttpClient {
  return createHttpClient({
    ...(batch ? { batch } : {}),
    ...(options.optionNames ? { optionNames: options.optionNames } : {}),
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
 * The SDK's own timeout must never fire before ours (it would abort the whole retry loop), nor while a request is
 * held in a batch: batch APIs take up to 24 h to answer (OpenAI's completion window, Anthropic's expiry; Gemini's
 * target) and expire after that, so a week leaves room for the expiry to be read and reported. It stays below
 * 2^31 ms, past which Node's setTimeout fires at once.
 */
export const sdkTimeoutMs = 7 * 24 * 60 * 60 * 1000
