import { describeThrown } from '../core/thrown.ts'
import { currentStrays } from '../loop/case-strays.ts'
import { printWarning } from './run-callbacks.ts'

/**
 * What user code can do to the process behind the loop's back while a run lasts, and what the run does about it.
 *
 * - An error nothing awaited (a stub's timer that throws, a hook's promise no one awaited rejecting) would crash
 *   the run (exit 1, no report). While the process is guarded (`guardStrays`) it is recorded on the case whose code
 *   made the timer or promise (`loop/case-strays.ts`), which ends as `harness_error`; after that case's verdict was
 *   decided it is a warning (the case's `warn`) and the run goes on — no verdict is changed after the fact. One no
 *   case made (toolgauge's own, or a `queueMicrotask` callback, which carries no case) is handled as without the
 *   guard: Node ends the process with it (exit 1), vitest reports it as an unhandled error.
 * - `process.exit()` (or a user module's top-level await that never settles: Node's event loop runs empty and the
 *   process exits) cannot be stopped: the run's finished results are in the journal (its exit handler writes them)
 *   and `--resume` runs the rest. The run's guard (`ProcessGuard`) says so on stderr, and an exit code of 0 — which
 *   would read as a passing run — becomes 2, as for a harness_error.
 */
export class ProcessGuard {
  private readonly releaseStrays = guardStrays()

  private readonly onExit = (code: number) => {
    // 130: a second Ctrl-C, which says what it does itself; an error no case made ends the process as Node would.
    if (code === 130 || unownedThrown) return
    process.stderr.write(`toolgauge: the process is exiting (code ${code}) before the run finished: user code called process.exit(), or a user module's top-level await never settles (Node exits when nothing is left to wait for); report.json was not written, the finished results are in results.jsonl and --resume runs the rest\n`)
    if (code === 0) process.exitCode = 2
  }

  /** Starts guarding the run. */
  constructor() {
    process.on('exit', this.onExit)
  }

  /**
   * The run is over: the process is the caller's again. An interrupted run keeps catching its cases' errors: the
   * user code it abandoned still runs until the process exits, and a throw of it must not turn exit 130 into a crash.
   */
  dispose(interrupted = false): void {
    process.off('exit', this.onExit)
    if (!interrupted) this.releaseStrays()
  }
}

/** How many holders guard the process now (`guardStrays`): the handlers are on while there is one. */
let holders = 0
let listening = false
/** Set once an error no case made was rethrown with no handler left: the process is ending with it (no exit note). */
let unownedThrown = false

/**
 * Guards the process against errors nothing awaited while held (the run, `runCase`, a `describeSuite` block, `runLoop`; holders
 * may overlap): an error of a case's code ends that case or is its warning (see ProcessGuard). Returns the release;
 * the last release takes the handlers off.
 */
export function guardStrays(): () => void {
  holders++
  if (holders === 1) listen()
  let released = false
  return () => {
    if (released) return
    released = true
    holders--
    if (holders === 0) stopListening()
  }
}

const onStray = (error: unknown): void => {
  const strays = currentStrays()
  if (strays?.record(error)) return
  if (strays) {
    ;(strays.warn ?? printWarning)(`code of case ${strays.label} threw after its result was decided (a timer or an unawaited promise of a stub, hook, world or check); its result stands: ${describeThrown(error)}`)
    return
  }
  // No case made it: toolgauge's own failure (the journal's write), which must not pass as a warning, or a test's
  // own. Rethrown with the guard's handlers off, as without the guard: Node ends the process with it and its stack
  // (exit 1); vitest, which leaves an error alone while another handler is on, reports it. When the process goes
  // on (vitest took it), the guard listens again on the next turn.
  stopListening()
  unownedThrown = process.listenerCount('uncaughtException') === 0
  process.nextTick(() => {
    throw error
  })
  setImmediate(() => {
    unownedThrown = false
    if (holders > 0) listen()
  })
}

function listen(): void {
  if (listening) return
  listening = true
  process.on('uncaughtException', onStray)
  process.on('unhandledRejection', onStray)
}

function stopListening(): void {
  if (!listening) return
  listening = false
  process.off('uncaughtException', onStray)
  process.off('unhandledRejection', onStray)
}
