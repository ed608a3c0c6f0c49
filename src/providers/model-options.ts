import { InputError } from '../core/errors.ts'
import { parseModelSpec } from './model-spec.ts'
import { optionNames } from '../core/option-names.ts'
import type { ProviderOptions } from './provider-options.ts'

/** The run-wide settings that name a server or a key: they may only reach openai-compatible models. */
const serverScoped = ['baseUrl', 'apiKeyEnv'] as const

function isCompatible(spec: string): boolean {
  try {
    return parseModelSpec(spec).prefix === 'openai-compatible'
  } catch {
    return false // a caller-built provider with its own id: it takes no run-wide host or key either
  }
}

/**
 * Each model's provider options: the run-wide ones, then the model's own (config `providers:`). A run-wide base URL
 * or key variable (`--base-url`, `--api-key-env`) goes to `openai-compatible:` models only — sending the Anthropic
 * or OpenAI key to a local server is exactly what it must not do — and is an error when the run has none. A model's
 * own `base_url` / `api_key_env` stays with that model.
 */
export function optionsPerModel(
  specs: readonly string[],
  general: ProviderOptions = {},
  perModel: { readonly [spec: string]: Partial<ProviderOptions> } = {},
): Map<string, ProviderOptions> {
  const compatible = specs.filter(isCompatible)
  const names = optionNames(general)
  for (const key of serverScoped) {
    if (general[key] !== undefined && compatible.length === 0) {
      throw new InputError(
        `applies to openai-compatible: models only, and this run has none (openai: and openai-responses: read OPENAI_BASE_URL and OPENAI_API_KEY, anthropic: ANTHROPIC_BASE_URL and ANTHROPIC_API_KEY, google: GOOGLE_GEMINI_BASE_URL and GEMINI_API_KEY; give one model its own ${names.ownServer})`,
        { field: names.runWide[key] },
      )
    }
  }
  const { baseUrl, apiKeyEnv, ...shared } = general
  const serverSettings = { ...(baseUrl !== undefined ? { baseUrl } : {}), ...(apiKeyEnv !== undefined ? { apiKeyEnv } : {}) }
  return new Map(specs.map((spec) => [spec, { ...shared, ...(compatible.includes(spec) ? serverSettings : {}), ...perModel[spec] }]))
}
