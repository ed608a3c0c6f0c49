import type { Provider } from '../core/provider.ts'
import { modelSpecPrefixes, parseModelSpec, type ModelSpecPrefix } from './model-spec.ts'
import { optionNames } from '../core/option-names.ts'
import type { ProviderOptions } from './provider-options.ts'
import { markSelfBounded } from './self-bounded.ts'

/** Builds a provider for the part of the spec after `prefix:`. */
export type ProviderFactory = (model: string, spec: string, options: ProviderOptions) => Promise<Provider>

/** The module implementing each prefix of model-spec.ts (loaded lazily: offline runs never load the SDKs). */
const factories: Record<ModelSpecPrefix, () => Promise<{ createProvider: ProviderFactory }>> = {
  baseline: () => import('./baseline.ts'),
  scripted: () => import('./scripted.ts'),
  openai: () => import('./openai.ts'),
  'openai-responses': () => import('./openai-responses.ts'),
  anthropic: () => import('./anthropic.ts'),
  'openai-compatible': () => import('./openai-compatible.ts'),
  google: () => import('./google.ts'),
}

/** The spec prefixes toolgauge knows, for error messages and docs. */
export const providerPrefixes: readonly string[] = Object.keys(modelSpecPrefixes)

/**
 * Resolves a model spec — `baseline`, `scripted:<file>`, `openai:<model>`, `openai-responses:<model>`,
 * `anthropic:<model>`, `openai-compatible:<model>`, `google:<model>` — to a provider. A bad spec is a usage error (model-spec.ts).
 */
export async function createProvider(spec: string, options: ProviderOptions = {}): Promise<Provider> {
  const { prefix, argument } = parseModelSpec(spec, optionNames(options))
  const { createProvider: factory } = await factories[prefix]()
  // Its requests end by themselves (HTTP timeouts and retries): the runner does not bound its turns (self-bounded.ts).
  return markSelfBounded(await factory(argument, spec, options))
}
