import type { GoogleGenAI, Operation } from '@google/genai'
import type { BatchApi, BatchEntry, BatchOutcome, BatchState, BatchStatus } from '../../core/batch.ts'

/**
 * Gemini API batch mode (`models/{model}:batchGenerateContent`, then `batches/{id}` polled) as a `BatchApi`, over the
 * adapter's `@google/genai` client, so every call goes through toolgauge's fetch (retries, no redirect, redaction).
 *
 * The entries are the wire `GenerateContentRequest` bodies the SDK posted to `:generateContent`, and each outcome's
 * body must be the wire `GenerateContentResponse` text `:generateContent` would have answered, since the SDK then
 * reads it as a direct answer. `batches.create/get` take and return SDK-shaped objects instead, and the conversion
 * does not round-trip: an inlined request is rebuilt from SDK parameters (`config` → `generationConfig`, tools and
 * the system instruction moved, fields it does not know dropped), and `batches.get` drops `batchStats` and converts
 * each inlined response (`citationMetadata.citationSources` becomes `citations`, which a second conversion by the
 * generateContent path no longer finds). So the wire bodies go in through the SDK's own `extraBody` escape hatch
 * (it replaces the converted, empty request list), and the batch is read raw through `operations.get`, whose
 * `_fromAPIResponse` hands over the API's JSON untouched.
 */
export function createGeminiBatchApi(client: GoogleGenAI, model: string): BatchApi {
  // The keys of each batch this process submitted, in order: the fallback when a response does not echo its metadata.
  const submitted = new Map<string, readonly string[]>()
  return {
    // No published cap on the requests of one batch; the inline request payload is what is limited.
    limits: { maxEntries: Number.POSITIVE_INFINITY, maxBytes: inlineLimitBytes - envelopeBytes },
    async submit(entries, signal) {
      const requests = inlinedRequests(entries, model)
      const displayName = `toolgauge ${model} (${entries.length} requests)`
      const payload = { batch: { displayName, inputConfig: { requests: { requests } } } }
      const bytes = Buffer.byteLength(JSON.stringify(payload))
      if (bytes > inlineLimitBytes) throw new Error(`a Gemini batch of ${entries.length} requests is ${bytes} bytes: over the ${inlineLimitBytes}-byte limit of inline requests`)
      const job = await client.batches.create({
        model,
        // An empty inline list the SDK converts, replaced wholesale by the wire requests (extraBody merges arrays by replacing them).
        src: [],
        config: { displayName, httpOptions: { extraBody: { batch: { inputConfig: { requests: { requests } } } } }, ...(signal ? { abortSignal: signal } : {}) },
      })
      if (typeof job.name !== 'string' || !job.name.startsWith('batches/')) throw new Error(`Gemini batch mode answered the create call without a batch name (got ${JSON.stringify(job.name)})`)
      submitted.set(job.name, entries.map((entry) => entry.customId))
      return job.name
    },
    async status(id, signal) {
      return statusOf(await readBatch(client, id, signal))
    },
    async results(id, signal) {
      const operation = await readBatch(client, id, signal)
      const status = statusOf(operation)
      if (status.state !== 'completed') throw new Error(`Gemini batch ${id} has no results: it is ${status.state}`)
      return outcomesOf(operation, submitted.get(id))
    },
  }
}

/** The largest inline request payload batch mode takes (the guide: "keep the total request size under 20MB"). */
export const inlineLimitBytes = 20 * 1024 * 1024

// What wrapping one body as an inline request adds (`{"request":…,"metadata":{"key":"<64 chars>"}},`), reserved for
// a batch of thousands of entries so the queue's split by body bytes keeps every payload under the inline limit.
const envelopeBytes = 1024 * 1024

/** The wire shapes of batch mode, as far as toolgauge reads them (ai.google.dev/api/batch-mode). */
type WireStatus = { readonly code?: number; readonly message?: string; readonly status?: string; readonly details?: readonly unknown[] }
type WireInlinedResponse = { readonly response?: unknown; readonly error?: WireStatus; readonly metadata?: { readonly key?: unknown } }
type WireOutput = { readonly inlinedResponses?: { readonly inlinedResponses?: readonly WireInlinedResponse[] }; readonly responsesFile?: string }
type WireBatch = {
  readonly state?: string
  readonly batchStats?: { readonly requestCount?: string | number; readonly successfulRequestCount?: string | number; readonly failedRequestCount?: string | number }
  readonly output?: WireOutput
}
/** A batch is read as a long-running operation: the batch itself in `metadata`, its output again in `response` once done. */
type WireOperation = { readonly name?: string; readonly metadata?: WireBatch; readonly done?: boolean; readonly error?: WireStatus; readonly response?: { readonly output?: WireOutput } }

/** Each entry as an inline request: its wire body, and its custom id as `metadata.key` (what the results are matched by). */
function inlinedRequests(entries: readonly BatchEntry[], model: string): { request: unknown; metadata: { key: string } }[] {
  const seen = new Set<string>()
  return entries.map((entry) => {
    const posted = /\/models\/([^/:]+):generateContent$/.exec(entry.path)?.[1]
    if (posted === undefined || decodeURIComponent(posted) !== model) throw new Error(`a ${entry.path} request cannot go in a Gemini batch of ${model}`)
    if (seen.has(entry.customId)) throw new Error(`custom id ${entry.customId} is twice in one Gemini batch`)
    seen.add(entry.customId)
    return { request: entry.body, metadata: { key: entry.customId } }
  })
}

