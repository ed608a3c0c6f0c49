import { relative } from 'node:path'
import type { Suite } from '../core/case.ts'
import type { Report } from '../core/report.ts'
import { redactDeep } from '../http/redact.ts'
import type { PriceTable } from '../pricing/index.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import type { ModelSettings } from '../providers/settings/model-settings.ts'
import { toolgaugeVersion } from '../version.ts'

/** What report.json's `run` block says about a run. */
export type RunHeaderInput = {
  readonly startedAt: Date
  readonly models: readonly string[]
  /** Each model's spec by its name in the run (its label, or the spec itself): `run.modelSpecs`. */
  readonly modelSpecs: { readonly [model: string]: string }
  /** Each model's request settings by its name in the run (`modelSettingsOf`): `run.modelSettings`. */
  readonly modelSettings?: { readonly [model: string]: ModelSettings }
  /** The simulated users' and judges' request settings by spec (suite-models.ts): `run.suiteModelSettings`, absent with none. */
  readonly suiteModelSettings?: { readonly [spec: string]: ModelSettings }
  /** Each suite's name, file and number of cases (a `Suite`, or a suite opened for a run with its count). */
  readonly suites: readonly (Pick<Suite, 'name' | 'file'> & { readonly cases: { readonly length: number } })[]
  readonly repeat: number
  readonly prices: PriceTable
  /** Run-specific fields (shard, filter, interrupted, resumed). */
  readonly extra?: { readonly [field: string]: unknown }
}

/** The `run` block of report.json; `toolgauge run` and the vitest reporter write it the same way. */
export function runHeader(input: RunHeaderInput): Report['run'] {
  return {
    startedAt: input.startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    toolgaugeVersion,
    models: input.models,
    modelSpecs: input.modelSpecs,
    ...(input.modelSettings ? { modelSettings: input.modelSettings } : {}),
    ...(Object.keys(input.suiteModelSettings ?? {}).length > 0 ? { suiteModelSettings: input.suiteModelSettings } : {}),
    suites: input.suites.map((suite) => ({ name: suite.name, file: relative(process.cwd(), suite.file) || suite.file, cases: suite.cases.length })),
    repeat: input.repeat,
    priceTable: { date: input.prices.date, source: input.prices.source },
    ...input.extra,
  }
}

/**
 * `run.modelSettings`, for `toolgauge run` and describeSuite alike: each model's `requestSettings` by its name in the
 * run (`models[i]` ran with `options[i]`), redacted — a credential in extra_headers / extra_body is the run's secret.
 */
export function modelSettingsOf(models: readonly string[], options: readonly ProviderOptions[], secrets: readonly string[]): { [model: string]: ModelSettings } {
  return redactDeep(Object.fromEntries(options.map((own, index) => [models[index]!, requestSettings(own)])), secrets)
}

/**
 * The settings a model's requests ran with that decide its answers, in the wire names users give them (config,
 * `--set`): the layered `settings` with the library's `maxTokens` as `max_tokens` when they set none (the value the
 * provider sends, sdk-provider.ts `maxTokensOf`). `batch`, `stream` and `cache_tools` are left out: they change how
 * a request travels or is billed, not what the model is asked — as the host (`baseUrl`) is, so shards may run on
 * two servers of one model. `merge` refuses one model run with two of these (compare/model-specs.ts).
 */
function requestSettings(options: ProviderOptions): ModelSettings {
  const { batch: _batch, stream: _stream, cache_tools: _cacheTools, ...settings } = options.settings ?? {}
  const maxTokens = settings.max_tokens ?? options.maxTokens
  return { ...settings, ...(maxTokens !== undefined ? { max_tokens: maxTokens } : {}) }
}
