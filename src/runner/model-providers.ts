import { ModelSetupError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import type { BatchJournal } from '../providers/batch/batch-journal.ts'
import { optionsPerModel } from '../providers/model-options.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import { withBatchJournal } from './batch-schedule.ts'
import { boundedTurns } from './bounded-turns.ts'
import { modelOptionsFor, type ResolvedModel } from './model-entries.ts'
import type { RunOptions } from './run-options.ts'

/**
 * Each model's provider options, resolved once per model (not per case): the run's, the config's for its spec, its
 * entry's — settings layer config (by spec) < model entry < `--set` — and, for a model in batch mode, the run's batch
 * journal and `onBatchEvent`.
 */
export function modelProviderOptions(models: readonly ResolvedModel[], run: Pick<RunOptions, 'providerOptions' | 'modelOptions' | 'onBatchEvent'>, batchJournal: BatchJournal): ProviderOptions[] {
  return layeredModelOptions(models, run).map((options) => withBatchJournal(options, batchJournal, run.onBatchEvent))
}

/**
 * Each model's options by the run's one rule, also for runCase and describeSuite (run-one-case.ts specsOptions): a
 * run-wide base URL or key variable for openai-compatible: models only (optionsPerModel), then the spec's and the
 * entry's own, settings merged key by key (modelOptionsFor) — a spec's `seed` never drops the run's `temperature`.
 */
export function layeredModelOptions(models: readonly ResolvedModel[], run: Pick<RunOptions, 'providerOptions' | 'modelOptions'>): ProviderOptions[] {
  const perModel = optionsPerModel(models.map((model) => model.spec), run.providerOptions, run.modelOptions)
  return models.map((model) => {
    // modelOptionsFor layers the settings: the spec's merged ones are dropped here, the run's passed on.
    const { settings: _specSettings, ...base } = perModel.get(model.spec) ?? {}
    const runSettings = run.providerOptions?.settings
    return modelOptionsFor(model, { ...base, ...(runSettings ? { settings: runSettings } : {}) }, run.modelOptions)
  })
}

/**
 * The providers of the models under test, in order: the caller's own (`RunOptions.providers`, by id), each of its turns
 * bounded by the model's `timeoutMs` since it has no HTTP timeout of its own (bounded-turns.ts), else one built from
 * the spec with every secret of the run. A missing API key of a config's model names its file, line and `models[i]`,
 * not a --model flag that was never given.
 */
export function modelProviders(models: readonly ResolvedModel[], modelOptions: readonly ProviderOptions[], secrets: readonly string[], run: Pick<RunOptions, 'providers' | 'modelsSource'>): Promise<Provider[]> {
  return Promise.all(models.map((model, index) => {
    const given = run.providers?.find((provider) => provider.id === model.id)
    if (given) return boundedTurns(given, modelOptions[index]!.timeoutMs)
    return createProvider(model.spec, { ...modelOptions[index]!, secrets }).catch((error: unknown) => {
      if (!(error instanceof ModelSetupError) || !run.modelsSource) throw error
      const line = run.modelsSource.lineOf(['models', index])
      throw error.from({ file: run.modelsSource.file, ...(line !== undefined ? { line } : {}), field: `models[${index}]` })
    })
  }))
}
