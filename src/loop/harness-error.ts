/**
 * The user's own harness code (a hook) threw: the case ends with `harness_error` naming the hook and the error,
 * and the run goes on. Thrown by `executeCall`, caught by the loop; never escapes `runCase`.
 */
export class HarnessError extends Error {
  override readonly name = 'HarnessError'
}

/** Runs one hook; whatever it throws (or rejects with) becomes a HarnessError that names the hook, the call and the error. */
export async function callHook<T>(hook: 'beforeToolCall' | 'afterToolCall', call: { readonly name: string; readonly id: string }, run: () => T | Promise<T>): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw new HarnessError(`${hook} threw on ${call.name} (call ${call.id}): ${describeThrown(error)}`)
  }
}

/** `TypeError: message` for errors, the value itself for anything else thrown. */
function describeThrown(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`
  try {
    return typeof error === 'string' ? error : JSON.stringify(error) ?? String(error)
  } catch {
    return String(error)
  }
}
