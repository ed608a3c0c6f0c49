import type { BatchApi, BatchEntry, BatchEvent, BatchJournalLine, BatchOutcome, BatchQueue, BatchStatus } from '../../core/batch.ts'
import { ProviderError } from '../../core/errors.ts'
import { abortableSleep } from '../../http/fetch-with-retries.ts'
import type { BatchDiversion, HeldAnswer, HeldRequest } from '../../http/http-client.ts'
import { uncertainCreation } from '../../http/creating-request.ts'
import { batchBodyHash, batchCustomId, batchTaskKey } from './batch-ids.ts'
import { journaledRequests } from './batch-journal.ts'
import { submissionTag } from './create-once.ts'

/** Where batches and their creations are journaled (`providers/batch/batch-journal.ts`), and what earlier runs journaled. */
export type BatchJournalStore = {
  record(line: BatchJournalLine): void
  linesOf(model: string): readonly BatchJournalLine[]
}

/** How one model's queue works. */
export type BatchQueueSettings = {
  /** The model's identity (its label when it has one): customIds and journal lines are keyed by it. */
  readonly model: string
  /** Milliseconds between two status reads of a running batch (`--batch-poll`, default 30 s). */
  readonly pollMs: number
  readonly journal?: BatchJournalStore
  /**
   * Why a 2xx entry body is no answer (the protocol's broken-answer check, `http/http-client.ts` batchAnswerProblem),
   * or undefined when it is one. Such an entry is treated as one that errored: the case errors, and a resumed run
   * submits it again rather than serve the same body from the journaled batch. Absent: every body is an answer.
   */
  readonly answerProblem?: (body: string) => string | undefined
  readonly onEvent?: (event: BatchEvent) => void
  /** Replaceable in tests. */
  readonly sleep?: (ms: number, signal?: AbortSignal) => Promise<void>
}

/** A held request until it is answered, failed or abandoned. */
type Waiter = {
  readonly entry: BatchEntry
  readonly bodyHash: string
  /** The task it belongs to (`batchTaskKey`), journaled with a creation. */
  readonly task: string
  /** The host it was sent to, when the HTTP layer said. */
  readonly host?: string
  /** About what the entry adds to a batch's request bytes. */
  readonly bytes: number
  readonly resolve: (answer: HeldAnswer) => void
  readonly reject: (error: unknown) => void
  readonly detach: () => void
  /** The batch it waits on, once submitted or found in the journal. */
  watch?: Watch
  settled: boolean
}

/** One batch being followed: who waits on it, and its outcomes once read. */
type Watch = {
  id: string
  readonly waiters: Set<Waiter>
  /** Aborted when no one waits any more (every waiter abandoned): polling stops. */
  readonly controller: AbortController
  /** Found in the journal of an earlier run: a request it cannot answer is submitted anew instead of failing. */
  readonly resumed: boolean
  outcomes?: Map<string, BatchOutcome>
  /** A resumed batch that failed, expired or was cancelled: its requests go into the next batch. */
  unusable?: boolean
}

// What an entry adds to a batch besides its body (custom id, path, the protocol's wrapping), for the byte limit.
const entryOverheadBytes = 256

/**
 * One model's queue of held requests (batch mode; `core/batch.ts` explains the mechanism). The runner opens a task
 * before its first request and closes it once it has ended; when every open task is waiting on a request (the
 * barrier), the requests not yet submitted go out as one batch (several when the API's limits say so), journaled
 * before they are polled. Each held request is answered from its entry's outcome; an `error` outcome, a batch that
 * failed, expired or was cancelled, or a batch API that fails, is a `ProviderError` for the requests it concerns
 * (`provider_error`: errored, never failed). A request whose signal aborts (Ctrl-C) is rejected at once, and a batch
 * no one waits on any more is not polled again.
 *
 * With `--resume --batch`, a request whose custom id and body hash an earlier run journaled is served from that
 * batch (polled, its results read once) and never submitted again — unless that batch failed or did not answer it
 * (an `error` outcome, none, or a 2xx with no answer in it: `answerProblem`), when it goes into a new batch.
 */
