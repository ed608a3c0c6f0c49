// A loopback stand-in of Gemini API batch mode, written from the public reference (ai.google.dev/api/batch-mode and
// the batch mode guide): `POST /v1beta/models/{model}:batchGenerateContent` with inline requests, or with the name of
// a JSONL file uploaded through the Files API (gemini-files-api.ts), creates a batch (a long-running operation named
// `batches/{id}`), `GET /v1beta/batches/{id}` reads it, `GET /v1beta/batches?pageSize=&pageToken=` lists them
// (`operations`, `nextPageToken`). A planted fault (`faults.createdThen500`) makes create calls create their batch and
// then answer 500, as an API failing after it acted would. Every other path is the direct generateContent fake, and each
// request of a batch is answered by that very handler, so batch and direct runs on the same stand-in are comparable.
import { fakeApi, isObject } from '../api.ts'
import type { Behaviour } from '../behaviour.ts'
import { geminiKey, protocolFor } from '../harness.ts'
import { startLoopback, type Handler, type Loopback, type Reply, type SeenRequest } from '../loopback.ts'
import { filesApi, type StoredFile } from './gemini-files-api.ts'
import { batchLifecycle, finishedAfterPoll, type BatchLifecycle, type BatchProgress } from './lifecycle.ts'

/** A google.rpc.Status, as an inline response's `error` carries it. */
export type RpcStatus = { readonly code: number; readonly message: string; readonly status?: string }

/** One inline request as it was submitted. */
export type InlineRequest = { readonly request: Record<string, unknown>; readonly metadata?: Record<string, unknown> }

/** One batch the stand-in holds. */
export type StandInBatch = {
  readonly name: string
  readonly model: string
  readonly displayName: string
  readonly requests: readonly InlineRequest[]
  /** Where the requests came from, and so where the answers go: inline, or a responses file. */
  readonly source: 'inline' | 'file'
  readonly fileName?: string
  readonly createTime: string
  readonly progress: BatchProgress
  /** Decided when the batch was created (the lifecycle's `expire` then). */
  readonly expires: boolean
  /** Set once the batch has ended: its terminal state and, when it succeeded, one inline response per request. */
  ended?: { readonly state: 'BATCH_STATE_SUCCEEDED' | 'BATCH_STATE_EXPIRED'; readonly endTime: string; readonly responses: readonly Record<string, unknown>[]; readonly file?: StoredFile }
}

/** The stand-in: a loopback handler plus what a test asserts on. */
export type GeminiBatchStandIn = Handler & {
  readonly lifecycle: BatchLifecycle
  /** The direct generateContent fake (its `violations` are the inline requests it refused, as a direct call would be). */
  readonly direct: ReturnType<typeof fakeApi>
  /** The batch calls refused with a 4xx, in the API's words. */
  readonly violations: string[]
  readonly batches: ReadonlyMap<string, StandInBatch>
  /** The Files API's files: uploaded inputs and written responses. */
  readonly files: ReadonlyMap<string, StoredFile>
  /** Requests answered with a response (what batch mode bills), per `metadata.key`. */
  readonly billed: Map<string, number>
  /** A planted per-entry error: the request of this `metadata.key` is answered with this status, not by the model. */
  readonly failures: Map<string, RpcStatus>
  /** All requests billed so far. */
  billedEntries(): number
  /** Faults a test plants: `createdThen500` create calls create their batch, then answer 500. */
  readonly faults: { createdThen500: number }
}

/**
 * Options of the stand-in: the published limit of inline requests is 20 MB (tests lower it to see the refusal);
 * `echoMetadata: false` answers without each request's metadata, as users have seen the API do (the responses still
 * come in the order of the requests).
 */
export type GeminiBatchOptions = {
  readonly lifecycle?: BatchLifecycle
  readonly apiKey?: string
  readonly inlineLimitBytes?: number
  /** The largest input file the Files API takes: 2 GB published. */
  readonly fileLimitBytes?: number
  /** The Content-Type of a file download (undocumented; `application/jsonl` unless a test says otherwise). */
  readonly downloadType?: string
  /** Changes a responses file's text as it is written (a damaged line, say). */
  readonly editResponses?: (text: string) => string
  readonly echoMetadata?: boolean
  /** Changes the direct fake's rendered answer (direct and inline alike), as `fakeApi`'s `editAnswer` does. */
  readonly editAnswer?: (answer: any) => unknown
}

