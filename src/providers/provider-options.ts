import type { BatchEvent } from '../core/batch.ts'
import type { BatchJournalStore } from './batch/batch-queue.ts'
import type { OptionSurface } from '../core/option-names.ts'
import type { ModelSettings } from './settings/model-settings.ts'

/** The per-attempt request timeout when none is set (10 minutes, like the SDKs); also the bound on a caller's own provider's turn. */
export const defaultRequestTimeoutMs = 600_000

/** Settings every provider factory receives (from CLI flags, config and environment). */
export type ProviderOptions = {
  /** The model's host; otherwise openai:/openai-responses: read OPENAI_BASE_URL, anthropic: ANTHROPIC_BASE_URL, google: GOOGLE_GEMINI_BASE_URL (README "Providers"). */
  readonly baseUrl?: string
  /** Name of the env var holding the API key, when not the provider's default (openai-compatible: has none). */
  readonly apiKeyEnv?: string
  /** Retries after the first attempt on retryable failures (default 4). */
  readonly retries?: number
  /**
   * Per-request timeout in milliseconds (per attempt; default 600 000, like the SDKs). For a provider the caller built
   * (`RunOptions.providers`, `runCase`'s `model`), the bound on one whole turn (`runner/bounded-turns.ts`).
   */
  readonly timeoutMs?: number
  /** Record every HTTP exchange as cassettes into this folder. */
  readonly recordDir?: string
  /** Serve HTTP exchanges from cassettes in this folder, with no network. */
  readonly replayDir?: string
  /** Extra secret strings to redact from cassettes, reports and logs. */
  readonly secrets?: readonly string[]
  /** Called on each retry, for the progress line. */
  readonly onRetry?: (info: { readonly attempt: number; readonly reason: string; readonly delayMs: number }) => void
  /** Folder the model spec's relative paths are resolved against (scripted files). */
  readonly cwd?: string
  /** Output token cap per request (Anthropic requires one: default 4096 there; others use the server default). */
  readonly maxTokens?: number
  /** First backoff delay in milliseconds, doubled per retry (default 500; tests set a few ms). */
  readonly retryBaseDelayMs?: number
  /** Ceiling for one backoff delay, Retry-After included (default 60 000). */
  readonly retryMaxDelayMs?: number
  /** Most requests in flight at once for this provider (on top of the run's `--concurrency`). */
  readonly maxConcurrency?: number
  /** Most requests started per rolling minute for this provider. */
  readonly requestsPerMinute?: number
  /** The network under the HTTP layer (tests and embedders); default the global fetch. */
  readonly fetch?: typeof globalThis.fetch
  /**
   * The model's name in results, reports, journal, cassette keys and fingerprints, when not the spec: the same model
   * with two settings (or behind two servers) is two labelled rows of one run.
   */
  readonly label?: string
  /**
   * `--stream`: every model that talks HTTP streams, as with its own `stream: true` setting (baseline and scripted
   * models have nothing to stream and ignore it).
   */
  readonly stream?: boolean
  /**
   * `--cache-tools`: every model that talks HTTP marks its tool definitions (and system prompt) cacheable, as with
   * its own `cache_tools: true` setting (baseline and scripted models send nothing and ignore it).
   */
  readonly cacheTools?: boolean
  /**
   * `--batch`: every model with a batch API (openai, openai-responses, anthropic, google) sends its requests through
   * it, as with its own `batch: true` setting (core/batch.ts); its `maxConcurrency` / `requestsPerMinute` are off.
   */
  readonly batch?: boolean
  /** `--batch-poll`: milliseconds between two status reads of a running batch (default 30 000). */
  readonly batchPollMs?: number
  /** Where batch mode journals its batches and finds an earlier run's (`batches.jsonl`; the runner sets it). */
  readonly batchJournal?: BatchJournalStore
  /** Called on each batch submitted, polled, done or resumed (the progress line). */
  readonly onBatchEvent?: (event: BatchEvent) => void
  /** Request settings (temperature, reasoning effort, thinking …), checked against the protocol when the provider is built. */
  readonly settings?: ModelSettings
  /**
   * Whose names a message about the key or server gives these options (core/option-names.ts): `'library'` (default:
   * `baseUrl`, `apiKeyEnv`, `modelOptions`) or `'cli'` (`--base-url`, `--api-key-env`, the config's keys), which
   * the toolgauge CLI sets. Judges and simulated users get the run's.
   */
  readonly optionNames?: OptionSurface
}
