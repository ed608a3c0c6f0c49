import { fakeApi, isObject } from '../api.ts'
import type { Behaviour } from '../behaviour.ts'
import { keyFor, protocolFor } from '../harness.ts'
import type { Handler, Reply, SeenRequest } from '../loopback.ts'
import { finishedAfterPoll, type BatchLifecycle, type BatchProgress } from './lifecycle.ts'

/**
 * A loopback stand-in of OpenAI's Files + Batch API, written from the public reference (API reference: "Files",
 * "Batch", the batch request input and output objects; the Batch guide), next to the direct protocol on the same
 * server. What it enforces, and where the reference says the real API does:
 * - `POST /v1/files`: multipart with `purpose` one of the file purposes and a `file`; for `batch` a `.jsonl` file of at
 *   most 200 MB ("Invalid file format for Batch API. Must be .jsonl": a 400 at upload).
 * - `POST /v1/batches`: `completion_window` must be `24h`, `endpoint` a batch endpoint, `input_file_id` a file of
 *   purpose `batch` (unknown id: 404). The file's lines are validated as the real API does it, after the batch is
 *   created: a file that breaks a rule makes the batch `failed`, its `errors.data` naming code and line
 *   (`invalid_json_line`, `duplicate_custom_id`, `url_mismatch` — a line's url must be the batch's endpoint —,
 *   `model_mismatch` — one model per file —, `empty_file`, `too_many_tasks` beyond 50,000; `method` must be POST).
 * - `GET /v1/batches/{id}`: `validating`, then `in_progress` for the lifecycle's polls (and while it is held), then
 *   `completed` — or `expired` when the lifecycle says so: no line answered, each in the error file as
 *   `batch_expired`.
 * - Each line is answered by the very handler a direct request gets (`fakeApi(protocolFor(kind))`), with the key the
 *   batch was created with. A 2xx answer is an output-file line; any other status an error-file line with that
 *   status and body (the reference: the error file holds "the outputs of requests with errors", and a refused request
 *   is a 4xx `response`, its top-level `error` left for failures with no HTTP answer). A body asking for a stream is
 *   refused (stand-in rule: a batch answers in files).
 * - `GET /v1/files/{id}/content`: the file as `application/octet-stream`, as the API serves it; unknown id: 404.
 * - `metadata` on create: at most 16 string pairs (keys ≤ 64, values ≤ 512 characters), kept on the batch object.
 *   `GET /v1/batches?limit=&after=` lists the batches newest first (`data`, `first_id`, `last_id`, `has_more`).
 * - A planted fault (`faults.createdThen500`): the next create calls create their batch and then answer 500, as an
 *   API that fails after acting would — a retry of that call would create (and bill) a second batch.
 * `billed` counts, per custom id, the lines answered, so a test sees nothing was paid twice.
 */
export type OpenAiBatchStandIn = Handler & {
  /** Custom id → how many times a line with it was answered (2xx or not) across every batch. */
  readonly billed: Map<string, number>
  /** The batch API's own refusals (4xx answers to files/batches calls), as their messages. */
  readonly refusals: string[]
  /** The files uploaded or written so far, by id (a test may damage one, as an API fault would). */
  readonly files: Map<string, StoredFile>
  /** The batches created so far, by id. */
  readonly batches: ReadonlyMap<string, StandInBatch>
  /** The direct protocol's handler (its `violations` include those of batch lines). */
  readonly direct: ReturnType<typeof fakeApi>
  /** Faults a test plants: `createdThen500` create calls create their batch, then answer 500. */
  readonly faults: { createdThen500: number }
}