export class ModelBatchQueue implements BatchQueue, BatchDiversion {
  private api: BatchApi | undefined
  private open = 0
  /** Held requests not yet settled: new, submitted or waiting on a journaled batch. */
  private waiting = 0
  private pending: Waiter[] = []
  /** customId → the journaled batch and body hash of an earlier run (the latest line wins). */
  private readonly journaled = new Map<string, { readonly id: string; readonly bodyHash: string }>()
  private readonly resumedWatches = new Map<string, Watch>()
  private readonly sleep: (ms: number, signal?: AbortSignal) => Promise<void>

  constructor(private readonly settings: BatchQueueSettings) {
    this.sleep = settings.sleep ?? abortableSleep
    // A request still in an unresolved creation is not served from an older batch: the runner has stopped the run
    // over it unless --batch-resubmit said to submit it again.
    for (const [customId, request] of journaledRequests(settings.journal?.linesOf(settings.model) ?? [])) {
      if (request.kind === 'batch') this.journaled.set(customId, { id: request.id, bodyHash: request.bodyHash })
    }
  }

  /** Gives the queue its protocol's batch API; until then the HTTP layer sends requests as usual. */
  connect(api: BatchApi): void {
    this.api = api
  }

  /** Whether requests are diverted here (the model's adapter has a batch API). */
  get connected(): boolean {
    return this.api !== undefined
  }

  /** A task of this model was scheduled: the barrier waits for it too. */
  openTask(): void {
    this.open++
  }

  /** A task of this model has ended: the others may now all be waiting. */
  closeTask(): void {
    this.open = Math.max(0, this.open - 1)
    this.maybeSubmit()
  }

  /** Holds a request until its batch answers it; rejects with a ProviderError (errored) or the signal's reason. */
  request(held: HeldRequest, signal?: AbortSignal): Promise<HeldAnswer> {
    if (signal?.aborted) return Promise.reject(signal.reason)
    return new Promise<HeldAnswer>((resolve, reject) => {
      const customId = batchCustomId(this.settings.model, held.context)
      const onAbort = () => this.abandon(waiter, signal?.reason)
      const waiter: Waiter = {
        entry: { customId, path: held.path, body: JSON.parse(held.bodyText) as unknown },
        bodyHash: batchBodyHash(held.bodyText),
        task: batchTaskKey(this.settings.model, held.context),
        ...(held.host !== undefined ? { host: held.host } : {}),
        bytes: Buffer.byteLength(held.bodyText) + entryOverheadBytes,
        resolve,
        reject,
        detach: () => signal?.removeEventListener('abort', onAbort),
        settled: false,
      }
      signal?.addEventListener('abort', onAbort, { once: true })
      this.waiting++
      const journaled = this.journaled.get(customId)
      if (journaled && journaled.bodyHash === waiter.bodyHash) this.serveFromJournal(waiter, journaled.id)
      else this.hold(waiter)
    })
  }

  /** Holds a request for the next batch; `barrier: false` while moving several, so they go out together. */
  private hold(waiter: Waiter, barrier = true): void {
    waiter.watch?.waiters.delete(waiter)
    waiter.watch = undefined
    this.pending.push(waiter)
    if (barrier) this.maybeSubmit()
  }

  /** The barrier: every open task waits on a request, and some of those requests are not submitted yet. */
  private maybeSubmit(): void {
    const api = this.api
    if (!api || this.pending.length === 0 || this.waiting < this.open) return
    const round = this.pending
    this.pending = []
    for (const chunk of splitByLimits(round, api.limits)) void this.submit(api, chunk)
  }

