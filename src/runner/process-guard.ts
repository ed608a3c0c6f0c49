import { describeThrown } from '../core/thrown.ts'
import { currentStrays } from '../loop/case-strays.ts'

/**
 * What user code can do to the process behind the loop's back while a run lasts, and what the run does about it.
 *
 * - An error nothing awaited (a stub's timer that throws, a hook's promise no one awaited rejecting) would crash
 *   the run (exit 1, no report). It is recorded on the case whose code made the timer or promise
 *   (`loop/case-strays.ts`), which ends as `harness_error`; after that case's verdict was decided it is a warning
 *   and the run goes on — no verdict is changed after the fact. One no case made (toolgauge's own, or a
 *   `queueMicrotask` callback, which carries no case) ends the process as Node would.
 * - `process.exit()` (or a user module's top-level await that never settles: Node's event loop runs empty and the
 *   process exits) cannot be stopped: the run's finished results are in the journal (its exit handler writes them)
 *   and `--resume` runs the rest. The guard says so on stderr, and an exit code of 0 — which would read as a
 *   passing run — becomes 2, as for a harness_error.
 */
export class ProcessGuard {
  private readonly onStray = (error: unknown) => {
    const strays = currentStrays()
    if (strays?.record(error)) return
    if (strays) {
      this.warn(`code of case ${strays.label} threw after its result was decided (a timer or an unawaited promise of a stub, hook, world or check); its result stands: ${describeThrown(error)}`)
      return
    }
    // No case made it: it may be toolgauge's own failure (the journal's write), which must not pass as a warning.
    // Node's own handling, as without the guard: the process ends with the error and its stack (exit 1).
    this.dispose()
    process.nextTick(() => {
      throw error
    })
  }

  private readonly onExit = (code: number) => {
    // 130: a second Ctrl-C, which says what it does itself.
    if (code === 130) return
    process.stderr.write(`toolgauge: the process is exiting (code ${code}) before the run finished: user code called process.exit(), or a user module's top-level await never settles (Node exits when nothing is left to wait for); report.json was not written, the finished results are in results.jsonl and --resume runs the rest\n`)
    if (code === 0) process.exitCode = 2
  }

  /** Starts guarding; `warn` prints a warning (the run's `onWarning`). */
  constructor(private readonly warn: (message: string) => void) {
    process.on('uncaughtException', this.onStray)
    process.on('unhandledRejection', this.onStray)
    process.on('exit', this.onExit)
  }

  /**
   * The run is over: the process is the caller's again. An interrupted run keeps catching its cases' errors: the
   * user code it abandoned still runs until the process exits, and a throw of it must not turn exit 130 into a crash.
   */
  dispose(interrupted = false): void {
    process.off('exit', this.onExit)
    if (interrupted) return
    process.off('uncaughtException', this.onStray)
    process.off('unhandledRejection', this.onStray)
  }
}
