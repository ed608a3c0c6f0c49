import { attempt, carriesMarker, thrownMessage } from './thrown.ts'
import { optionNames } from './option-names.ts'

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
 * Bad input about what a model needs to be reached (its server's URL, a key variable that can name none), its
 * `reason` in the option names of the surface the user is on (option-names.ts): named where the model
 * spec was given unless `from` says where the model was written (a config file's `models[i]`, a suite's field).
 */
export class ModelSetupError extends InputError {
  constructor(readonly reason: string, location?: InputError['location']) {
    super(reason, location)
  }

  /** The same error, named where the model spec came from. */
  from(location: NonNullable<InputError['location']>): ModelSetupError {
    return new ModelSetupError(this.reason, location)
  }
}

/** A model needs an API key the environment does not hold: bad input for a run, a reason to skip for vitest suites. */
export class MissingApiKeyError extends ModelSetupError {
  constructor(reason: string, readonly variable: string, location: InputError['location'] = { field: optionNames(undefined).model }) {
    super(reason, location)
    this.name = 'MissingApiKeyError'
  }

  override from(location: NonNullable<InputError['location']>): MissingApiKeyError {
    return new MissingApiKeyError(this.reason, this.variable, location)
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

  /**
   * The first ProviderError `matches` accepts in `error` or the causes under it: the SDKs ("Connection error.") and
   * our fetch wrap what the HTTP layer threw, so its facts (`details`) are found down the chain, never in the message.
   * A cause that cannot be read (a getter, a Proxy: a caller's provider throws anything) ends the chain.
   */
  static within(error: unknown, matches: (found: ProviderError) => boolean = () => true): ProviderError | undefined {
    let current: unknown = error
    for (let depth = 0; depth < 8 && current !== null && typeof current === 'object'; depth++) {
      if (ProviderError.isInstance(current) && matches(current)) return current
      current = attempt(() => (current as { cause?: unknown }).cause)
    }
    return undefined
  }

  /**
   * What a caught failure says and carries, however it was wrapped: the HTTP layer's ProviderError's words, status and
   * retries (`within`), else the failure's own words and the status an SDK error names (a refusal the server answered)
   * and no retries: who made how many is not known there (a caller's SDK's own), and 0 would say "not retried".
   */
  static factsOf(error: unknown): { readonly message: string; readonly status?: number; readonly retries?: number } {
    const below = ProviderError.within(error)
    const status = below ? below.details.status : attempt(() => (error as { status?: unknown } | null | undefined)?.status)
    return { message: thrownMessage(below ?? error), ...providerFailureFacts({ ...(typeof status === 'number' ? { status } : {}), retries: below?.details.retries }) }
  }
}

/** What a provider failure carries beside its words, kept from the loop's end to the case's failure (`Failure`'s fields). */
export type ProviderFailureFacts = Pick<ProviderError['details'], 'stoppedCalling' | 'status' | 'retries'>

/** The facts `source` holds (a ProviderError's details, a transcript), only those it has: a field absent is not `undefined`. */
export function providerFailureFacts({ stoppedCalling, status, retries }: ProviderFailureFacts): ProviderFailureFacts {
  return { ...(stoppedCalling !== undefined ? { stoppedCalling } : {}), ...(status !== undefined ? { status } : {}), ...(retries !== undefined ? { retries } : {}) }
}

/**
 * A simulated user's or a judge's failure: the status and retries of the ProviderError in `error`'s causes, if any —
 * never `stoppedCalling`, which counts the tested model's cases not sent (cli/shared-error.ts).
 */
export function suiteModelFailureFacts(error: unknown): Omit<ProviderFailureFacts, 'stoppedCalling'> {
  const details = ProviderError.within(error)?.details
  return details ? providerFailureFacts({ status: details.status, retries: details.retries }) : {}
}

/** `file:line: field: `, as an InputError's message starts (what is known of it). */
export function formatLocation(location: InputError['location']): string {
  if (!location?.file) return location?.field ? `${location.field}: ` : ''
  const where = location.line !== undefined ? `${location.file}:${location.line}` : location.file
  return location.field ? `${where}: ${location.field}: ` : `${where}: `
}
