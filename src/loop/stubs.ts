import type { Case, StubSpec } from '../core/case.ts'
import { thrownMessage } from '../core/thrown.ts'
import { loadedUserFunction } from '../io/load-module.ts'
import { matchArguments } from '../matchers/argument-matchers.ts'
import { HarnessError } from './harness-error.ts'
import type { ToolCallContext } from './hooks.ts'
import { takeJson } from './json-problem.ts'
import { notSettled, settledWithin } from './settled-within.ts'
import { ownCopy } from './snapshot.ts'

/** The result of running a stub: a value for the model, or an error sent back as a failed tool result. */
export type StubOutcome =
  | { readonly ok: true; readonly result: unknown; readonly source: 'recorded' | 'live' | 'world' | 'not_executed' | 'default' }
  | { readonly ok: false; readonly error: string; readonly source: 'recorded' | 'live' | 'world' | 'rejected' }

/** Returned when a tool has no stub: a neutral success, so a model that picks an unstubbed tool is not misled by an error. */
const defaultStubResult = { status: 'ok' }

/** Seconds a live stub may take when neither the case, the suite (`stub_timeout`) nor the run (`--stub-timeout`) says. */
const defaultStubTimeoutSeconds = 30

/**
 * Milliseconds the user code of a case (hooks, live stubs, its world, custom checks) may take: the case's (or its
 * suite's) `stub_timeout`, else the run's `--stub-timeout` (`runMs`), else 30 s.
 */
export function caseTimeoutMs(testCase: Pick<Case, 'stubTimeout'>, runMs: number | undefined): number {
  return testCase.stubTimeout !== undefined ? testCase.stubTimeout * 1000 : runMs ?? defaultStubTimeoutSeconds * 1000
}

/**
 * Executes a stub: recorded stubs answer with the first entry whose `when` matches `matched` (the arguments as a
 * verdict reads them, numbers exact: `judgedArguments`; `args` when a hook replaced them) — entries without `when` are
 * the default; live stubs call the user's function `(args, context)`. What a live stub throws is an error result
 * for the model, as a failing tool would give — except a HarnessError (the stub's backend failed), rethrown. A live
 * stub that does not settle within `timeoutMs`, or returns what JSON cannot carry, is the harness's own failure: a
 * HarnessError naming the stub and the tool (the case ends with `harness_error`), as is a stub module that cannot be
 * loaded (loaded once, when the suite loaded: io/load-module.ts `loadedUserFunction`). Module stubs are timed here;
 * stubs given as functions (MCP servers) bound their own calls.
 */
export async function runStub(spec: StubSpec | undefined, args: unknown, context: ToolCallContext, timeoutMs: number, matched: unknown = args): Promise<StubOutcome> {
  // Not 'recorded': the user recorded nothing, and a transcript saying so would send them looking for a stub.
  if (!spec) return { ok: true, result: defaultStubResult, source: 'default' }
  if (spec.type === 'recorded') {
    const entry = spec.entries.find((candidate) => candidate.when && matchArguments(candidate.when, matched).ok)
      ?? spec.entries.find((candidate) => !candidate.when)
    if (!entry) return { ok: false, error: `no recorded result matches these arguments for ${context.toolName}`, source: 'recorded' }
    return entry.error !== undefined ? { ok: false, error: entry.error, source: 'recorded' } : { ok: true, result: entry.result ?? null, source: 'recorded' }
  }
  // Nor is a call nothing ran: the transcript says what happened, not which stub kind stood in.
  if (spec.type === 'not_executed') return { ok: true, result: ownCopy(spec.result), source: 'not_executed' }
  const refused = spec.type === 'function' ? spec.refuse?.(args) : undefined
  if (refused !== undefined) return { ok: false, error: refused, source: 'rejected' }
  const stub = `stub of ${context.toolName} (${spec.type === 'function' ? spec.label : `${spec.module}#${spec.export}`})`
  let result: unknown
  try {
    if (spec.type === 'function') {
      result = await spec.run(args, context)
    } else {
      const running = loadedUserFunction<(args: unknown, context: ToolCallContext) => unknown>(spec.module, spec.export, { field: `stubs.${context.toolName}` })
        .catch((error: unknown) => { throw new HarnessError(`${stub} could not be loaded: ${thrownMessage(error)}`) })
        .then((run) => run(args, ownCopy(context)))
      result = await settledWithin(running, timeoutMs, () => new HarnessError(`${stub} ${notSettled(timeoutMs, ` (call ${context.callId})`)}`))
    }
  } catch (error) {
    // The stub says its backend failed (not the model): the loop ends the case as harness_error.
    if (HarnessError.isInstance(error)) throw error
    return { ok: false, error: thrownMessage(error), source: 'live' }
  }
  const taken = takeJson(result, 'result')
  if (taken.problem !== undefined) throw new HarnessError(`${stub} returned what cannot be sent as JSON (call ${context.callId}): ${taken.problem}`)
  return { ok: true, result: taken.value, source: 'live' }
}
