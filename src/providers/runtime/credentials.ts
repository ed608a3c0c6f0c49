import { MissingApiKeyError } from '../../core/errors.ts'
import type { ProviderOptions } from '../provider-options.ts'

/** Where a provider's key and base URL come from by default. */
export type CredentialDefaults = {
  /** `OPENAI_API_KEY` / `ANTHROPIC_API_KEY`. */
  readonly apiKeyEnv: string
  /** `OPENAI_BASE_URL` / `ANTHROPIC_BASE_URL`. */
  readonly baseUrlEnv: string
  /** False for local servers that need no key (Ollama, llama.cpp). */
  readonly keyRequired: boolean
}

/** Resolved connection settings. */
export type Credentials = {
  readonly apiKey: string
  /** undefined = the SDK's default host. */
  readonly baseUrl: string | undefined
  /** Values to redact everywhere. */
  readonly secrets: readonly string[]
}

// The SDKs refuse to start without a key; replay and keyless local servers still need some string there.
const placeholderKey = 'toolgauge-no-key'

/**
 * Reads the API key (from `apiKeyEnv` or the provider's default variable) and base URL (`--base-url`, else the
 * env var). A missing key is a usage error naming the variable, except in replay mode, where no request leaves.
 */
export function resolveCredentials(options: ProviderOptions, defaults: CredentialDefaults, spec: string): Credentials {
  const keyEnv = options.apiKeyEnv ?? defaults.apiKeyEnv
  const key = process.env[keyEnv]?.trim()
  if (!key && defaults.keyRequired && !options.replayDir) {
    throw new MissingApiKeyError(`${spec} needs an API key: set ${keyEnv}${options.apiKeyEnv ? '' : ' (or name another variable with apiKeyEnv)'}`, keyEnv)
  }
  const baseUrl = options.baseUrl ?? (process.env[defaults.baseUrlEnv]?.trim() || undefined)
  return {
    apiKey: key || placeholderKey,
    baseUrl,
    secrets: [...(key ? [key] : []), ...(options.secrets ?? [])],
  }
}
