import { InputError, MissingApiKeyError, ModelSetupError } from '../../core/errors.ts'
import { warnIfUnredactable } from '../../http/redact.ts'
import { settingsCredentials } from '../settings/settings-credentials.ts'
import { optionNames, type OptionNames } from '../../core/option-names.ts'
import type { ProviderOptions } from '../provider-options.ts'

/** Where a provider's key and base URL come from when the run names nothing else. */
export type CredentialDefaults = {
  /** Env vars read for the key, first set wins (`OPENAI_API_KEY`…); empty: no key unless one is named (openai-compatible). */
  readonly apiKeyEnvs: readonly string[]
  /** Env var read for the host (`OPENAI_BASE_URL`…); undefined: the host is given per model or not at all. */
  readonly baseUrlEnv?: string
  /** A missing key is an error (hosted APIs); false sends no key at all (local servers). */
  readonly keyRequired: boolean
  /** The provider has no default host: a base URL must be given (except in replay, where no request leaves). */
  readonly baseUrlRequired: boolean
}

/** Resolved connection settings. */
export type Credentials = {
  /** undefined: no key is sent (the Authorization header is removed). */
  readonly apiKey: string | undefined
  /** undefined = the SDK's default host. */
  readonly baseUrl: string | undefined
  /** Values to redact everywhere. */
  readonly secrets: readonly string[]
}

/**
 * Where each HTTP provider's key and host come from — the table in README "Providers". `openai-compatible:` reads
 * no variable implicitly: a key meant for api.openai.com must never reach another host.
 */
export const credentialDefaults = {
  openai: { apiKeyEnvs: ['OPENAI_API_KEY'], baseUrlEnv: 'OPENAI_BASE_URL', keyRequired: true, baseUrlRequired: false },
  'openai-responses': { apiKeyEnvs: ['OPENAI_API_KEY'], baseUrlEnv: 'OPENAI_BASE_URL', keyRequired: true, baseUrlRequired: false },
  anthropic: { apiKeyEnvs: ['ANTHROPIC_API_KEY'], baseUrlEnv: 'ANTHROPIC_BASE_URL', keyRequired: true, baseUrlRequired: false },
  'openai-compatible': { apiKeyEnvs: [], keyRequired: false, baseUrlRequired: true },
  google: { apiKeyEnvs: ['GEMINI_API_KEY', 'GOOGLE_API_KEY'], baseUrlEnv: 'GOOGLE_GEMINI_BASE_URL', keyRequired: true, baseUrlRequired: false },
} as const satisfies Record<string, CredentialDefaults>

/**
 * An API key as it is sent: the variable's value trimmed (a key pasted with a trailing newline still works), or
 * undefined when unset or blank. The run's secret list reads keys through this too, so it redacts the sent value.
 */
export function apiKeyFromEnv(name: string): string | undefined {
  const key = process.env[name]?.trim() || undefined
  if (key !== undefined) warnIfUnredactable(key, `the environment variable ${name}`)
  return key
}

// The cassette key holds the request path only, so in replay any host serves; this one can never resolve.
const replayBaseUrl = 'http://replay.invalid/v1'

/** What `api_key_env` holds: the name of a variable, as the environment spells one. */
const variableName = /^[A-Za-z_][A-Za-z0-9_]*$/

/**
 * Refuses an `api_key_env` that cannot name a variable, without quoting it: the usual slip is the key itself pasted
 * where its variable's name belongs, and an error message is printed (and kept in CI logs).
 */
export function checkKeyVariable(name: string, location: { readonly file?: string; readonly line?: number; readonly field: string }): void {
  if (variableName.test(name)) return
  throw new InputError(
    `expected the name of the environment variable that holds the key (letters, digits and _, e.g. OPENAI_API_KEY, without a $), got ${name.length} characters that name none — not shown, as they may be the key itself`,
    location,
  )
}

