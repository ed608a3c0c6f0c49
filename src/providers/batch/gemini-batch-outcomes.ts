import type { BatchOutcome, BatchState, BatchStatus } from '../../core/batch.ts'

/** A google.rpc.Status, as batch mode reports a request's (or the whole batch's) failure. */
export type WireStatus = { readonly code?: number; readonly message?: string; readonly status?: string; readonly details?: readonly unknown[] }

/** One answered request of an inline batch (`InlinedResponse`), or one line of a responses file (`key` instead of metadata). */
export type WireResponse = { readonly response?: unknown; readonly error?: WireStatus; readonly status?: WireStatus; readonly metadata?: { readonly key?: unknown }; readonly key?: unknown }

/** Where a batch's answers are (`GenerateContentBatchOutput`): inline, or in a JSONL file of the Files API. */
export type WireOutput = { readonly inlinedResponses?: { readonly inlinedResponses?: readonly WireResponse[] }; readonly responsesFile?: string }

/** A batch as `batches/{id}` answers it: a long-running operation, the batch in `metadata`, its output again in `response` once done. */
export type WireOperation = {
  readonly name?: string
  readonly metadata?: {
    readonly state?: string
    readonly batchStats?: { readonly requestCount?: string | number; readonly successfulRequestCount?: string | number; readonly failedRequestCount?: string | number }
    readonly output?: WireOutput
    /** The batch's input as submitted: inline, each request's metadata with it. */
    readonly inputConfig?: { readonly requests?: { readonly requests?: readonly { readonly metadata?: { readonly key?: unknown } }[] } }
  }
  readonly done?: boolean
  readonly error?: WireStatus
  readonly response?: { readonly output?: WireOutput }
}

/** The reference's `BatchState` names in toolgauge's words (pending and running are both still running). */
const states: Readonly<Record<string, BatchState>> = {
  BATCH_STATE_UNSPECIFIED: 'running',
  BATCH_STATE_PENDING: 'running',
  BATCH_STATE_RUNNING: 'running',
  BATCH_STATE_SUCCEEDED: 'completed',
  BATCH_STATE_FAILED: 'failed',
  BATCH_STATE_CANCELLED: 'cancelled',
  BATCH_STATE_EXPIRED: 'expired',
}

/** The status one read of `batches/{id}` gives: state, counts from `batchStats` (int64s, so strings), the API's words when it ended badly. */
export function statusOf(operation: WireOperation): BatchStatus {
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

/** The batch's output, where the batch says (`metadata.output`, as the SDK reads it) or else in the operation's `response`. */
export function outputOf(operation: WireOperation): WireOutput | undefined {
  return operation.metadata?.output ?? operation.response?.output
}

/**
 * The keys of an inline batch's requests in order, as the batch itself holds them (`inputConfig`): how a resumed
 * process, which did not submit the batch, matches answers that do not echo their metadata.
 */
export function submittedKeys(operation: WireOperation): string[] | undefined {
  const requests = operation.metadata?.inputConfig?.requests?.requests
  if (!requests) return undefined
  const keys = requests.map((request) => request.metadata?.key)
  return keys.every((key): key is string => typeof key === 'string') ? keys : undefined
}

/**
 * The outcome of each answered request, matched by its key (`metadata.key` inline, `key` in a file), or — when the
 * API does not echo it, as users have seen it do — by position against the submitted keys: the answers come in the
 * order of the requests.
 */
export function outcomesOf(responses: readonly WireResponse[], keys: readonly string[] | undefined): BatchOutcome[] {
  const outcomes: BatchOutcome[] = []
  const answered = new Set<string>()
  const keyOf = (item: WireResponse) => {
    const echoed = item.metadata?.key ?? item.key
    return typeof echoed === 'string' ? echoed : undefined
  }
  // By key when the answers carry keys; by position only when none does (a mix could pair an answer with another's key).
  const byPosition = !responses.some((item) => keyOf(item) !== undefined)
  responses.forEach((item, index) => {
    const customId = byPosition ? keys?.[index] : keyOf(item)
    if (customId === undefined || answered.has(customId)) return
    answered.add(customId)
    outcomes.push(outcomeOf(customId, item))
  })
  return outcomes
}

/** The lines of a responses file, each a `WireResponse`; a line that is no JSON object stays as an empty one, so positions hold. */
export function responsesInFile(text: string): WireResponse[] {
  const responses: WireResponse[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {}
    responses.push(typeof value === 'object' && value !== null ? (value as WireResponse) : {})
  }
  return responses
}

function outcomeOf(customId: string, item: WireResponse): BatchOutcome {
  const error = item.error ?? item.status
  if (error !== undefined) {
    const status = httpStatusOf(error)
    const message = error.message ?? `error ${String(error.code)}`
    const name = error.status ?? rpcCodes[error.code ?? 2]?.[0] ?? 'UNKNOWN'
    // The API refused this request itself: answer it as the direct endpoint would have (the SDK raises its ApiError).
    if (refused(status)) return { customId, kind: 'answer', status, body: JSON.stringify({ error: { code: status, message, status: name, ...(error.details ? { details: error.details } : {}) } }) }
    return { customId, kind: 'error', message: `the batch could not answer this request: ${message} (${name})` }
  }
  if (item.response === undefined || item.response === null) return { customId, kind: 'error', message: 'the batch answered this request with neither a response nor an error' }
  return { customId, kind: 'answer', status: 200, body: JSON.stringify(item.response) }
}

/** A status that refuses the request itself (a direct call would be refused the same way), not a passing failure. */
function refused(status: number): boolean {
  return status >= 400 && status < 500 && status !== 408 && status !== 429 && status !== 499
}

// google.rpc.Code: the codes of a Status, each with its name and the HTTP status it maps to (google/rpc/code.proto).
const rpcCodes: Readonly<Record<number, readonly [string, number]>> = {
  1: ['CANCELLED', 499], 2: ['UNKNOWN', 500], 3: ['INVALID_ARGUMENT', 400], 4: ['DEADLINE_EXCEEDED', 504], 5: ['NOT_FOUND', 404], 6: ['ALREADY_EXISTS', 409],
  7: ['PERMISSION_DENIED', 403], 8: ['RESOURCE_EXHAUSTED', 429], 9: ['FAILED_PRECONDITION', 400], 10: ['ABORTED', 409], 11: ['OUT_OF_RANGE', 400],
  12: ['UNIMPLEMENTED', 501], 13: ['INTERNAL', 500], 14: ['UNAVAILABLE', 503], 15: ['DATA_LOSS', 500], 16: ['UNAUTHENTICATED', 401],
}

function httpStatusOf(error: WireStatus): number {
  const code = error.code ?? 2
  // Some errors carry the HTTP status itself rather than an RPC code.
  return code >= 100 ? code : (rpcCodes[code]?.[1] ?? 500)
}