  private async submit(api: BatchApi, chunk: readonly Waiter[]): Promise<void> {
    const watch: Watch = { id: '', waiters: new Set(chunk), controller: new AbortController(), resumed: false }
    for (const waiter of chunk) waiter.watch = watch
    const journal = this.settings.journal
    const model = this.settings.model
    const tag = submissionTag()
    const host = chunk[0]?.host
    // Journaled before the create call: a create that fails after the API may have acted, or a run killed during it,
    // leaves this line unresolved, and --resume --batch stops rather than submit (and pay for) these requests again.
    journal?.record({
      model, state: 'creating', tag, ...(host !== undefined ? { host } : {}), startedAt: new Date().toISOString(),
      entries: chunk.map((waiter) => ({ customId: waiter.entry.customId, bodyHash: waiter.bodyHash, task: waiter.task })),
    })
    try {
      watch.id = await api.submit(chunk.map((waiter) => waiter.entry), tag, watch.controller.signal)
    } catch (error) {
      // Certainly no batch (refused before the API acted): nothing to look for on resume.
      if (!watch.controller.signal.aborted && !uncertainCreation(error)) journal?.record({ model, state: 'not-created', tag })
      // A submit the unreachable-server breaker stopped sent none of its requests: its cases say so, as a direct
      // request's do (failures[].stoppedCalling). A poll it stops later does not: that batch was sent.
      const notSent = ProviderError.within(error, (found) => found.details.stoppedCalling !== undefined)?.details.stoppedCalling
      if (!watch.controller.signal.aborted) this.failAll(watch, `could not submit a batch of ${chunk.length} request(s)`, error, notSent)
      return
    }
    // Journaled before the first poll: a run killed from here on finds this batch again.
    journal?.record({
      model,
      id: watch.id,
      submittedAt: new Date().toISOString(),
      tag,
      entries: chunk.map((waiter) => ({ customId: waiter.entry.customId, bodyHash: waiter.bodyHash })),
    })
    this.emit({ type: 'submitted', model: this.settings.model, id: watch.id, entries: chunk.length })
    await this.follow(api, watch)
  }

  private serveFromJournal(waiter: Waiter, id: string): void {
    let watch = this.resumedWatches.get(id)
    if (watch?.unusable) return this.hold(waiter)
    if (watch?.outcomes) {
      waiter.watch = watch
      watch.waiters.add(waiter)
      return this.answer(waiter, watch)
    }
    const api = this.api
    if (!api) return this.hold(waiter)
    const following = watch !== undefined
    watch ??= { id, waiters: new Set(), controller: new AbortController(), resumed: true }
    watch.waiters.add(waiter)
    waiter.watch = watch
    if (following) return
    this.resumedWatches.set(id, watch)
    this.emit({ type: 'resumed', model: this.settings.model, id })
    void this.follow(api, watch)
  }

  /** Polls a batch until it ends, then answers (or fails) everyone waiting on it. */
  private async follow(api: BatchApi, watch: Watch): Promise<void> {
    const signal = watch.controller.signal
    try {
      let status: BatchStatus
      for (;;) {
        status = await api.status(watch.id, signal)
        this.emit({ type: 'polled', model: this.settings.model, id: watch.id, status })
        if (status.state === 'completed') {
          const outcomes = await api.results(watch.id, signal)
          if (outcomes) {
            watch.outcomes = new Map(outcomes.map((outcome) => [outcome.customId, outcome]))
            break
          }
          // Results not readable yet: read again after the poll interval, like a running batch.
        } else if (status.state !== 'running') break
        await this.sleep(this.settings.pollMs, signal)
      }
      this.emit({ type: 'done', model: this.settings.model, id: watch.id, state: status.state })
      if (!watch.outcomes) {
        const why = `batch ${watch.id} ${status.state}${status.message ? `: ${status.message}` : ''}`
        if (watch.resumed) {
          watch.unusable = true
          for (const waiter of [...watch.waiters]) this.hold(waiter, false)
          this.maybeSubmit()
        } else this.failAll(watch, why)
        return
      }
      for (const waiter of [...watch.waiters]) this.answer(waiter, watch, false)
      this.maybeSubmit()
      // A batch of this run answers no one else: its outcomes need not be kept (a resumed one's may, for late arrivals).
      if (!watch.resumed) watch.outcomes = undefined
    } catch (error) {
      if (signal.aborted) return
      this.failAll(watch, `batch ${watch.id}`, error)
    }
  }

