import pLimit from 'p-limit'
import type { BatchSchedule } from './batch-schedule.ts'
import type { PlannedTask } from './run-plan.ts'

/** Where a `--repeat-until` run's tasks come from: one round at a time, each decided by the results of the one before. */
export type TaskRounds = { next(): PlannedTask[] }

/** How the run's tasks are scheduled. */
export type ScheduleSettings = {
  /** `--concurrency` (default 4); ignored in batch mode, where every task runs at once. */
  readonly concurrency?: number
  readonly batching: BatchSchedule
  /** Present for `--repeat-until`: tasks come in rounds instead of all at once. */
  readonly rounds?: TaskRounds
  readonly signal?: AbortSignal
  /** A stop rule (`--bail`, `--max-cost`) has been reached: tasks not yet started are skipped. */
  readonly stopping: () => boolean
}

/**
 * Runs the planned tasks through p-limit, the team's choice: no figure needs a pool of our own. Every task is queued
 * up front, which costs about 18 MiB of heap for 20,000 tasks (measured with --expose-gc), far inside the 256 MiB
 * bound of a 20,000-case run. In batch mode every task runs at once — the batch's barrier waits for all of them — and
 * each is opened on its model's queue before any runs and closed however it ended. The first task that throws stops
 * the rest (nothing more is started) and its error is the run's.
 */
export async function scheduleTasks(tasks: readonly PlannedTask[], settings: ScheduleSettings, runTask: (task: PlannedTask) => Promise<void>): Promise<void> {
  const { batching, rounds, signal } = settings
  const limit = pLimit(batching.active ? Number.POSITIVE_INFINITY : Math.max(1, settings.concurrency ?? 4))
  // Set by the first task that throws, before p-limit starts the next one.
  let failed = false
  const run = async (task: PlannedTask) => {
    try {
      if (failed || settings.stopping() || signal?.aborted) return
      await runTask(task)
    } catch (error) {
      failed = true
      limit.clearQueue()
      throw error
    } finally {
      batching.close(task)
    }
  }
  const runAll = async (round: readonly PlannedTask[]) => {
    batching.open(round)
    await Promise.all(round.map((task) => limit(run, task)))
  }
  if (!rounds) return runAll(tasks)
  // Round by round: each round's stopping decisions need the results of the one before.
  for (let round = rounds.next(); round.length > 0 && !failed && !signal?.aborted; round = rounds.next()) await runAll(round)
}
