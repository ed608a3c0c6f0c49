/** How long cases in flight get to end after an interrupt before the run stops waiting for them. */
export const abandonAfterMs = 2000

/**
 * The run's patience after an interrupt. Providers stop at the abort signal, but user code (a live stub, a hook)
 * may never settle: once the signal has been aborted for `abandonAfterMs`, every case still in flight is abandoned —
 * `race` gives undefined, as for an interrupted case (not journaled; `--resume` runs it again) — so the partial
 * report is written. What the abandoned code does later is ignored.
 */
export class AbandonAfterAbort {
  private timer: ReturnType<typeof setTimeout> | undefined
  // The cases in flight, each ended by calling it. Not a `Promise.race` against one run-long promise: every race
  // would stay attached to it, holding its case's value until the run ends (20,000 cases: ~100 MiB more peak RSS).
  private readonly inFlight = new Set<() => void>()
  private abandoned = false
  private readonly onAbort = () => {
    this.timer = setTimeout(() => {
      this.abandoned = true
      for (const abandon of this.inFlight) abandon()
      this.inFlight.clear()
    }, abandonAfterMs)
  }

  constructor(private readonly signal: AbortSignal | undefined) {
    if (signal?.aborted) this.onAbort()
    else signal?.addEventListener('abort', this.onAbort, { once: true })
  }

  /** The work's value, or undefined once the grace after an abort is over (its later value or error is dropped). */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    if (!this.signal) return work
    if (this.abandoned) return Promise.resolve(undefined)
    return new Promise<T | undefined>((resolve, reject) => {
      const abandon = () => resolve(undefined)
      this.inFlight.add(abandon)
      work.then(
        (value) => {
          this.inFlight.delete(abandon)
          resolve(value)
        },
        (error: unknown) => {
          this.inFlight.delete(abandon)
          reject(error)
        },
      )
    })
  }

  /** Stops the timer and the listener (the run is over: nothing waits for the grace any more). */
  dispose(): void {
    clearTimeout(this.timer)
    this.signal?.removeEventListener('abort', this.onAbort)
  }
}