/** Reads `batches/{id}` as the API answers it, through the SDK's operation getter (see the module comment). */
async function readBatch(client: GoogleGenAI, id: string, signal: AbortSignal | undefined): Promise<WireOperation> {
  let raw: unknown
  const operation: Operation<unknown> = {
    name: id,
    _fromAPIResponse: ({ apiResponse }) => {
      raw = apiResponse
      return operation
    },
  }
  await client.operations.get({ operation, ...(signal ? { config: { abortSignal: signal } } : {}) })
  if (typeof raw !== 'object' || raw === null) throw new Error(`Gemini batch mode answered ${id} with no batch`)
  return raw as WireOperation
}

/** The batch's `BatchState` names in toolgauge's words (pending and running are both still running). */
const states: Readonly<Record<string, BatchState>> = {
  BATCH_STATE_UNSPECIFIED: 'running',
  BATCH_STATE_PENDING: 'running',
  BATCH_STATE_RUNNING: 'running',
  BATCH_STATE_SUCCEEDED: 'completed',
  BATCH_STATE_FAILED: 'failed',
  BATCH_STATE_CANCELLED: 'cancelled',
  BATCH_STATE_EXPIRED: 'expired',
}

function statusOf(operation: WireOperation): BatchStatus {
  const name = operation.metadata?.state ?? 'BATCH_STATE_UNSPECIFIED'
  const state = states[name]
  // A state this code does not know would otherwise be polled forever.
  if (state === undefined) return { state: 'failed', message: `unknown Gemini batch state ${name}` }
  const stats = operation.metadata?.batchStats
  const total = Number(stats?.requestCount ?? Number.NaN)
  const done = Number(stats?.successfulRequestCount ?? 0) + Number(stats?.failedRequestCount ?? 0)
  const ended = state === 'failed' || state === 'expired' || state === 'cancelled'
  const message = ended ? (operation.error?.message ?? `the batch is ${name}`) : undefined
  return { state, ...(Number.isFinite(total) ? { counts: { done, total } } : {}), ...(message !== undefined ? { message } : {}) }
}

/**
 * The outcome of each inline response, matched by `metadata.key` (or, when the API does not echo the metadata, by
 * position against the keys this process submitted: the responses come in the order of the requests).
 */
function outcomesOf(operation: WireOperation, keys: readonly string[] | undefined): BatchOutcome[] {
  const output = operation.metadata?.output ?? operation.response?.output
  if (output?.responsesFile !== undefined) throw new Error(`Gemini batch ${operation.name ?? ''} answered in a file (${output.responsesFile}); toolgauge submits inline requests only`)
  const responses = output?.inlinedResponses?.inlinedResponses ?? []
  const outcomes: BatchOutcome[] = []
  const answered = new Set<string>()
  responses.forEach((item, index) => {
    const echoed = item.metadata?.key
    const customId = typeof echoed === 'string' ? echoed : keys?.[index]
    if (customId === undefined || answered.has(customId)) return
    answered.add(customId)
    outcomes.push(outcomeOf(customId, item))
  })
  for (const customId of keys ?? []) if (!answered.has(customId)) outcomes.push({ customId, kind: 'error', message: 'not in the results of the batch' })
  return outcomes
}

function outcomeOf(customId: string, item: WireInlinedResponse): BatchOutcome {
  if (item.error !== undefined) {
    const status = httpStatusOf(item.error)
    const message = item.error.message ?? `error ${String(item.error.code)}`
    // The API refused this request itself: answer it as the direct endpoint would have (the SDK raises its ApiError).
    if (refused(status)) return { customId, kind: 'answer', status, body: JSON.stringify({ error: { code: status, message, status: item.error.status ?? rpcNames[item.error.code ?? 0] ?? 'INVALID_ARGUMENT', ...(item.error.details ? { details: item.error.details } : {}) } }) }
    return { customId, kind: 'error', message: `the batch could not answer this request: ${message} (${item.error.status ?? rpcNames[item.error.code ?? 0] ?? status})` }
  }
  if (item.response === undefined || item.response === null) return { customId, kind: 'error', message: 'the batch answered this request with neither a response nor an error' }
  return { customId, kind: 'answer', status: 200, body: JSON.stringify(item.response) }
}

/** A status that refuses the request itself (what a direct call would answer the same way), not a passing failure. */
function refused(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 499
}

// google.rpc.Code, the codes of a Status, and the HTTP status each maps to (google/rpc/code.proto).
const rpcNames: Readonly<Record<number, string>> = {
  1: 'CANCELLED', 2: 'UNKNOWN', 3: 'INVALID_ARGUMENT', 4: 'DEADLINE_EXCEEDED', 5: 'NOT_FOUND', 6: 'ALREADY_EXISTS', 7: 'PERMISSION_DENIED', 8: 'RESOURCE_EXHAUSTED',
  9: 'FAILED_PRECONDITION', 10: 'ABORTED', 11: 'OUT_OF_RANGE', 12: 'UNIMPLEMENTED', 13: 'INTERNAL', 14: 'UNAVAILABLE', 15: 'DATA_LOSS', 16: 'UNAUTHENTICATED',
}
const rpcHttp: Readonly<Record<number, number>> = { 1: 499, 2: 500, 3: 400, 4: 504, 5: 404, 6: 409, 7: 403, 8: 429, 9: 400, 10: 409, 11: 400, 12: 501, 13: 500, 14: 503, 15: 500, 16: 401 }

function httpStatusOf(error: WireStatus): number {
  const code = error.code ?? 2
  // Some errors carry the HTTP status itself rather than an RPC code.
  return code >= 100 ? code : (rpcHttp[code] ?? 500)
}
