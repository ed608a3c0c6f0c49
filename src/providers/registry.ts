import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import type { ProviderOptions } from './provider-options.ts'

/** Builds a provider for the part of the spec after `prefix:`. */
export type ProviderFactory = (model: string, spec: string, options: ProviderOptions) => Promise<Provider>

/** Model spec prefixes and the modules that implement them (loaded lazily: offline runs never load the SDKs). */
const factories: Record<string, () => Promise<{ createProvider: ProviderFactory }>> = {
  baseline: () => import('./baseline.ts'),
  scripted: () => import('./scripted.ts'),
  openai: () => import('./openai.ts'),
  'openai-responses': () => import('./openai-responses.ts'),
  anthropic: () => import('./anthropic.ts'),
  'openai-compatible': () => import('./openai-compatible.ts'),
}

/** The spec prefixes toolgauge knows, for error messages and docs. */
export const providerPrefixes: readonly string[] = Object.keys(factories)

/**
 * Resolves a model spec — `baseline`, `scripted:<file>`, `openai:<model>`, `openai-responses:<model>`,
 * `anthropic:<model>`, `openai-compatible:<model>` — to a provider. Unknown prefixes are a usage error.
 */
export async function createProvider(spec: string, options: ProviderOptions = {}): Promise<Provider> {
  const colon = spec.indexOf(':')
  const prefix = colon === -1 ? spec : spec.slice(0, colon)
  const model = colon === -1 ? '' : spec.slice(colon + 1)
  const load = factories[prefix]
  if (!load) {
    throw new InputError(`unknown model spec "${spec}"; expected one of ${providerPrefixes.map((p) => `${p}:…`).join(', ')}`, {
      field: '--model',
    })
  }
  const { createProvider: factory } = await load()
  return factory(model, spec, options)
}
