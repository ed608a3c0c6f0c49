import { randomBytes } from 'node:crypto'
import type { Behaviour } from '../behaviour.ts'
import { fakeApi, isObject } from '../api.ts'
import { anthropicKey, protocolFor } from '../harness.ts'
import type { Handler, Reply, SeenRequest } from '../loopback.ts'
import { batchLifecycle, finishedAfterPoll, type BatchLifecycle, type BatchProgress } from './lifecycle.ts'

// A loopback stand-in of Anthropic's Message Batches API, written from its public reference: create
// (POST /v1/messages/batches), retrieve (GET …/{id}), cancel (POST …/{id}/cancel) and the results file
// (GET …/{id}/results, JSONL). Each request of a batch is answered, when the batch ends, by the very handler a direct
// POST /v1/messages gets, so batch and direct runs of the same behaviour are comparable.

/** A result line's `result`, as the reference names its four kinds. */
export type AnthropicBatchResult =
  | { readonly type: 'succeeded'; readonly message: unknown }
  | { readonly type: 'errored'; readonly error: ErrorBody }
  | { readonly type: 'canceled' }
  | { readonly type: 'expired' }

/** The API's error body: the same on a direct answer and inside an `errored` result. */
export type ErrorBody = { readonly type: 'error'; readonly error: { readonly type: string; readonly message: string } }

/** One batch as the stand-in keeps it. */
export type StandInBatch = {
  readonly id: string
  readonly requests: readonly { readonly customId: string; readonly params: Record<string, unknown> }[]
  /** The create request's headers: each entry is answered as if they had come with it directly. */
  readonly headers: SeenRequest['headers']
  readonly createdAt: Date
  /** The lifecycle's `expire` when the batch was created. */
  readonly expires: boolean
  readonly progress: BatchProgress
  /** Reads answered 404 so far (`unseenReads`). */
  unseen: number
  /** Reads of the ended batch's results file answered 404 so far (`unreadyResultsReads`). */
  unreadyResults: number
  status: 'in_progress' | 'canceling' | 'ended'
  cancelInitiatedAt?: Date
  endedAt?: Date
  /** Filled when the batch ends, in request order. */
  results?: { readonly customId: string; readonly result: AnthropicBatchResult }[]
  /** The batch being ended (its entries answered): a poll that comes meanwhile waits for it, none ends it twice. */
  ending?: Promise<void>
}

/** What a test sets up: the lifecycle, the key, limits small enough to reach, errors planted per entry. */
export type AnthropicBatchOptions = {
  readonly lifecycle?: BatchLifecycle
  readonly key?: string
  /** At most this many requests per batch (the API's: 100,000). */
  readonly maxRequests?: number
  /** At most this many bytes of create request (the API's: 256 MB). */
  readonly maxBytes?: number
  /**
   * A new batch answers its first this-many reads with 404 before it is seen, as the API has been seen to while a
   * new batch propagates (anthropic-sdk-python#1432); those reads do not count as the lifecycle's polls.
   */
  readonly unseenReads?: number
  /**
   * An ended batch's results file answers its first this-many reads with 404, as the API is reported to right after
   * a batch ends (as it does for a fresh batch's status).
   */
  readonly unreadyResultsReads?: number
  /** An error the batch meets on that entry instead of answering it (an `overloaded_error` …). */
  readonly entryError?: (customId: string, params: Record<string, unknown>) => ErrorBody['error'] | undefined
}

/** The stand-in: one handler for batch paths and the direct Messages API, plus what a test asserts on. */
export type AnthropicBatchStandIn = Handler & {
  readonly batches: Map<string, StandInBatch>
  /** How many times each custom id was answered `succeeded` (what a batch bills): "nothing paid twice" is all 1s. */
  readonly billed: Map<string, number>
  /** Why each refused batch request was refused (400/401/404), for the test to assert on. */
  readonly refusals: string[]
  /** The direct Messages API handler, which also answers every batch entry (its violations, conversations). */
  readonly direct: ReturnType<typeof fakeApi>
  readonly lifecycle: BatchLifecycle
  /** Faults a test plants: `createdThen500` create calls create their batch, then answer 500 (an API failing after it acted). */
  readonly faults: { createdThen500: number }
}

/** The reference's pattern of a custom id. */
const customIdPattern = /^[a-zA-Z0-9_-]{1,64}$/
const batchPath = /^\/v1\/messages\/batches(?:\/([^/?]+)(?:\/(results|cancel))?)?\/?(?:\?.*)?$/
const dayMs = 24 * 60 * 60 * 1000

