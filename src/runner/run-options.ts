import type { BatchEvent } from '../core/batch.ts'
import type { Provider } from '../core/provider.ts'
import type { ModelSummary, Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import type { VariantSpec } from '../core/variant.ts'
import type { Gate, GateResult } from '../gates/gates.ts'
import type { PriceTable } from '../pricing/index.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import type { StreamedReport } from '../report/json.ts'
import type { CaseCheckSet } from '../scoring/score-case.ts'
import type { ModelEntry } from './model-entries.ts'
import type { ModelsSource } from './model-suites.ts'
import type { OutLock } from './out-lock.ts'
import type { ResumeCounts } from './resume.ts'
import type { Shard } from './shard.ts'

// What a run is given and what it gives back: the contract of `runEvaluation` (run-evaluation.ts), apart from the
// run's steps, so the modules that read the options (providers, suite models, callbacks) need not import the run.

/** Everything a run needs; the CLI builds it from flags and config. */
export type RunOptions = {
  readonly suitePaths: readonly string[]
  /** Model specs, or `{ spec, label, settings, suites }` entries (labels make the same spec two rows; `suites` limits what a model runs). */
  readonly models: readonly ModelEntry[]
  /** Where `models` were written (the config file), so an error in an entry names its file and line. */
  readonly modelsSource?: ModelsSource
  /** Where report.json and results.jsonl go. */
  readonly outDir: string
  /**
   * The out folder's lock when the caller holds it (the CLI keeps it until its other formats are written);
   * otherwise the run takes it (`lockOutFolder`) for its own duration. Two runs never write one journal.
   */
  readonly outLock?: OutLock
  readonly concurrency?: number
  /** Glob on case ids (or `suite/case`). */
  readonly filter?: string
  readonly repeat?: number
  /**
   * `--repeat-until <N>`: up to N repeats per case, in rounds; unanimous cases stop once their remaining repeats
   * cannot move a min-accuracy gate decision (runner/repeat-until.ts). Gates then read `caseMeanAccuracy`.
   */
  readonly repeatUntil?: number
  readonly shard?: Shard
  /** Continue the same run from the journal in outDir: results whose fingerprint still matches are kept. */
  readonly resume?: boolean
  readonly gates?: readonly Gate[]
  /** Settings for every model; `baseUrl` and `apiKeyEnv` reach openai-compatible models only (providers/model-options.ts). */
  readonly providerOptions?: ProviderOptions
  /** Settings for one model spec, over `providerOptions` (config `providers:`); its base URL and key stay with it. */
  readonly modelOptions?: { readonly [spec: string]: Partial<ProviderOptions> }
  /**
   * Providers built by the caller (tests, library users), keyed by spec; others are created from the spec. One not
   * built by `createProvider` has no HTTP timeout: a turn of it (model under test, simulated user or judge) that has
   * not settled within the model's `timeoutMs` (its `modelOptions`, else `providerOptions`; default 600 000) ends its
   * case as errored — provider_error, simulator_error, judge_error —, its signal aborted (runner/bounded-turns.ts). The run
   * redacts its secrets from what it writes (results, reports), but a provider built beforehand cannot be handed
   * them: what it writes itself (its cassettes) is redacted of what it was built with only — give it the MCP servers'
   * `${VAR}` values and the other models' keys in its options' `secrets` if it records.
   */
  readonly providers?: readonly Provider[]
  /**
   * Aborting stops scheduling; finished cases stay journaled and the partial report is written. Cases still in
   * flight 2 s after the abort (user code that does not settle) are abandoned, like any interrupted case.
   */
  readonly signal?: AbortSignal
  /**
   * Called before any request with what looks like a slip but is not an error (a scripted key naming no case), with
   * what the process guard saw (an error of a case's code after its verdict), and with what the run's parts warn about
   * (a secret under 4 characters, which cannot be redacted, by its source; a cache folder others may write to), each
   * once per run; without it those are printed on stderr. `onWarning`, `onStart`,
   * `onResult`, `onBatchEvent` and the provider options' `onRetry` / `onBatchEvent` are the caller's own code,
   * contained: one that throws (anything), or returns a promise that rejects, stops nothing — the run goes on, its
   * requests too, every result is journaled and in the report, no verdict changes, and the run's
   * promise resolves with its outcome as it would have. A warning whose `onWarning` threw is printed on stderr
   * instead. When the run is over, each callback that threw is said once (how often, and what it threw first):
   * through `onWarning`, or on stderr when `onWarning` is the one that threw.
   */
  readonly onWarning?: (message: string) => void
  /** Called once the cases to run are known (after --resume kept the finished ones), before any request (contained: see onWarning). */
  readonly onStart?: (progress: { total: number; resumed?: ResumeCounts }) => void
  /** Called after each journaled result (progress display), with the redacted result that was journaled (contained: see onWarning). */
  readonly onResult?: (result: CaseResult, progress: { done: number; total: number }) => void
  /** Prices for cost (default: the table that ships with toolgauge, see docs/pricing.md). */
  readonly prices?: PriceTable
  /** Also aggregate per suite × model (`--by suite`; `RunOutcome.bySuite`). */
  readonly bySuite?: boolean
  /** Milliseconds a live stub may take in a case whose suite sets no `stub_timeout` (`--stub-timeout`; default 30 s). */
  readonly stubTimeoutMs?: number
  /** Tool-description variants for every suite (`--variant`, config `variants:`); else each suite's own `variants:`. */
  readonly variants?: readonly VariantSpec[]
  /** `--bail`: stop scheduling after this many failed cases (errored ones do not count); report.json `run.cut` says what did not run. */
  readonly bail?: number
  /** Checks added to the scorer's for every case (`toolgauge conformance`'s probe rules), judged into the same verdict; their `id` is in every fingerprint. */
  readonly caseChecks?: CaseCheckSet
  /** `--max-cost`: stop scheduling once the run's results cost this many USD (priced results; in-flight ones finish); exit 4. */
  readonly maxCostUsd?: number
  /** Batch mode (`--batch`, `batch: true`): called on each batch submitted, polled, done or resumed (the progress line; contained: see onWarning). */
  readonly onBatchEvent?: (event: BatchEvent) => void
  /**
   * `--batch-resubmit`: with `--resume --batch`, submit again the requests of a batch whose creation failed uncertainly
   * (otherwise the run stops before its first request: that batch may exist and be billed).
   */
  readonly batchResubmit?: boolean
}

/** The outcome of a run: the report (also written to disk), gate verdicts and the exit code. */
export type RunOutcome = {
  /** The report; its `results` are read back from the journal when first accessed (the run does not hold them). */
  readonly report: Report
  /** The results in report order, streamed from the journal (a fresh pass per call). */
  readonly eachResult: () => Iterable<CaseResult>
  /** The report with its results streamed from the journal, for the other formats. */
  readonly stream: StreamedReport
  /** Summary rows per suite × model, each with a `suite` field (empty unless `bySuite` was asked for). */
  readonly bySuite: readonly ModelSummary[]
  readonly gates: readonly GateResult[]
  readonly exitCode: 0 | 1 | 2 | 3 | 4 | 130
  readonly reportFile: string
  /** What --resume kept, re-ran and dropped (absent for a fresh run). */
  readonly resumed?: ResumeCounts
}
