/** Counters a progress display reads. */
export type ProgressState = {
  readonly total: number
  done: number
  failed: number
  providerErrors: number
  retries: number
  readonly startedAt: number
}

/** A progress line on a TTY (cases done / total, failures, retries, elapsed, ETA); silent elsewhere (CI logs). */
export class ProgressLine {
  private lastWrite = 0
  readonly state: ProgressState

  constructor(total: number, private readonly stream: NodeJS.WriteStream = process.stderr, private readonly enabled = stream.isTTY === true && !process.env.CI) {
    this.state = { total, done: 0, failed: 0, providerErrors: 0, retries: 0, startedAt: Date.now() }
  }

  /** Redraws the line, at most ten times a second (and always for the last case). */
  update(): void {
    if (!this.enabled) return
    const now = Date.now()
    if (now - this.lastWrite < 100 && this.state.done < this.state.total) return
    this.lastWrite = now
    const { done, total, failed, retries, providerErrors, startedAt } = this.state
    const elapsed = (now - startedAt) / 1000
    const eta = done === 0 ? '?' : `${Math.round((elapsed / done) * (total - done))}s`
    const errors = providerErrors > 0 ? ` · provider errors ${providerErrors}` : ''
    this.stream.write(`\r\x1b[2K${done}/${total} cases · ${failed} failed${errors} · ${retries} retries · ${elapsed.toFixed(1)}s elapsed · ETA ${eta}`)
  }

  /** Clears the line before the final table. */
  finish(): void {
    if (this.enabled) this.stream.write('\r\x1b[2K')
  }
}
