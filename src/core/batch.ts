/**
 * The vocabulary of batch mode (`--batch`, model setting `batch: true`; how it runs: docs/architecture.md, "Batch
 * mode"). Types first: the runner, the HTTP layer and each protocol's batch API meet here and nowhere else.
 */

/** One held request as the protocol's batch API takes it: what the SDK would have POSTed. */
export type BatchEntry = {
  /** Unique within a batch and the same across runs (resume finds it again): `^[A-Za-z0-9_-]{1,64}$`. */
  readonly customId: string
  /** The URL path the SDK posted to (`/v1/chat/completions`, `/v1/responses`, `/v1/messages`, `/v1beta/models/<m>:generateContent`). */
  readonly path: string
  /** The request body the SDK sent, parsed. */
  readonly body: unknown
}

/** Where a submitted batch stands, in the words every protocol maps to. */
export type BatchState = 'running' | 'completed' | 'failed' | 'expired' | 'cancelled'

/** A batch's status as one poll reads it. */
export type BatchStatus = {
  readonly state: BatchState
  /** Entries finished so far (succeeded or errored) out of all, where the API says. */
  readonly counts?: { readonly done: number; readonly total: number }
  /** The API's own words when the whole batch failed or expired. */
  readonly message?: string
}

/**
 * One entry's outcome. `answer`: the HTTP status and JSON body text the API would have answered the request with
 * directly (the SDK reads it; a non-2xx is the API refusing that request; a 2xx with no answer in it the queue
 * treats as an `error`). `error`: the entry errored, expired or was cancelled inside the batch — that case is errored
 * (`provider_error`), never failed, and a resumed run submits it again.
 */
export type BatchOutcome =
  | { readonly customId: string; readonly kind: 'answer'; readonly status: number; readonly body: string }
  | { readonly customId: string; readonly kind: 'error'; readonly message: string }

/**
 * One protocol's batch API (OpenAI Batch with its file upload, Anthropic Message Batches, Gemini batch mode), built
 * over the SDK client the adapter already has, so its requests go through toolgauge's HTTP layer (retries, no
 * redirect, redaction).
 */
export type BatchApi = {
  /** Most entries and request bytes one batch of this API takes; the queue splits a round into several batches beyond them. */
  readonly limits: { readonly maxEntries: number; readonly maxBytes: number }
  /**
   * Sends the entries as one batch; resolves with the API's batch id once it is created. `tag` is the submission's
   * tag in the journal (`JournaledCreation.tag`): the batch carries it where the API has a field for one (OpenAI
   * metadata, Gemini display name), so a create that failed uncertainly is looked up by it, by toolgauge or a person.
   */
  submit(entries: readonly BatchEntry[], tag: string, signal?: AbortSignal): Promise<string>
  status(id: string, signal?: AbortSignal): Promise<BatchStatus>
  /**
   * A completed batch's outcomes; the queue errors an entry of the batch that has none ("not in the results").
   * Undefined: the results cannot be read yet (the queue polls again after the poll interval).
   */
  results(id: string, signal?: AbortSignal): Promise<readonly BatchOutcome[] | undefined>
}

/** A batch as the journal (`batches.jsonl` in the out folder) keeps it, so `--resume --batch` polls it instead of paying again. */
export type JournaledBatch = {
  readonly model: string
  readonly id: string
  readonly submittedAt: string
  /** The submission tag of the `creating` line this batch resolves (absent in journals written before those lines). */
  readonly tag?: string
  /** Each entry's custom id and a hash of its body: a resumed request is served from this batch only when both match. */
  readonly entries: readonly { readonly customId: string; readonly bodyHash: string }[]
}

/**
 * A batch-creating call about to be made, journaled before it: if the call fails after the API may have acted (or
 * the run dies during it), `--resume --batch` knows these requests may already sit in a batch, billed, and stops
 * rather than submit them again (`--batch-resubmit` sends them anyway). The batch's own line, or a `not-created`
 * line with the same tag, resolves it.
 */
export type JournaledCreation = {
  readonly model: string
  readonly state: 'creating'
  /** Pairs this line with the batch line (or `not-created` line) that resolves it. */
  readonly tag: string
  /** The host the batch was being created at (where to look for it), when known. */
  readonly host?: string
  readonly startedAt: string
  /** Each entry's custom id, body hash and task key (`batchTaskKey`): a resumed run finds which of its tasks it concerns. */
  readonly entries: readonly { readonly customId: string; readonly bodyHash: string; readonly task: string }[]
}

/** The create call of a journaled creation failed where the API certainly did not act: no batch exists. */
export type JournaledNoBatch = { readonly model: string; readonly state: 'not-created'; readonly tag: string }

/** One line of `batches.jsonl`. */
export type BatchJournalLine = JournaledBatch | JournaledCreation | JournaledNoBatch

/** What the progress line hears about a model's batches. */
export type BatchEvent =
  | { readonly type: 'submitted'; readonly model: string; readonly id: string; readonly entries: number }
  | { readonly type: 'polled'; readonly model: string; readonly id: string; readonly status: BatchStatus }
  | { readonly type: 'done'; readonly model: string; readonly id: string; readonly state: BatchState }
  | { readonly type: 'resumed'; readonly model: string; readonly id: string }

/**
 * A model's queue of held requests, as the runner sees it (`Provider.batch`). The runner opens a task before it can
 * make its first request and closes it when it has ended, so the queue knows when every unfinished task is waiting.
 * In batch mode the runner schedules every task at once and the provider's own concurrency limits are off — a
 * request held behind a limit would never reach the barrier.
 */
export type BatchQueue = {
  openTask(): void
  closeTask(): void
}