/** One stand-in batch as the tests can inspect it. */
export type StandInBatch = {
  readonly id: string
  readonly endpoint: string
  readonly inputFileId: string
  readonly createdAt: number
  readonly progress: BatchProgress
  /** Decided when created (a test flips `lifecycle.expire` for the batches after). */
  readonly expires: boolean
  readonly authorization: string
  readonly metadata: Record<string, string> | null
  /** The file's validation errors (a non-empty list fails the batch). */
  readonly errors: readonly BatchError[]
  readonly lines: readonly BatchLine[]
  status: 'validating' | 'in_progress' | 'completed' | 'failed' | 'expired'
  outputFileId?: string
  errorFileId?: string
  counts: { completed: number; failed: number }
  finishing?: Promise<void>
}

type BatchError = { readonly code: string; readonly line: number | null; readonly message: string; readonly param: string | null }
type BatchLine = { readonly custom_id: string; readonly body: Record<string, unknown> }
/** A file of the stand-in's Files API. */
export type StoredFile = { readonly id: string; readonly purpose: string; readonly filename: string; readonly text: string; readonly createdAt: number }

const filePurposes = ['assistants', 'batch', 'fine-tune', 'vision', 'user_data', 'evals']
const batchEndpoints = ['/v1/responses', '/v1/chat/completions', '/v1/embeddings', '/v1/completions', '/v1/moderations', '/v1/images/generations', '/v1/images/edits', '/v1/videos']
const maxFileBytes = 200 * 1024 * 1024
const maxRequests = 50_000
// Ids the direct protocol renders into its answers (`chatcmpl-<n>`, `resp_<n>`): far from the loopback's request count.
const firstLineIndex = 1_000_000

