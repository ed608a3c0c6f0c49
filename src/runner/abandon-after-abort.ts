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
  private readonly abandoned: Promise<undefined>
  private abandon: (value: undefined) => void = () => {}
  private readonly onAbort = () => {
    this.timer = setTimeout(() => this.abandon(undefined), abandonAfterMs)
  }

  constructor(private readonly signal: AbortSignal | undefined) {
    this.abandoned = new Promise((resolve) => {
      this.abandon = resolve
    })
    if (signal?.aborted) this.onAbort()
    else signal?.addEventListener('abort', this.onAbort, { once: true })
  }

  /** The work's value, or undefined once the grace after an abort is over (its later value or error is dropped). */
  race<T>(work: Promise<T>): Promise<T | undefined> {
    return this.signal ? Promise.race([work, this.abandoned]) : work
  }

  /** Stops the timer and the listener (the run is over: nothing waits for the grace any more). */
  dispose(): void {
    clearTimeout(this.timer)
    this.signal?.removeEventListener('abort', this.onAbort)
  }
}
