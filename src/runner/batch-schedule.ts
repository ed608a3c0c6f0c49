import type { BatchEvent } from '../core/batch.ts'
import type { Provider } from '../core/provider.ts'
import type { PriceTable } from '../pricing/index.ts'
import type { BatchJournal } from '../providers/batch/batch-journal.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { batches } from '../providers/runtime/http-for-provider.ts'
import type { PlannedTask } from './run-plan.ts'

/**
 * Batch mode in the runner: each batched model's queue is told when a task of that model is scheduled and when it
 * has ended, so the queue knows when every unfinished task is waiting (its barrier). Every task of a round is opened
 * before any runs — a task still reading its case must not let the batch go without it — and the run schedules
 * them all at once: a task held behind `--concurrency` would never reach the barrier.
 */
export class BatchSchedule {
  constructor(private readonly providers: readonly Provider[]) {}

  /** Some model of the run sends batches: no concurrency cap. */
  get active(): boolean {
    return this.providers.some((provider) => provider.batch !== undefined)
  }

  /** The models of the run that send batches, by id. */
  get models(): string[] {
    return this.providers.filter((provider) => provider.batch !== undefined).map((provider) => provider.id)
  }

  /** Opens the tasks about to be scheduled (a round of `--repeat-until`, or the whole run). */
  open(tasks: readonly PlannedTask[]): void {
    for (const task of tasks) this.providers[task.modelIndex]?.batch?.openTask()
  }

  /** Closes a task once it has ended, however it ended (finished, skipped, interrupted, failed). */
  close(task: PlannedTask): void {
    this.providers[task.modelIndex]?.batch?.closeTask()
  }

  /** report.json `run.batch`: which models sent their requests as batches, and the batch prices they were priced at. */
  header(prices: PriceTable): BatchHeader {
    return {
      models: this.models,
      ...(prices.batch ? { prices: { date: prices.batch.date, source: prices.batch.source } } : {}),
    }
  }
}

/** What report.json says of a batched run (`run.batch`). */
export type BatchHeader = { readonly models: readonly string[]; readonly prices?: { readonly date: string; readonly source: string } }

/** A model's options with the run's batch journal and progress hook, when that model runs in batch mode. */
export function withBatchJournal(options: ProviderOptions, journal: BatchJournal, onEvent: ((event: BatchEvent) => void) | undefined): ProviderOptions {
  if (!batches(options)) return options
  return { ...options, batchJournal: journal, ...(onEvent ? { onBatchEvent: onEvent } : {}) }
}

/**
 * Options without batch mode, for the models a suite brings (simulated users, judges): their requests come one at a
 * time from inside a task, outside any barrier, and are few.
 */
export function withoutBatch<T extends Partial<ProviderOptions>>(options: T): T {
  if (options.batch === undefined && options.settings?.batch === undefined) return options
  const { batch: _batch, settings, ...rest } = options
  if (!settings) return rest as T
  const { batch: _setting, ...kept } = settings
  return { ...rest, settings: kept } as T
}