/** The stand-in for one OpenAI protocol (`openai`: Chat Completions, `openai-responses`: Responses), mounted with `startLoopback`. */
export function openAiBatchStandIn(kind: 'openai' | 'openai-responses', behaviour: Behaviour, lifecycle: BatchLifecycle): OpenAiBatchStandIn {
  const key = keyFor(kind)
  const direct = fakeApi(protocolFor(kind), behaviour, key)
  const files = new Map<string, StoredFile>()
  const batches = new Map<string, StandInBatch>()
  const billed = new Map<string, number>()
  const refusals: string[] = []
  const faults = { createdThen500: 0 }
  let lineIndex = firstLineIndex
  let nextId = 1
  const now = () => Math.floor(Date.now() / 1000)

  const refuse = (status: number, message: string, param: string | null = null): Reply => {
    refusals.push(message)
    return { type: 'json', status, body: { error: { message, type: 'invalid_request_error', param, code: null } } }
  }
  const storeFile = (purpose: string, filename: string, text: string): StoredFile => {
    const file = { id: `file-${nextId++}`, purpose, filename, text, createdAt: now() }
    files.set(file.id, file)
    return file
  }

  const uploadFile = async (request: SeenRequest): Promise<Reply> => {
    const type = String(request.headers['content-type'] ?? '')
    if (!type.startsWith('multipart/form-data')) return refuse(400, 'The request must be multipart/form-data with a file and a purpose.')
    const form = await new Response(String(request.body), { headers: { 'content-type': type } }).formData()
    const purpose = form.get('purpose')
    const file = form.get('file')
    if (typeof purpose !== 'string') return refuse(400, "Missing required parameter: 'purpose'.", 'purpose')
    if (!filePurposes.includes(purpose)) return refuse(400, `'${purpose}' is not one of [${filePurposes.map((p) => `'${p}'`).join(', ')}] - 'purpose'`, 'purpose')
    if (file === null || typeof file === 'string') return refuse(400, "Missing required parameter: 'file'.", 'file')
    const text = await file.text()
    if (purpose === 'batch' && !file.name.endsWith('.jsonl')) return refuse(400, 'Invalid file format for Batch API. Must be .jsonl', 'file')
    if (purpose === 'batch' && Buffer.byteLength(text) > maxFileBytes) return refuse(400, `The batch input file is larger than the ${maxFileBytes} maximum`, 'file')
    const stored = storeFile(purpose, file.name, text)
    return { type: 'json', status: 200, body: fileObject(stored) }
  }

  const createBatch = (request: SeenRequest): Reply => {
    const body = request.body
    if (!isObject(body)) return refuse(400, 'The body must be a JSON object.')
    if (typeof body.input_file_id !== 'string') return refuse(400, "Missing required parameter: 'input_file_id'.", 'input_file_id')
    if (typeof body.endpoint !== 'string') return refuse(400, "Missing required parameter: 'endpoint'.", 'endpoint')
    if (body.completion_window !== '24h') return refuse(400, `Invalid value for 'completion_window': ${JSON.stringify(body.completion_window)}. Supported values are: '24h'.`, 'completion_window')
    if (!batchEndpoints.includes(body.endpoint)) return refuse(400, `Invalid value for 'endpoint': '${body.endpoint}'. Supported values are: ${batchEndpoints.map((e) => `'${e}'`).join(', ')}.`, 'endpoint')
    const file = files.get(body.input_file_id)
    if (!file) return refuse(404, `No such File object: ${body.input_file_id}`, 'input_file_id')
    if (file.purpose !== 'batch') return refuse(400, `The input file must be uploaded with purpose 'batch', not '${file.purpose}'.`, 'input_file_id')
    const metadata = (body.metadata ?? null) as Record<string, string> | null
    if (metadata !== null && !validMetadata(metadata)) return refuse(400, "Invalid 'metadata': at most 16 pairs of strings, keys of at most 64 and values of at most 512 characters.", 'metadata')
    const { lines, errors } = validateInput(file.text, body.endpoint)
    const batch: StandInBatch = {
      id: `batch_${nextId++}`,
      endpoint: body.endpoint,
      inputFileId: file.id,
      createdAt: now(),
      progress: { polls: 0 },
      expires: lifecycle.expire,
      authorization: String(request.headers.authorization ?? ''),
      metadata,
      errors,
      lines,
      status: 'validating',
      counts: { completed: 0, failed: 0 },
    }
    batches.set(batch.id, batch)
    if (faults.createdThen500 > 0) {
      faults.createdThen500--
      return { type: 'json', status: 500, body: { error: { message: 'The server had an error while processing your request.', type: 'server_error', param: null, code: null } } }
    }
    return { type: 'json', status: 200, body: batchObject(batch) }
  }

  // Newest first, `limit` (1–100, default 20) after the batch `after` names.
  const listBatches = (query: URLSearchParams): Reply => {
    const limit = Number(query.get('limit') ?? 20)
    if (!Number.isInteger(limit) || limit < 1 || limit > 100) return refuse(400, `Invalid 'limit': ${String(query.get('limit'))}. Expected an integer from 1 to 100.`, 'limit')
    const all = [...batches.values()].reverse()
    const after = query.get('after')
    const start = after === null ? 0 : all.findIndex((batch) => batch.id === after) + 1
    const page = all.slice(start, start + limit)
    return { type: 'json', status: 200, body: { object: 'list', data: page.map(batchObject), first_id: page[0]?.id ?? null, last_id: page.at(-1)?.id ?? null, has_more: start + limit < all.length } }
  }

  // The work a batch does once it is due: every line through the direct handler (or, expired, none of them).
  const finish = async (batch: StandInBatch): Promise<void> => {
    let output = ''
    let failed = ''
    for (const line of batch.lines) {
      const id = `batch_req_${lineIndex}`
      if (batch.expires) {
        failed += `${JSON.stringify({ id, custom_id: line.custom_id, response: null, error: { code: 'batch_expired', message: 'This request could not be executed before the completion window expired.' } })}\n`
        lineIndex++
        continue
      }
      const { status, body } = await answerLine(line, batch, lineIndex)
      billed.set(line.custom_id, (billed.get(line.custom_id) ?? 0) + 1)
      const text = `${JSON.stringify({ id, custom_id: line.custom_id, response: { status_code: status, request_id: `req_${lineIndex}`, body }, error: null })}\n`
      lineIndex++
      if (status >= 200 && status < 300) {
        output += text
        batch.counts.completed++
      } else {
        failed += text
        batch.counts.failed++
      }
    }
    if (output !== '') batch.outputFileId = storeFile('batch_output', `${batch.id}_output.jsonl`, output).id
    if (failed !== '') batch.errorFileId = storeFile('batch_output', `${batch.id}_error.jsonl`, failed).id
    batch.status = batch.expires ? 'expired' : 'completed'
  }

  const answerLine = async (line: BatchLine, batch: StandInBatch, index: number): Promise<{ status: number; body: unknown }> => {
    if (line.body.stream === true) {
      return { status: 400, body: { error: { message: "stand-in rule: a batch answers in files: 'stream' must not be true", type: 'invalid_request_error', param: 'stream', code: null } } }
    }
    const seen: SeenRequest = { method: 'POST', path: batch.endpoint, headers: { authorization: batch.authorization, 'content-type': 'application/json' }, body: line.body }
    const reply = await direct(seen, index)
    if (reply.type !== 'json') return { status: 500, body: { error: { message: `the direct handler answered ${reply.type}, not JSON`, type: 'server_error' } } }
    return { status: reply.status, body: reply.body }
  }

  const retrieveBatch = async (id: string): Promise<Reply> => {
    const batch = batches.get(id)
    if (!batch) return refuse(404, `No batch found with id '${id}'.`, 'batch_id')
    const running = batch.status === 'validating' || batch.status === 'in_progress'
    // Polls that come while the lines are being answered wait for that work, never start it again.
    if (batch.finishing) await batch.finishing
    else if (running && batch.errors.length > 0) batch.status = 'failed'
    else if (running && finishedAfterPoll(batch.progress, lifecycle)) await (batch.finishing = finish(batch))
    else if (running) batch.status = 'in_progress'
    return { type: 'json', status: 200, body: batchObject(batch) }
  }

  const fileContent = (id: string): Reply => {
    const file = files.get(id)
    if (!file) return refuse(404, `No such File object: ${id}`, 'id')
    return { type: 'text', status: 200, body: file.text, contentType: 'application/octet-stream' }
  }

  const handler: Handler = async (request, index) => {
    const path = request.path.split('?')[0] ?? ''
    const ours = path === '/v1/files' || path.startsWith('/v1/files/') || path === '/v1/batches' || path.startsWith('/v1/batches/')
    if (!ours) return direct(request, index)
    if (request.headers.authorization !== `Bearer ${key}`) {
      refusals.push('Incorrect API key provided')
      return { type: 'json', status: 401, body: { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } } }
    }
    const fileMatch = /^\/v1\/files\/([^/]+)(\/content)?$/.exec(path)
    const batchMatch = /^\/v1\/batches\/([^/]+)$/.exec(path)
    if (request.method === 'POST' && path === '/v1/files') return uploadFile(request)
    if (request.method === 'POST' && path === '/v1/batches') return createBatch(request)
    if (request.method === 'GET' && path === '/v1/batches') return listBatches(new URLSearchParams(request.path.split('?')[1] ?? ''))
    if (request.method === 'GET' && batchMatch) return retrieveBatch(batchMatch[1]!)
    if (request.method === 'GET' && fileMatch?.[2]) return fileContent(fileMatch[1]!)
    if (request.method === 'GET' && fileMatch) {
      const file = files.get(fileMatch[1]!)
      return file ? { type: 'json', status: 200, body: fileObject(file) } : refuse(404, `No such File object: ${fileMatch[1]!}`, 'id')
    }
    return refuse(404, `Invalid URL (${request.method} ${path})`)
  }
  return Object.assign(handler, { billed, refusals, files, batches: batches as ReadonlyMap<string, StandInBatch>, direct, faults })
}

