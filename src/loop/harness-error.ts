import { carriesMarker, describeThrown } from '../core/thrown.ts'
import { notSettled, settledWithin } from './settled-within.ts'

const marker = Symbol.for('toolgauge.HarnessError')

/**
 * The harness, not the model, failed: the user's own code (a hook) threw, or a tool backend a stub relies on died
 * (a crashed, hung or protocol-breaking MCP server). The case ends with `harness_error` (errored, never a verdict
 * on the model) and the run goes on. Hooks' errors are wrapped in it by `callHook`; a stub throws it itself to say
 * "not the model's fault" — any other error a stub throws is a failed tool result the model sees. Caught by the
 * loop; never escapes `runCase`.
 */
export class HarnessError extends Error {
  readonly [marker] = true
  override readonly name = 'HarnessError'

  /** Realm-safe check (works across module copies: a stub module may load its own copy of toolgauge). */
  static isInstance(error: unknown): error is HarnessError {
    return carriesMarker(error, marker)
  }
}

/**
 * Runs one hook; whatever it throws (or rejects with) becomes a HarnessError that names the hook, the call and the
 * error, as does a hook still not settled after `timeoutMs` (the case's stub timeout: hooks are user code too).
 */
export async function callHook<T>(hook: 'beforeToolCall' | 'afterToolCall', call: { readonly name: string; readonly id: string }, run: () => T | Promise<T>, timeoutMs: number): Promise<T> {
  let timedOut: HarnessError | undefined
  const timeout = () => (timedOut = new HarnessError(`${hook} on ${call.name} (call ${call.id}) ${notSettled(timeoutMs)}`))
  try {
    return await settledWithin(Promise.resolve().then(run), timeoutMs, timeout)
  } catch (error) {
    if (error === timedOut) throw error
    throw new HarnessError(`${hook} threw on ${call.name} (call ${call.id}): ${describeThrown(error)}`)
  }
}