const createPath = /^\/v1beta\/models\/([^/:?]+):batchGenerateContent$/
const batchPath = /^\/v1beta\/(batches\/[^/:?]+)$/
const listPath = /^\/v1beta\/batches(?:\?(.*))?$/

/** The stand-in's handler: batch paths to itself, the rest to the direct protocol (`fakeApi(protocolFor('google'), …)`). */
export function geminiBatchApi(behaviour: Behaviour, options: GeminiBatchOptions = {}): GeminiBatchStandIn {
  const apiKey = options.apiKey ?? geminiKey
  const lifecycle = options.lifecycle ?? batchLifecycle()
  const limit = options.inlineLimitBytes ?? 20 * 1024 * 1024
  const files = filesApi(options.fileLimitBytes ?? 2 * 1024 * 1024 * 1024, options.downloadType)
  const direct = fakeApi(protocolFor('google'), behaviour, apiKey, options.editAnswer ? { editAnswer: options.editAnswer } : {})
  const violations: string[] = []
  const batches = new Map<string, StandInBatch>()
  const billed = new Map<string, number>()
  const failures = new Map<string, RpcStatus>()
  const faults = { createdThen500: 0 }
  // One count for direct and inline answers alike: the fake's ids (responseId, call ids, signatures) stay unique.
  let answers = 0
  let created = 0

  const refuse = (code: number, status: string, message: string): Reply => {
    violations.push(message)
    return googleError(code, status, message)
  }

  const create = (request: SeenRequest, model: string): Reply => {
    const size = Number(request.headers['content-length'] ?? Buffer.byteLength(JSON.stringify(request.body)))
    if (size > limit) return refuse(400, 'INVALID_ARGUMENT', `Request payload size exceeds the limit: ${limit} bytes.`)
    const body = request.body
    if (!isObject(body) || !isObject(body.batch)) return refuse(400, 'INVALID_ARGUMENT', 'batch is required')
    const batch = body.batch
    const displayName = batch.displayName ?? batch.display_name
    if (typeof displayName !== 'string' || displayName === '') return refuse(400, 'INVALID_ARGUMENT', 'batch.display_name is required')
    if (batch.model !== undefined && batch.model !== `models/${model}`) return refuse(400, 'INVALID_ARGUMENT', `batch.model ${String(batch.model)} does not match the model of the path, models/${model}`)
    const input = batch.inputConfig ?? batch.input_config
    if (!isObject(input)) return refuse(400, 'INVALID_ARGUMENT', 'batch.input_config is required')
    const fileName = input.fileName ?? input.file_name
    if (fileName !== undefined && input.requests !== undefined) return refuse(400, 'INVALID_ARGUMENT', 'batch.input_config takes a file_name or requests, not both')
    if (fileName !== undefined) {
      const file = files.files.get(String(fileName))
      if (!file) return refuse(404, 'NOT_FOUND', `${String(fileName)}: Requested entity was not found.`)
      const read = requestsInFile(file)
      if (typeof read === 'string') return refuse(400, 'INVALID_ARGUMENT', read)
      return hold(model, displayName, read, String(fileName))
    }
    const list = isObject(input.requests) ? input.requests.requests : undefined
    if (!Array.isArray(list) || list.length === 0) return refuse(400, 'INVALID_ARGUMENT', 'batch.input_config.requests.requests must hold at least one request')
    for (const [index, item] of list.entries()) {
      if (!isObject(item) || !isObject(item.request)) return refuse(400, 'INVALID_ARGUMENT', `batch.input_config.requests.requests[${index}].request is required`)
      if (item.metadata !== undefined && !isObject(item.metadata)) return refuse(400, 'INVALID_ARGUMENT', `batch.input_config.requests.requests[${index}].metadata must be an object`)
      const named = item.request.model
      if (named !== undefined && named !== `models/${model}`) return refuse(400, 'INVALID_ARGUMENT', `requests[${index}].request.model ${String(named)} is not the model of the batch, models/${model}`)
    }
    return hold(model, displayName, list as InlineRequest[], undefined)
  }

  const hold = (model: string, displayName: string, requests: readonly InlineRequest[], fileName: string | undefined): Reply => {
    const name = `batches/standin${String(++created).padStart(4, '0')}`
    const source = fileName === undefined ? 'inline' : 'file'
    const held: StandInBatch = { name, model, displayName, requests, source, ...(fileName !== undefined ? { fileName } : {}), createTime: new Date().toISOString(), progress: { polls: 0 }, expires: lifecycle.expire }
    batches.set(name, held)
    if (faults.createdThen500 > 0) {
      faults.createdThen500--
      return googleError(500, 'INTERNAL', 'An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting')
    }
    return { type: 'json', status: 200, body: operationOf(held) }
  }

  // Runs every inline request through the direct handler, once, when the batch ends.
  const answerAll = async (batch: StandInBatch): Promise<Record<string, unknown>[]> => {
    const responses: Record<string, unknown>[] = []
    for (const item of batch.requests) {
      const key = typeof item.metadata?.key === 'string' ? item.metadata.key : undefined
      const metadata = item.metadata && options.echoMetadata !== false ? { metadata: item.metadata } : {}
      const planted = key !== undefined ? failures.get(key) : undefined
      if (planted) {
        responses.push({ error: planted, ...metadata })
        continue
      }
      const seen: SeenRequest = { method: 'POST', path: `/v1beta/models/${batch.model}:generateContent`, headers: { 'x-goog-api-key': apiKey, 'content-type': 'application/json' }, body: item.request }
      const reply = await direct(seen, answers++)
      if (reply.type === 'json' && reply.status === 200) {
        if (key !== undefined) billed.set(key, (billed.get(key) ?? 0) + 1)
        responses.push({ response: reply.body, ...metadata })
      } else {
        const message = reply.type === 'json' && isObject(reply.body) && isObject(reply.body.error) ? String(reply.body.error.message) : 'the request failed'
        responses.push({ error: { code: 3, message, status: 'INVALID_ARGUMENT' }, ...metadata })
      }
    }
    return responses
  }

  const read = async (name: string): Promise<Reply> => {
    const batch = batches.get(name)
    if (!batch) return refuse(404, 'NOT_FOUND', 'Requested entity was not found.')
    if (!batch.ended && finishedAfterPoll(batch.progress, lifecycle)) {
      const endTime = new Date().toISOString()
      if (batch.expires) batch.ended = { state: 'BATCH_STATE_EXPIRED', endTime, responses: [] }
      else {
        const responses = await answerAll(batch)
        // A file batch answers in a file: one `{"key", "response" | "error"}` per line, in the order of the requests.
        const text = responses.map((item) => `${JSON.stringify(fileLine(item))}\n`).join('')
        const file = batch.source === 'file' ? files.write(`${batch.name}-responses`, options.editResponses ? options.editResponses(text) : text) : undefined
        batch.ended = { state: 'BATCH_STATE_SUCCEEDED', endTime, responses, ...(file ? { file } : {}) }
      }
    }
    return { type: 'json', status: 200, body: operationOf(batch) }
  }

  // Newest first, `pageSize` (default 50, at most 1000) per page; the page token is the index to go on from.
  const list = (query: URLSearchParams): Reply => {
    const size = Math.min(Number(query.get('pageSize') ?? 50), 1000)
    if (!Number.isInteger(size) || size < 1) return refuse(400, 'INVALID_ARGUMENT', `Invalid page_size: ${String(query.get('pageSize'))}`)
    const all = [...batches.values()].reverse()
    const start = Number(query.get('pageToken') ?? 0)
    const page = all.slice(start, start + size)
    return { type: 'json', status: 200, body: { operations: page.map(operationOf), ...(start + size < all.length ? { nextPageToken: String(start + size) } : {}) } }
  }

  const handler: Handler = async (request, _index) => {
    const listing = request.method === 'GET' ? listPath.exec(request.path) : null
    if (listing) {
      if (request.headers['x-goog-api-key'] !== apiKey) return refuse(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.')
      return list(new URLSearchParams(listing[1] ?? ''))
    }
    const creating = createPath.exec(request.path)
    const reading = batchPath.exec(request.path)
    const ours = creating || reading || /^\/(?:upload\/|download\/)?v1beta\/(?:batches|files)\b/.test(request.path)
    if (!ours) return direct(request, answers++)
    if (request.headers['x-goog-api-key'] !== apiKey) return refuse(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.')
    const filed = files.handle(request, refuse)
    if (filed) return filed
    if (creating && request.method === 'POST') return create(request, decodeURIComponent(creating[1]!))
    if (reading && request.method === 'GET') return read(reading[1]!)
    return refuse(404, 'NOT_FOUND', `unexpected ${request.method} ${request.path}`)
  }

  const billedEntries = () => [...billed.values()].reduce((sum, count) => sum + count, 0)
  return Object.assign(handler, { lifecycle, direct, violations, batches, files: files.files, billed, failures, billedEntries, faults })
}

/** The stand-in on its own loopback server. */
export async function startGeminiBatchServer(behaviour: Behaviour, options: GeminiBatchOptions = {}): Promise<Loopback & { readonly standIn: GeminiBatchStandIn }> {
  const standIn = geminiBatchApi(behaviour, options)
  return Object.assign(await startLoopback(standIn), { standIn })
}

/** A batch as `batches.get` (and the create call) answers it: an operation with the batch in `metadata`. */
function operationOf(batch: StandInBatch): Record<string, unknown> {
  const state = batch.ended?.state ?? (batch.progress.polls <= 1 ? 'BATCH_STATE_PENDING' : 'BATCH_STATE_RUNNING')
  const responses = batch.ended?.responses ?? []
  const failed = responses.filter((item) => item.error !== undefined).length
  const total = batch.requests.length
  const finished = batch.ended?.state === 'BATCH_STATE_SUCCEEDED' ? total : 0
  const output = batch.ended?.state !== 'BATCH_STATE_SUCCEEDED' ? undefined : batch.ended.file ? { responsesFile: batch.ended.file.name } : { inlinedResponses: { inlinedResponses: responses } }
  const metadata = {
    '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.GenerateContentBatch',
    name: batch.name,
    model: `models/${batch.model}`,
    displayName: batch.displayName,
    createTime: batch.createTime,
    updateTime: batch.ended?.endTime ?? batch.createTime,
    ...(batch.ended ? { endTime: batch.ended.endTime } : {}),
    // int64 fields are strings in the JSON mapping.
    batchStats: { requestCount: String(total), successfulRequestCount: String(finished - failed), failedRequestCount: String(failed), pendingRequestCount: String(total - finished) },
    state,
    // The resource keeps its input: inline requests with their metadata (file batches name their file).
    inputConfig: batch.source === 'file' ? { fileName: batch.fileName } : { requests: { requests: batch.requests } },
    ...(output ? { output } : {}),
  }
  return {
    name: batch.name,
    metadata,
    ...(batch.ended ? { done: true } : {}),
    ...(output ? { response: { '@type': 'type.googleapis.com/google.ai.generativelanguage.v1beta.BatchGenerateContentResponse', output } } : {}),
  }
}

/** The requests of an input file: one JSON object per line, `{"key": …, "request": {…}}`; the reason when a line is not one. */
function requestsInFile(file: StoredFile): InlineRequest[] | string {
  const requests: InlineRequest[] = []
  for (const [index, line] of file.text.split('\n').entries()) {
    if (line.trim() === '') continue
    let value: unknown
    try {
      value = JSON.parse(line)
    } catch {
      return `${file.name} line ${index + 1}: not a JSON object`
    }
    if (!isObject(value) || !isObject(value.request)) return `${file.name} line ${index + 1}: request is required`
    requests.push({ request: value.request, ...(typeof value.key === 'string' ? { metadata: { key: value.key } } : {}) })
  }
  return requests.length > 0 ? requests : `${file.name} holds no requests`
}

/** An answered request as a line of a responses file: its key instead of the metadata. */
function fileLine(item: Record<string, unknown>): Record<string, unknown> {
  const { metadata, ...answer } = item as { metadata?: { key?: unknown } }
  return { ...(metadata?.key !== undefined ? { key: metadata.key } : {}), ...answer }
}

/** An error as Google APIs answer it. */
function googleError(code: number, status: string, message: string): Reply {
  return { type: 'json', status: code, body: { error: { code, message, status } } }
}
