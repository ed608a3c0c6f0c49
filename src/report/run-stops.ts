import type { Report } from '../core/report.ts'
import type { NotRunTask, RunCut } from '../runner/bail.ts'

// Why a run ended before its plan was done, read from report.json's `run` block once for every output (terminal,
// Markdown, HTML, JUnit), so each says the same thing. The block is read defensively: a report file is input.

/** One reason a run's report is partial: cut by a stop rule (`run.cut`) or interrupted (`run.interrupted`). */
export type RunStop = {
  readonly kind: 'cut' | 'interrupted'
  /** What stopped it: `--bail 3`, `--max-cost 0.5 (spent $0.5120)`, `an interruption (Ctrl-C)`. */
  readonly by: string
  /** How many case runs of the plan have no result; undefined when the report does not say (an earlier toolgauge's). */
  readonly notRun: number | undefined
  /** A cut's tasks that never started, each named as its result would have been (`run.cut.notRun`); empty for an interruption. */
  readonly tasks: readonly NotRunTask[]
  /** Whether a resume of the run runs the case runs without a result; a vitest report's run the tests again (vitest has no --resume). */
  readonly resumable: boolean
  /** The sentence every format prints (plain text: each format escapes it). */
  readonly text: string
}

/** The reasons a report is partial, cut first; empty for a run that did its whole plan. */
export function runStops(run: Report['run']): RunStop[] {
  const stops: RunStop[] = []
  const cut = runCut(run)
  if (cut) {
    const by = cut.reason === 'max-cost' ? `--max-cost ${String(cut.limit)} (spent $${typeof cut.spentUsd === 'number' ? cut.spentUsd.toFixed(4) : '?'})` : `--${String(cut.reason)} ${String(cut.limit)}`
    const tasks = cut.notRun.filter(isTask)
    stops.push({ kind: 'cut', by, notRun: cut.notRun.length, tasks, resumable: true, text: `Cut by ${by}: ${cut.notRun.length} case run(s) did not start (listed in report.json run.cut.notRun; --resume runs them).` })
  }
  if (run.interrupted === true && run.runner === 'vitest') {
    // The vitest reporter's report: vitest cancelled the run, and has no --resume (nor a count of what did not finish).
    const by = 'a cancel of the vitest run (Ctrl-C, or --bail after a failure)'
    const text = 'Interrupted: the vitest run was cancelled (Ctrl-C, or --bail after a failure) and its cases that had not finished left no result; the report is partial (run the tests again to run them).'
    stops.push({ kind: 'interrupted', by, notRun: undefined, tasks: [], resumable: false, text })
  } else if (run.interrupted === true) {
    const notRun = typeof run.unfinished === 'number' && Number.isInteger(run.unfinished) && run.unfinished >= 0 ? run.unfinished : undefined
    const by = 'an interruption (Ctrl-C)'
    const what = notRun === undefined ? 'some case runs did not finish' : `${notRun} case run(s) did not finish`
    stops.push({ kind: 'interrupted', by, notRun, tasks: [], resumable: true, text: `Interrupted: ${what}; the report is partial (--resume runs them).` })
  }
  return stops
}

/** A report's `run.cut` as far as it has the shape of one (its `notRun` entries unchecked); undefined for an uncut run. */
export function runCut(run: Report['run']): (Omit<RunCut, 'notRun'> & { readonly notRun: readonly unknown[] }) | undefined {
  const cut = run.cut as { reason?: unknown; notRun?: unknown } | null | undefined
  return typeof cut === 'object' && cut !== null && typeof cut.reason === 'string' && Array.isArray(cut.notRun) ? (cut as Omit<RunCut, 'notRun'> & { readonly notRun: readonly unknown[] }) : undefined
}

/** A not-run entry naming the task its result would have been. */
export function isTask(value: unknown): value is NotRunTask {
  if (typeof value !== 'object' || value === null) return false
  const task = value as Partial<Record<keyof NotRunTask, unknown>>
  return typeof task.suite === 'string' && typeof task.case === 'string' && typeof task.model === 'string' && typeof task.repeat === 'number'
    && (task.variant === undefined || typeof task.variant === 'string')
}
