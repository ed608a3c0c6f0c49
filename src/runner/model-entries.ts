import { InputError } from '../core/errors.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { mergeSettings, type ModelSettings } from '../providers/settings/model-settings.ts'

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

/** The entries in object form; two entries with the same identity (spec or label) are a usage error. */
export function resolveModels(entries: readonly ModelEntry[]): ResolvedModel[] {
  const seen = new Set<string>()
  return entries.map((entry) => {
    const model = typeof entry === 'string' ? { spec: entry } : entry
    const id = model.label ?? model.spec
    if (seen.has(id)) {
      throw new InputError(`model "${id}" is listed twice; give each entry of the same model its own label`, { field: 'models' })
    }
    seen.add(id)
    return { ...model, id }
  })
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