/** The lines of a batch input file, and what breaks the rules of one (checked as the API checks it, once the batch is created). */
function validateInput(text: string, endpoint: string): { lines: BatchLine[]; errors: BatchError[] } {
  const lines: BatchLine[] = []
  const errors: BatchError[] = []
  const seen = new Set<string>()
  let model: string | undefined
  const raw = text.split('\n')
  if (raw.length > 0 && raw[raw.length - 1] === '') raw.pop()
  if (raw.every((line) => line.trim() === '')) return { lines, errors: [{ code: 'empty_file', line: null, message: 'The batch input file is empty.', param: null }] }
  if (raw.length > maxRequests) errors.push({ code: 'too_many_tasks', line: null, message: `The batch input file holds ${raw.length} requests; a batch takes at most ${maxRequests}.`, param: null })
  raw.forEach((source, position) => {
    const number = position + 1
    const fail = (code: string, message: string, param: string | null = null) => errors.push({ code, line: number, message, param })
    let line: unknown
    try {
      line = JSON.parse(source)
    } catch {
      return fail('invalid_json_line', 'This line is not parseable as valid JSON.')
    }
    if (!isObject(line)) return fail('invalid_json_line', 'This line is not a JSON object.')
    if (typeof line.custom_id !== 'string' || line.custom_id === '') return fail('missing_required_parameter', "Missing required parameter: 'custom_id'.", 'custom_id')
    if (seen.has(line.custom_id)) return fail('duplicate_custom_id', 'The custom_id for this request is a duplicate of another request. The custom_id parameter must be unique for each request in a batch.', 'custom_id')
    seen.add(line.custom_id)
    if (line.method !== 'POST') return fail('invalid_request', `Invalid value for 'method': ${JSON.stringify(line.method)}. Only 'POST' is supported.`, 'method')
    if (line.url !== endpoint) return fail('url_mismatch', `The provided url '${String(line.url)}' does not match the batch endpoint '${endpoint}'.`, 'url')
    if (!isObject(line.body)) return fail('missing_required_parameter', "Missing required parameter: 'body'.", 'body')
    const lineModel = line.body.model
    if (typeof lineModel === 'string') {
      model ??= lineModel
      if (lineModel !== model) return fail('model_mismatch', `The model '${lineModel}' differs from the model '${model}' of the batch's other requests: a batch input file holds requests to one model.`, 'body.model')
    }
    lines.push({ custom_id: line.custom_id, body: line.body })
  })
  return { lines, errors }
}

