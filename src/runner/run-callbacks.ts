import type { ResumeCounts } from './resume.ts'
import type { CaseResult } from '../core/result.ts'
import { describeThrown } from '../core/thrown.ts'
import { inert } from '../report/terminal-text.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import type { RunOptions } from './run-options.ts'

/** The callbacks a run's caller gives (`RunOptions`): the library user's own code. */
export type CallerCallbacks = {
  readonly onWarning?: ((message: string) => void) | undefined
  readonly onStart?: ((progress: { total: number; resumed?: ResumeCounts }) => void) | undefined
  readonly onResult?: ((result: CaseResult, progress: { done: number; total: number }) => void) | undefined
}

/** A callback's name in the warning about it: `onResult`, `onBatchEvent`, `providerOptions.onRetry` … */
type CallbackName = string

/** Provider options whose `onRetry` and `onBatchEvent` are the caller's code (RunOptions' `providerOptions`, a `modelOptions` entry). */
type RequestReporting = Pick<ProviderOptions, 'onRetry' | 'onBatchEvent'>

/** How often one callback threw, and what it threw first. */
type Throws = { count: number; readonly first: string }

/** Prints a warning on stderr, inert (a warning may quote a model's or a file's text). */
export function printWarning(message: string): void {
  process.stderr.write(`warning: ${inert(message)}\n`)
}

/**
 * The caller's callbacks, contained: they are the library user's harness code, and one that throws — anything, or a
 * promise it returns rejecting — must not stop the run, lose its journal or change a verdict (a throw of `onResult`
 * escaped its task and ended the run with no report.json; one of `onRetry` or `onBatchEvent`, called from inside a
 * request, failed it as an outage). What a callback would have been told is done either way: the result is
 * journaled, the request goes on, and a warning whose `onWarning` threw is printed on stderr instead. Once the run is
 * over (`close`), each callback that threw is said once, with how often and what it threw first: through
 * `onWarning` when that one works, else on stderr.
 */
export class RunCallbacks {
  private readonly throws = new Map<CallbackName, Throws>()
  private closed = false

  constructor(private readonly callbacks: CallerCallbacks) {}

  /** Whether the caller takes the warnings (`onWarning`); without it the run's warnings are dropped, the guard's printed. */
  get takesWarnings(): boolean {
    return this.callbacks.onWarning !== undefined
  }

  /** Tells `onWarning`; printed on stderr when it throws. */
  readonly warn = (message: string): void => {
    const onWarning = this.callbacks.onWarning
    if (!onWarning) return
    if (!this.contained('onWarning', () => onWarning(message))) printWarning(message)
  }

  /** Tells `onStart`. */
  start(progress: { total: number; resumed?: ResumeCounts }): void {
    const onStart = this.callbacks.onStart
    if (onStart) this.contained('onStart', () => onStart(progress))
  }

  /** Tells `onResult`. */
  result(result: CaseResult, progress: { done: number; total: number }): void {
    const onResult = this.callbacks.onResult
    if (onResult) this.contained('onResult', () => onResult(result, progress))
  }

  /** `callback` (the caller's, called `name` in the warning) contained as the others are; undefined stays undefined. */
  wrap<A extends unknown[]>(name: CallbackName, callback: ((...args: A) => void) | undefined): ((...args: A) => void) | undefined {
    if (!callback) return undefined
    return (...args: A) => {
      this.contained(name, () => callback(...args))
    }
  }

  /** Provider options with their `onRetry` and `onBatchEvent` contained (`where`: the options' name in RunOptions). */
  containedOptions<O extends RequestReporting>(options: O, where: string): O {
    const onRetry = this.wrap(`${where}.onRetry`, options.onRetry)
    const onBatchEvent = this.wrap(`${where}.onBatchEvent`, options.onBatchEvent)
    if (!onRetry && !onBatchEvent) return options
    return { ...options, ...(onRetry ? { onRetry } : {}), ...(onBatchEvent ? { onBatchEvent } : {}) }
  }

  /** The run is over: says, once per callback that threw, how often and what first (a later throw is said as it comes). */
  close(): void {
    // An onWarning that throws on one of these is added to the map, and so said after them.
    for (const [name, throws] of this.throws) this.say(`${callbackText(name, throws)}; the run went on: every result is journaled and in the report, and no verdict changed`, name)
    this.closed = true
  }

  /** Runs one call of the caller's code; false when it threw (a promise it returns is watched: its rejection counts too). */
  private contained(name: CallbackName, call: () => unknown): boolean {
    let returned: unknown
    try {
      returned = call()
    } catch (error) {
      this.threw(name, error)
      return false
    }
    // Only a promise is waited on (Promise.resolve reads `then` itself: a getter that throws is a rejection too).
    if ((typeof returned === 'object' && returned !== null) || typeof returned === 'function') {
      Promise.resolve(returned).then(undefined, (error: unknown) => this.threw(name, error))
    }
    return true
  }

  private threw(name: CallbackName, error: unknown): void {
    const seen = this.throws.get(name)
    if (seen) seen.count++
    else this.throws.set(name, { count: 1, first: describeThrown(error) })
    if (this.closed) this.say(`RunOptions.${name} threw after the run ended: ${describeThrown(error)}`, name)
  }

  /** A warning about a callback: through onWarning, unless that is the one that threw (or there is none). */
  private say(message: string, about: CallbackName): void {
    const onWarning = this.callbacks.onWarning
    if (about === 'onWarning' || !onWarning) {
      printWarning(about === 'onWarning' ? `${message} (its warnings were printed here instead)` : message)
      return
    }
    if (!this.contained('onWarning', () => onWarning(message))) printWarning(message)
  }
}

function callbackText(name: CallbackName, throws: Throws): string {
  return `RunOptions.${name} threw ${throws.count === 1 ? 'once' : `${throws.count} times`} (first: ${throws.first})`
}

/**
 * The run's options with the caller's callbacks that are called from inside a request contained (RunCallbacks):
 * `onBatchEvent` and the provider options' `onRetry` / `onBatchEvent` — a throw there failed the request, so its case
 * was provider_error, an outage the caller's code made.
 */
export function withContainedCallbacks(options: RunOptions, callbacks: RunCallbacks): RunOptions {
  const onBatchEvent = callbacks.wrap('onBatchEvent', options.onBatchEvent)
  const modelOptions = options.modelOptions
  return {
    ...options,
    ...(options.providerOptions ? { providerOptions: callbacks.containedOptions(options.providerOptions, 'providerOptions') } : {}),
    ...(modelOptions ? { modelOptions: Object.fromEntries(Object.keys(modelOptions).map((spec) => [spec, callbacks.containedOptions(modelOptions[spec]!, `modelOptions[${JSON.stringify(spec)}]`)])) } : {}),
    ...(onBatchEvent ? { onBatchEvent } : {}),
  }
}