// A name is quoted in a message only when it reads as a variable's name: a key made of letters and digits alone
// (a Gemini key can be) is a valid name too, but not an upper-case one.
// `namedBy`: where the user names the variable (OptionNames.keyVariable: the CLI's `--api-key-env or api_key_env`).
export function shownVariable(name: string, namedBy: string): string {
  return /^[A-Z_][A-Z0-9_]*$/.test(name) ? `${name} (named by ${namedBy})` : `the variable named by ${namedBy}`
}

/**
 * A base URL is refused when it carries what belongs in a header: a user name or password before the host (fetch
 * refuses such a URL, and its error quotes it whole) or a query string (the SDKs append their paths after it, so no
 * request reaches the API — and a `?key=` would be echoed back in every 404). The URL is shown with those parts masked.
 */
function checkBaseUrl(baseUrl: string, spec: string, field: string, names: OptionNames): void {
  let url: URL
  try {
    url = new URL(baseUrl)
  } catch {
    return // not a URL: the SDK says so on the first request, as before
  }
  const masked = `${url.protocol}//${url.username || url.password ? '***@' : ''}${url.host}${url.pathname}${url.search ? '?***' : ''}`
  if (url.username || url.password) {
    throw new InputError(`${spec}: the base URL ${masked} carries a user name or password before its host: requests cannot send them there; put the key in a variable named by ${names.keyVariable} (it is sent as a header)`, { field })
  }
  if (url.search) {
    throw new InputError(`${spec}: the base URL ${masked} has a query string: the SDK appends its paths after it, so no request would reach the API; give the URL up to its path, and a key in a variable named by ${names.keyVariable} (sent as a header)`, { field })
  }
}

/**
 * Reads the API key (from `apiKeyEnv` when named, else the provider's default variables) and the base URL (the
 * model's own, else the provider's env var). A missing key or host is a usage error naming where to put it, in the
 * names of the options' surface (option-names.ts), except in replay mode, where no request leaves.
 */
export function resolveCredentials(options: ProviderOptions, defaults: CredentialDefaults, spec: string): Credentials {
  const replay = options.replayDir !== undefined
  const names = optionNames(options)
  if (options.apiKeyEnv !== undefined) checkKeyVariable(options.apiKeyEnv, { field: names.keyVariable })
  const keyEnvs = options.apiKeyEnv ? [options.apiKeyEnv] : defaults.apiKeyEnvs
  const key = keyEnvs.map(apiKeyFromEnv).find((value) => value !== undefined)
  if (!key && !replay && (defaults.keyRequired || options.apiKeyEnv)) {
    const where = options.apiKeyEnv
      ? `set ${shownVariable(options.apiKeyEnv, names.keyVariable)}`
      : `set ${keyEnvs.join(' or ')} (or name another variable with ${names.anotherKeyVariable})`
    throw new MissingApiKeyError(`${spec} needs an API key: ${where}`, keyEnvs[0] ?? 'an API key variable', { field: names.model })
  }
  const fromEnv = defaults.baseUrlEnv ? process.env[defaults.baseUrlEnv]?.trim() || undefined : undefined
  let baseUrl = options.baseUrl ?? fromEnv
  if (baseUrl !== undefined && !replay) checkBaseUrl(baseUrl, spec, options.baseUrl !== undefined ? names.baseUrl : defaults.baseUrlEnv!, names)
  if (baseUrl === undefined && defaults.baseUrlRequired) {
    if (!replay) {
      throw new ModelSetupError(`${spec} needs the server's URL: ${names.giveServer(spec)}`, { field: names.model })
    }
    baseUrl = replayBaseUrl
  }
  // The run's own secrets were warned about where they came from (each value is said once): these are a caller's.
  options.secrets?.forEach((secret, index) => warnIfUnredactable(secret, `secrets[${index}] of the provider options`))
  return { apiKey: key, baseUrl, secrets: [...(key ? [key] : []), ...settingsCredentials(options.settings), ...(options.secrets ?? [])] }
}