function validMetadata(metadata: unknown): boolean {
  if (!isObject(metadata)) return false
  const pairs = Object.entries(metadata)
  return pairs.length <= 16 && pairs.every(([key, value]) => key.length <= 64 && typeof value === 'string' && value.length <= 512)
}

function fileObject(file: StoredFile): unknown {
  return { id: file.id, object: 'file', bytes: Buffer.byteLength(file.text), created_at: file.createdAt, filename: file.filename, purpose: file.purpose, status: 'processed', expires_at: null, status_details: null }
}

function batchObject(batch: StandInBatch): unknown {
  const total = batch.status === 'failed' ? 0 : batch.lines.length
  return {
    id: batch.id,
    object: 'batch',
    endpoint: batch.endpoint,
    errors: batch.errors.length > 0 ? { object: 'list', data: batch.errors } : null,
    input_file_id: batch.inputFileId,
    completion_window: '24h',
    status: batch.status,
    output_file_id: batch.outputFileId ?? null,
    error_file_id: batch.errorFileId ?? null,
    created_at: batch.createdAt,
    in_progress_at: batch.status === 'validating' || batch.status === 'failed' ? null : batch.createdAt,
    expires_at: batch.createdAt + 24 * 3600,
    completed_at: batch.status === 'completed' ? batch.createdAt : null,
    failed_at: batch.status === 'failed' ? batch.createdAt : null,
    expired_at: batch.status === 'expired' ? batch.createdAt : null,
    request_counts: { total, completed: batch.counts.completed, failed: batch.status === 'expired' ? total : batch.counts.failed },
    metadata: batch.metadata,
  }
}
