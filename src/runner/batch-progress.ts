import type { BatchEvent, BatchState } from '../core/batch.ts'
import type { CaseResult } from '../core/result.ts'
import { costOf, type PriceTable } from '../pricing/index.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** One batch as the progress display knows it. */
type TrackedBatch = { readonly model: string; readonly id: string; entries?: number; state: BatchState | 'submitted'; usd: number; priced: boolean }

/**
 * What batch mode has done so far, per model: batches submitted, running and done, and what each cost — the turns
 * it answered, priced at the batch rate (`costOf` with `batch`, the one place that decides a batched price) as the
 * cases they belong to finish. Fed with the queue's events and the run's results; read by the progress line.
 */
export class BatchProgress {
  private readonly batches = new Map<string, TrackedBatch>()

  /** `specOf`: a model's spec from its identity (its label when it has one); prices are looked up by spec. */
  constructor(private readonly prices: PriceTable, private readonly specOf: (model: string) => string = (model) => model) {}

  /** Follows a queue's event; returns the line worth printing once (submitted, resumed, done), if any. */
  event(event: BatchEvent): string | undefined {
    const key = `${event.model}\u0000${event.id}`
    const batch = getOrCreate(this.batches, key, (): TrackedBatch => ({ model: event.model, id: event.id, state: 'submitted', usd: 0, priced: false }))
    if (event.type === 'submitted') {
      batch.entries = event.entries
      return `${event.model}: batch ${event.id} submitted (${event.entries} request${event.entries === 1 ? '' : 's'})`
    }
    if (event.type === 'resumed') return `${event.model}: batch ${event.id} of the interrupted run is polled again (--resume --batch)`
    if (event.type === 'polled') {
      batch.state = event.status.state === 'running' ? 'running' : batch.state
      return undefined
    }
    batch.state = event.state
    return `${event.model}: batch ${event.id} ${event.state}`
  }

  /** Adds what a finished case's batched turns cost to their batches. */
  result(result: Pick<CaseResult, 'model' | 'turns'>): void {
    for (const turn of result.turns) {
      if (turn.batch === undefined) continue
      const batch = this.batches.get(`${result.model}\u0000${turn.batch}`)
      if (!batch) continue
      const cost = costOf(this.specOf(result.model), turn.usage, this.prices, { batch: true })
      if (!cost.priced) continue
      batch.usd += cost.usd
      batch.priced = true
    }
  }

  /** Whether any batch was seen. */
  get active(): boolean {
    return this.batches.size > 0
  }

  /** Per model: `<model> batches 2 submitted · 1 running · 1 done · $0.0123`. */
  summary(): string[] {
    const models = [...new Set([...this.batches.values()].map((batch) => batch.model))]
    return models.map((model) => {
      const own = [...this.batches.values()].filter((batch) => batch.model === model)
      const done = own.filter((batch) => batch.state !== 'submitted' && batch.state !== 'running').length
      const usd = own.reduce((sum, batch) => sum + batch.usd, 0)
      const priced = own.some((batch) => batch.priced)
      return `${model} batches ${own.length} submitted · ${own.length - done} running · ${done} done${priced ? ` · $${usd.toFixed(4)}` : ''}`
    })
  }

  /** One line per batch: its model, id, requests, how it ended and what it cost. */
  perBatch(): string[] {
    return [...this.batches.values()].map((batch) =>
      `${batch.model}: batch ${batch.id}${batch.entries !== undefined ? `, ${batch.entries} request${batch.entries === 1 ? '' : 's'}` : ''}, ${batch.state}${batch.priced ? `, $${batch.usd.toFixed(4)} at the batch rate` : ''}`)
  }
}
