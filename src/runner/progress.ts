import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import type { BatchProgress } from './batch-progress.ts'
import { inert } from '../report/terminal-text.ts'

/** Counters a progress display reads. */
export type ProgressState = {
  readonly total: number
  done: number
  /** Results the runner judged failed (a verdict on the model). */
  failed: number
  /** Results that errored (an outage, the user's harness code): no verdict, so never counted as failed. */
  errored: number
  retries: number
  readonly startedAt: number
}

/** A progress line on a TTY (cases done / total, failures, retries, elapsed, ETA); silent elsewhere (CI logs). */
export class ProgressLine {
  private lastWrite = 0
  readonly state: ProgressState
  /** Batch mode: the batches submitted, running and done per model, and their cost, shown after the counts. */
  batches: BatchProgress | undefined

  constructor(total: number, private readonly stream: NodeJS.WriteStream = process.stderr, private readonly enabled = stream.isTTY === true && !process.env.CI) {
    this.state = { total, done: 0, failed: 0, errored: 0, retries: 0, startedAt: Date.now() }
  }

  /**
   * Prints a line above the progress line, on a TTY and in CI logs alike (a batch submitted or done: a batch may run
   * for hours, and a log should say what it waits on), then redraws.
   */
  note(line: string): void {
    if (this.enabled) this.stream.write('\r\x1b[2K')
    this.stream.write(`${line}\n`)
    this.lastWrite = 0
    this.update()
  }

  /** Counts one finished result by the verdict the runner gave it, and redraws the line. */
  record(result: Pick<CaseResult, 'passed' | 'failures' | 'verdict'>): void {
    const verdict = verdictOf(result)
    this.state.done++
    if (verdict === 'failed') this.state.failed++
    if (verdict === 'errored') this.state.errored++
    this.update()
  }

  /** Redraws the line, at most ten times a second (and always for the last case). */
  update(): void {
    if (!this.enabled) return
    const now = Date.now()
    if (now - this.lastWrite < 100 && this.state.done < this.state.total) return
    this.lastWrite = now
    const { done, total, failed, retries, errored, startedAt } = this.state
    const elapsed = (now - startedAt) / 1000
    const eta = done === 0 ? '?' : `${Math.round((elapsed / done) * (total - done))}s`
    const errors = errored > 0 ? ` · ${errored} errored` : ''
    // Model labels come from the config and flags: inert, as every other line the run prints.
    const batches = this.batches?.active ? ` · ${this.batches.summary().map(inert).join(' · ')}` : ''
    this.stream.write(`\r\x1b[2K${done}/${total} cases · ${failed} failed${errors} · ${retries} retries · ${elapsed.toFixed(1)}s elapsed · ETA ${eta}${batches}`)
  }

  /** Clears the line before the final table. */
  finish(): void {
    if (this.enabled) this.stream.write('\r\x1b[2K')
  }
}
