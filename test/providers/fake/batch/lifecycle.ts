/**
 * How a batch stand-in's batches progress, shared by the three batch APIs' stand-ins: a batch stays in progress
 * for `pollsInProgress` status reads, and not at all past them until `release()` when `held` (a test kills the
 * process between submit and completion, then releases the batch for the resumed run). `expire` makes every new
 * batch end expired instead of completed, its entries unanswered.
 */
export type BatchLifecycle = {
  pollsInProgress: number
  held: boolean
  expire: boolean
  release(): void
}

/** A lifecycle: 1 in-progress poll, not held, not expiring (tests change the fields as they need). */
export function batchLifecycle(settings: Partial<Omit<BatchLifecycle, 'release'>> = {}): BatchLifecycle {
  const lifecycle: BatchLifecycle = {
    pollsInProgress: settings.pollsInProgress ?? 1,
    held: settings.held ?? false,
    expire: settings.expire ?? false,
    release() {
      lifecycle.held = false
    },
  }
  return lifecycle
}

/** One stand-in batch's progress: how many status reads it has had, and whether it has finished. */
export type BatchProgress = { polls: number }

/** Whether a batch that has had `progress.polls` status reads is finished under the lifecycle (counts this read). */
export function finishedAfterPoll(progress: BatchProgress, lifecycle: BatchLifecycle): boolean {
  progress.polls++
  return !lifecycle.held && progress.polls > lifecycle.pollsInProgress
}
