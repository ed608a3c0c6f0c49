import type { StubSpec } from '../core/case.ts'
import { importUserFunction } from '../io/load-module.ts'
import { matchArguments } from '../matchers/argument-matchers.ts'
import { HarnessError } from './harness-error.ts'
import type { ToolCallContext } from './hooks.ts'

/** The result of running a stub: a value for the model, or an error sent back as a failed tool result. */
export type StubOutcome =
  | { readonly ok: true; readonly result: unknown; readonly source: 'recorded' | 'live' }
  | { readonly ok: false; readonly error: string; readonly source: 'recorded' | 'live' }

/** Returned when a tool has no stub: a neutral success, so a model that picks an unstubbed tool is not misled by an error. */
export const defaultStubResult = { status: 'ok' }

/**
 * Executes a stub: recorded stubs answer with the first entry whose `when` matches (entries without `when` are
 * the default); live stubs call the user's function `(args, context)`. A thrown error becomes an error result,
 * except a HarnessError (the stub's backend failed), which is rethrown for the loop to end the case with.
 */
export async function runStub(spec: StubSpec | undefined, args: unknown, context: ToolCallContext): Promise<StubOutcome> {
  if (!spec) return { ok: true, result: defaultStubResult, source: 'recorded' }
  if (spec.type === 'recorded') {
    const entry = spec.entries.find((candidate) => candidate.when && matchArguments(candidate.when, args).ok)
      ?? spec.entries.find((candidate) => !candidate.when)
    if (!entry) return { ok: false, error: `no recorded result matches these arguments for ${context.toolName}`, source: 'recorded' }
    return entry.error !== undefined ? { ok: false, error: entry.error, source: 'recorded' } : { ok: true, result: entry.result ?? null, source: 'recorded' }
  }
  try {
    if (spec.type === 'function') return { ok: true, result: await spec.run(args, context), source: 'live' }
    const run = await importUserFunction<(args: unknown, context: ToolCallContext) => unknown>(spec.module, spec.export, { field: `stubs.${context.toolName}` })
    return { ok: true, result: await run(args, context), source: 'live' }
  } catch (error) {
    // The stub says its backend failed (not the model): the loop ends the case as harness_error.
    if (HarnessError.isInstance(error)) throw error
    return { ok: false, error: error instanceof Error ? error.message : String(error), source: 'live' }
  }
}
