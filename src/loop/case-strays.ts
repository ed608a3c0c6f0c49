import type { Case } from '../core/case.ts'
import { describeThrown } from '../core/thrown.ts'
import { currentScope, runInScope, type WarningListener, type WorkScope } from '../core/warnings.ts'

/**
 * The errors a case's code threw where nothing awaited them: a stub's timer that throws, a hook's promise no one
 * awaited rejecting. Node would crash the whole run on them (exit 1, no report). The runner's process guard
 * (`runner/process-guard.ts`) finds the case they came from — every timer and promise made while a case runs carries
 * that case (AsyncLocalStorage, core/warnings.ts: the case is the work scope, and carries its run's warnings) — and records the first here, for the run, `runCase`, `describeSuite` and `runLoop` alike; the loop then ends the case as `harness_error`, as
 * if the code had thrown where it was awaited. Once the case's verdict is decided (`close`), a later error changes
 * nothing: the guard warns instead.
 */
export class CaseStrays implements WorkScope {
  private first: string | undefined
  private taken = false
  private closed = false

  /**
   * `label` names the case in the warning about an error that came after its verdict (`suite/case`); `warn` is where
   * that warning goes (the run's onWarning; the guard prints it on stderr without one); `warnings`, where the warnings
   * said deep inside the case's work go (`warnOnce`: the run's, when the case is part of a run that takes them).
   */
  constructor(readonly label: string, readonly warn?: (message: string) => void, readonly warnings?: WarningListener) {}

  /** The first stray error, as the case's harness_error message, once: whoever ends the case on it takes it. */
  take(): string | undefined {
    if (this.taken || this.first === undefined) return undefined
    this.taken = true
    return this.first
  }

  /** Records an error of this case's code (the first is kept); false when its verdict is already decided (the guard warns). */
  record(error: unknown): boolean {
    if (this.closed) return false
    this.first ??= `an error nothing awaited was thrown while the case ran (a timer or an unawaited promise of a stub, hook, world or check): ${describeThrown(error)}`
    return true
  }

  /** The case's verdict is decided: later errors are no longer its. */
  close(): void {
    this.closed = true
  }
}

/**
 * Runs one case's work (`work(strays)`) with a fresh CaseStrays of its own as the case every timer and promise made
 * inside belongs to, named `suite/case (model, repeat n)` in the guard's warning: how a run's, `runCase`'s and
 * `runLoop`'s cases each get theirs.
 */
export function runAsCase<T>(task: { readonly testCase: Pick<Case, 'suite' | 'id'>; readonly providerId: string; readonly repeat: number }, warn: ((message: string) => void) | undefined, work: (strays: CaseStrays) => Promise<T>): Promise<T> {
  const strays = new CaseStrays(`${task.testCase.suite}/${task.testCase.id} (${task.providerId}, repeat ${task.repeat + 1})`, warn, currentScope()?.warnings)
  return runInScope(strays, () => work(strays))
}

/** The case whose code is running now (in a timer or a promise callback: the case that made it), if any. */
export function currentStrays(): CaseStrays | undefined {
  const scope = currentScope()
  return scope instanceof CaseStrays ? scope : undefined
}
