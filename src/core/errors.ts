import { carriesMarker } from './thrown.ts'

const inputErrorMarker = Symbol.for('toolgauge.InputError')
const providerErrorMarker = Symbol.for('toolgauge.ProviderError')
const usageErrorMarker = Symbol.for('toolgauge.UsageError')

/**
 * Bad input from the user (suite, tool schema, cassette, flag): printed without a stack trace, exit code 2.
 * The message names the file, the line where the format has lines, the field, and what was expected.
 */
export class InputError extends Error {
  readonly [inputErrorMarker] = true
  constructor(
    message: string,
    readonly location?: { readonly file?: string; readonly line?: number; readonly field?: string },
  ) {
    super(formatLocation(location) + message)
    this.name = 'InputError'
  }

  /** Realm-safe check (works across module copies). */
  static isInstance(error: unknown): error is InputError {
    return carriesMarker(error, inputErrorMarker)
  }
}

/**
 * A command line that does not parse (unknown flag, missing or malformed flag value, missing argument): the CLI
 * prints it with the command's usage. Every other InputError is about data (a file, a config) and prints alone.
 */
export class UsageError extends InputError {
  readonly [usageErrorMarker] = true

  /** Realm-safe check (works across module copies). */
  static override isInstance(error: unknown): error is UsageError {
    return carriesMarker(error, usageErrorMarker)
  }
}

/**
 * The facts of a model's missing key, for a caller to word its own hint (the CLI names `--api-key-env` and the config's
 * `api_key_env`, describeSuite and runCase their `apiKeyEnv` option): the variables read, the one named if any.
 */
export type MissingKeyFacts = { readonly spec: string; readonly variables: readonly string[]; readonly named?: string }

/**
 * A model needs an API key the environment does not hold: bad input for a run, a reason to skip for vitest suites.
 * Named `--model` unless `from` says where the model was written (a config file's `models[i]`, a suite's field).
 */
export class MissingApiKeyError extends InputError {
  constructor(readonly reason: string, readonly variable: string, location: InputError['location'] = { field: '--model' }, readonly facts?: MissingKeyFacts) {
    super(reason, location)
    this.name = 'MissingApiKeyError'
  }

  /** The same missing key, named where the model spec came from. */
  from(location: NonNullable<InputError['location']>): MissingApiKeyError {
    return new MissingApiKeyError(this.reason, this.variable, location, this.facts)
  }
}

/**
 * A model's server setting missing or misplaced, as facts, for a caller to word its own hint (the CLI's flags and
 * config keys, describeSuite's and runCase's option names): a model with no default host given none, or a run-wide
 * `baseUrl` / `apiKeyEnv` for a run with no `openai-compatible:` model to take it.
 */
export type ServerSettingFacts =
  | { readonly kind: 'missing-base-url'; readonly spec: string }
  | { readonly kind: 'no-compatible-model'; readonly setting: 'baseUrl' | 'apiKeyEnv' }

/** Bad input about a model's server settings, its message in the CLI's words; `facts` lets another caller word it. */
export class ServerSettingError extends InputError {
  constructor(message: string, readonly facts: ServerSettingFacts, location?: InputError['location']) {
    super(message, location)
  }
}

/** A provider failed after its retries: the case gets `provider_error`, the run exits 3. */
export class ProviderError extends Error {
  readonly [providerErrorMarker] = true
  constructor(
    message: string,
    readonly details: {
      readonly status?: number
      readonly retries?: number
      readonly cause?: unknown
      /** A request that creates a batch failed where the API may have acted on it (5xx, timeout, cut answer): not retried. */
      readonly uncertain?: boolean
      /**
       * The request was not sent: the run stopped calling this server (origin and path) as unreachable
       * (http/unreachable-breaker.ts). Kept on the case's failure as `stoppedCalling`; never read off the message.
       */
      readonly stoppedCalling?: string
    } = {},
  ) {
    super(message)
    this.name = 'ProviderError'
  }

  /** Realm-safe check (works across module copies). */
  static isInstance(error: unknown): error is ProviderError {
    return carriesMarker(error, providerErrorMarker)
  }
}

function formatLocation(location: InputError['location']): string {
  if (!location?.file) return location?.field ? `${location.field}: ` : ''
  const where = location.line !== undefined ? `${location.file}:${location.line}` : location.file
  return location.field ? `${where}: ${location.field}: ` : `${where}: `
}