/** A Message Batches stand-in over `behaviour`, mountable with `startLoopback` (it routes every other path to the direct API). */
export function anthropicBatchApi(behaviour: Behaviour, options: AnthropicBatchOptions = {}): AnthropicBatchStandIn {
  const key = options.key ?? anthropicKey
  const lifecycle = options.lifecycle ?? batchLifecycle()
  const maxRequests = options.maxRequests ?? 100_000
  const maxBytes = options.maxBytes ?? 256 * 1024 * 1024
  const direct = fakeApi(protocolFor('anthropic'), behaviour, key)
  const batches = new Map<string, StandInBatch>()
  const billed = new Map<string, number>()
  const refusals: string[] = []
  const faults = { createdThen500: 0 }
  // Entry answers get their own ids (msg_<n>, toolu_<n>_<i>), apart from the direct requests' indices.
  let entryIndex = 1_000_000

  const refuse = (status: number, type: string, message: string): Reply => {
    refusals.push(message)
    return { type: 'json', status, body: { type: 'error', error: { type, message } } }
  }

  const answerEntry = async (batch: StandInBatch, request: StandInBatch['requests'][number]): Promise<AnthropicBatchResult> => {
    const planted = options.entryError?.(request.customId, request.params)
    if (planted) return { type: 'errored', error: { type: 'error', error: planted } }
    // Validation of params happens while the batch runs, and a refusal is that entry's result (the reference).
    if (request.params.stream !== undefined) return invalid('stream: streaming is not supported in Message Batches requests')
    const reply = await direct({ method: 'POST', path: '/v1/messages', headers: batch.headers, body: request.params }, entryIndex++)
    if (reply.type === 'json' && reply.status === 200) {
      billed.set(request.customId, (billed.get(request.customId) ?? 0) + 1)
      return { type: 'succeeded', message: reply.body }
    }
    if (reply.type === 'json' && isObject(reply.body) && isObject(reply.body.error)) return { type: 'errored', error: reply.body as ErrorBody }
    return { type: 'errored', error: { type: 'error', error: { type: 'api_error', message: `the stand-in got a ${reply.type} reply` } } }
  }

  const end = async (batch: StandInBatch): Promise<void> => {
    const results: NonNullable<StandInBatch['results']> = []
    for (const request of batch.requests) {
      const result: AnthropicBatchResult = batch.expires ? { type: 'expired' } : batch.status === 'canceling' ? { type: 'canceled' } : await answerEntry(batch, request)
      results.push({ customId: request.customId, result })
    }
    batch.results = results
    batch.status = 'ended'
    batch.endedAt = new Date()
  }

  const create = (request: SeenRequest): Reply => {
    const body = request.body
    if (!isObject(body)) return refuse(400, 'invalid_request_error', 'body: Input should be a valid JSON object')
    for (const field of Object.keys(body)) if (field !== 'requests') return refuse(400, 'invalid_request_error', `${field}: Extra inputs are not permitted`)
    const requests = body.requests
    if (!Array.isArray(requests)) return refuse(400, 'invalid_request_error', 'requests: Field required (a list)')
    if (requests.length < 1) return refuse(400, 'invalid_request_error', 'requests: List should have at least 1 item after validation, not 0')
    if (requests.length > maxRequests) return refuse(400, 'invalid_request_error', `requests: List should have at most ${maxRequests} items after validation, not ${requests.length}`)
    const bytes = Buffer.byteLength(JSON.stringify(body))
    if (bytes > maxBytes) return refuse(413, 'request_too_large', `Request exceeds the maximum allowed number of bytes (${maxBytes}): ${bytes}`)
    const seen = new Set<string>()
    const kept: { customId: string; params: Record<string, unknown> }[] = []
    for (const [index, item] of requests.entries()) {
      if (!isObject(item)) return refuse(400, 'invalid_request_error', `requests.${index}: Input should be a valid dictionary`)
      for (const field of Object.keys(item)) if (field !== 'custom_id' && field !== 'params') return refuse(400, 'invalid_request_error', `requests.${index}.${field}: Extra inputs are not permitted`)
      const customId = item.custom_id
      if (typeof customId !== 'string' || !customIdPattern.test(customId)) return refuse(400, 'invalid_request_error', `requests.${index}.custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'`)
      if (seen.has(customId)) return refuse(400, 'invalid_request_error', `requests.${index}.custom_id: Duplicate custom_id '${customId}': each must be unique within the Message Batch`)
      seen.add(customId)
      if (!isObject(item.params)) return refuse(400, 'invalid_request_error', `requests.${index}.params: Field required (a Messages API request)`)
      kept.push({ customId, params: item.params })
    }
    const batch: StandInBatch = {
      id: `msgbatch_01${randomBytes(11).toString('hex')}`,
      requests: kept,
      headers: request.headers,
      createdAt: new Date(),
      expires: lifecycle.expire,
      progress: { polls: 0 },
      unseen: 0,
      unreadyResults: 0,
      status: 'in_progress',
    }
    batches.set(batch.id, batch)
    if (faults.createdThen500 > 0) {
      faults.createdThen500--
      return { type: 'json', status: 500, body: { type: 'error', error: { type: 'api_error', message: 'Internal server error' } } }
    }
    return { type: 'json', status: 200, body: batchObject(batch, request) }
  }

  const handler: Handler = async (request, index) => {
    const match = batchPath.exec(request.path)
    if (!match) return direct(request, index)
    // Every Message Batches call carries the key and the API version, as every Messages call does.
    if (request.headers['x-api-key'] !== key && request.headers.authorization !== `Bearer ${key}`) return refuse(401, 'authentication_error', 'invalid x-api-key')
    if (typeof request.headers['anthropic-version'] !== 'string') return refuse(400, 'invalid_request_error', 'anthropic-version: header is required')
    const [, id, action] = match
    if (id === undefined) return request.method === 'POST' ? create(request) : refuse(405, 'invalid_request_error', `${request.method} ${request.path}: method not allowed here`)
    const batch = batches.get(id)
    if (!batch) return refuse(404, 'not_found_error', `message_batch not found: ${id}`)
    if (action === 'cancel') {
      if (request.method !== 'POST') return refuse(405, 'invalid_request_error', `${request.method} ${request.path}: method not allowed here`)
      if (batch.status === 'ended') return refuse(400, 'invalid_request_error', `Message Batch ${id} has already ended and cannot be canceled`)
      batch.status = 'canceling'
      batch.cancelInitiatedAt = new Date()
      return { type: 'json', status: 200, body: batchObject(batch, request) }
    }
    if (request.method !== 'GET') return refuse(405, 'invalid_request_error', `${request.method} ${request.path}: method not allowed here`)
    if (action === 'results') {
      if (batch.status !== 'ended' || !batch.results) return refuse(400, 'invalid_request_error', `Message Batch ${id} has not ended yet (processing_status ${batch.status}): its results are available once it has`)
      if (batch.unreadyResults < (options.unreadyResultsReads ?? 0)) {
        batch.unreadyResults++
        return refuse(404, 'not_found_error', `results of message_batch ${id} not found`)
      }
      // Results come in no promised order (matched by custom_id): the stand-in sends them last to first.
      const lines = batch.results.map((line) => JSON.stringify({ custom_id: line.customId, result: line.result })).reverse()
      return { type: 'text', status: 200, body: `${lines.join('\n')}\n`, contentType: 'application/x-jsonl' }
    }
    if (batch.unseen < (options.unseenReads ?? 0)) {
      batch.unseen++
      return refuse(404, 'not_found_error', `message_batch not found: ${id}`)
    }
    if (batch.ending === undefined && (batch.status === 'canceling' || finishedAfterPoll(batch.progress, lifecycle))) batch.ending = end(batch)
    await batch.ending
    return { type: 'json', status: 200, body: batchObject(batch, request) }
  }

  return Object.assign(handler, { batches, billed, refusals, direct, lifecycle, faults })
}

/** An invalid-request `errored` result. */
function invalid(message: string): AnthropicBatchResult {
  return { type: 'errored', error: { type: 'error', error: { type: 'invalid_request_error', message } } }
}

/** The MessageBatch object of the reference; `results_url` on the host the request came to, once ended. */
function batchObject(batch: StandInBatch, request: SeenRequest): Record<string, unknown> {
  const counts = { processing: 0, succeeded: 0, errored: 0, canceled: 0, expired: 0 }
  if (batch.results) for (const line of batch.results) counts[line.result.type]++
  else counts.processing = batch.requests.length
  return {
    id: batch.id,
    type: 'message_batch',
    processing_status: batch.status,
    request_counts: counts,
    ended_at: batch.endedAt?.toISOString() ?? null,
    created_at: batch.createdAt.toISOString(),
    expires_at: new Date(batch.createdAt.getTime() + dayMs).toISOString(),
    archived_at: null,
    cancel_initiated_at: batch.cancelInitiatedAt?.toISOString() ?? null,
    results_url: batch.status === 'ended' ? `http://${String(request.headers.host)}/v1/messages/batches/${batch.id}/results` : null,
  }
}
