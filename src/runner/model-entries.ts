import { InputError } from '../core/errors.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { mergeSettings, type ModelSettings } from '../providers/settings/model-settings.ts'
import type { ModelsSource } from './model-suites.ts'

/**
 * One model of a run: a spec, or a spec with a `label` (its name in every result, report, journal line, cassette
 * key and fingerprint) and request settings. The same spec twice under two labels is two rows of one run.
 */
export type ModelEntry = string | {
  readonly spec: string
  readonly label?: string
  readonly settings?: ModelSettings
  /** The suites (by name) this model answers; absent: every suite of the run (runner/model-suites.ts). */
  readonly suites?: readonly string[]
}

/** A model entry with its identity resolved. */
export type ResolvedModel = Exclude<ModelEntry, string> & { readonly id: string }

/**
 * The entries in object form. Two entries with the same identity (spec, or label) are bad input — their results would
 * be one row counted twice: the one check of a run's models (`runEvaluation` asks it first; `run`, `tokens` and
 * `conformance` ask it of their `--model` flags), named by the config's file and line when the entries came from one
 * (`source`), by the flag as typed when `source` is a flag's name.
 */
export function resolveModels(entries: readonly ModelEntry[], source?: ModelsSource | string): ResolvedModel[] {
  const first = new Map<string, number>()
  return entries.map((entry, index) => {
    const model = typeof entry === 'string' ? { spec: entry } : entry
    const id = model.label ?? model.spec
    const before = first.get(id)
    if (before !== undefined) throw givenTwice(id, before, index, source)
    first.set(id, index)
    return { ...model, id }
  })
}

function givenTwice(id: string, before: number, index: number, source: ModelsSource | string | undefined): InputError {
  // The flags have no index the user wrote: named as typed, with no models[i] of a config there was none of.
  if (typeof source === 'string') return new InputError(`${source} ${id} given twice: each model is one row of the results, so give it once (to run one model with two settings, give each a label in a config file's models:)`)
  const message = `model "${id}" is given twice (models[${before}] and models[${index}]): each model is one row of a run; to run one model twice (with other settings), give each entry its own label in the config (models: - { spec: …, label: … })`
  if (!source) return new InputError(message, { field: 'models' })
  const line = source.lineOf(['models', index])
  return new InputError(message, { file: source.file, ...(line !== undefined ? { line } : {}), field: `models[${index}]` })
}

/**
 * The provider options of one model: the run's options, then the config's settings for its spec, then its own
 * entry. Settings layer the same way, with the run-wide ones (`--set`) last, so a one-off flag wins.
 */
export function modelOptionsFor(
  model: ResolvedModel,
  runOptions: ProviderOptions | undefined,
  perSpec: { readonly [spec: string]: Partial<ProviderOptions> } | undefined,
): ProviderOptions {
  const specOptions = perSpec?.[model.spec]
  const settings = mergeSettings(specOptions?.settings, model.settings, runOptions?.settings)
  return {
    ...runOptions,
    ...specOptions,
    ...(model.label !== undefined ? { label: model.label } : {}),
    ...(Object.keys(settings).length > 0 ? { settings } : {}),
  }
}