  /** The one place an entry's outcome is judged: an answer is served; anything else errors, or (resumed) is held anew. */
  private answer(waiter: Waiter, watch: Watch, barrier = true): void {
    if (waiter.settled) return
    const outcome = watch.outcomes?.get(waiter.entry.customId)
    const problem = outcome?.kind === 'answer' ? this.noAnswer(outcome) : undefined
    if (outcome?.kind === 'answer' && problem === undefined) {
      this.settle(waiter, watch)
      waiter.resolve({ status: outcome.status, body: outcome.body, batchId: watch.id })
      return
    }
    // A journaled batch that did not answer this request: it goes into the next batch rather than erroring for ever
    // (a results file says the same on every read).
    if (watch.resumed) return this.hold(waiter, barrier)
    this.settle(waiter, watch)
    if (outcome?.kind === 'answer') {
      // No retry: the batch has answered, and a resumed run submits it again.
      waiter.reject(new ProviderError(`HTTP ${outcome.status} with ${problem} (answered by batch ${watch.id})`, { status: outcome.status, retries: 0 }))
      return
    }
    const why = outcome ? outcome.message : 'not in the results'
    waiter.reject(new ProviderError(`batch ${watch.id}: request ${waiter.entry.customId} errored: ${why}`, { retries: 0 }))
  }

  /** Why an `answer` outcome holds no answer: a 2xx the protocol's check refuses (a non-2xx is the API's refusal, for the SDK). */
  private noAnswer(outcome: Extract<BatchOutcome, { kind: 'answer' }>): string | undefined {
    const ok = outcome.status >= 200 && outcome.status < 300
    return ok ? this.settings.answerProblem?.(outcome.body) : undefined
  }

  /**
   * Rejects every request still waiting on `watch`, saying `why` and what `cause` says and carries (its status and
   * retries, found under the SDK's wrapping; none when no ProviderError is there: not known); no `cause`: the batch
   * ended unanswered, and its requests were not retried (0). `stoppedCalling`: the batch was never sent (the breaker stopped its submit).
   */
  private failAll(watch: Watch, why: string, cause?: unknown, stoppedCalling?: string): void {
    const { message, ...facts } = cause === undefined ? { message: undefined, retries: 0 } : ProviderError.factsOf(cause)
    for (const waiter of [...watch.waiters]) {
      if (waiter.settled) continue
      this.settle(waiter, watch)
      waiter.reject(new ProviderError(message === undefined ? why : `${why}: ${message}`, { ...facts, ...(stoppedCalling !== undefined ? { stoppedCalling } : {}) }))
    }
  }

  private settle(waiter: Waiter, watch: Watch | undefined): void {
    waiter.settled = true
    waiter.detach()
    watch?.waiters.delete(waiter)
    this.waiting--
  }

  /** An aborted request: rejected now; a batch left with no one waiting is not polled again. */
  private abandon(waiter: Waiter, reason: unknown): void {
    if (waiter.settled) return
    const watch = waiter.watch
    this.pending = this.pending.filter((held) => held !== waiter)
    this.settle(waiter, watch)
    waiter.reject(reason)
    if (watch && watch.waiters.size === 0 && !watch.outcomes) {
      watch.controller.abort(reason)
      if (watch.resumed) this.resumedWatches.delete(watch.id)
    }
  }

  private emit(event: BatchEvent): void {
    this.settings.onEvent?.(event)
  }
}

/** The round's requests in batches of at most `maxEntries` entries and about `maxBytes` bytes each, in order. */
function splitByLimits(waiters: readonly Waiter[], limits: BatchApi['limits']): Waiter[][] {
  const chunks: Waiter[][] = []
  let current: Waiter[] = []
  let bytes = 0
  for (const waiter of waiters) {
    if (current.length > 0 && (current.length >= limits.maxEntries || bytes + waiter.bytes > limits.maxBytes)) {
      chunks.push(current)
      current = []
      bytes = 0
    }
    current.push(waiter)
    bytes += waiter.bytes
  }
  if (current.length > 0) chunks.push(current)
  return chunks
}
