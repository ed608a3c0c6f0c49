import OpenAI, { toFile } from 'openai'
import type { Batch } from 'openai/resources/batches'
import type { BatchApi, BatchEntry, BatchOutcome, BatchStatus } from '../../core/batch.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import { createsHeaders } from '../../http/creating-request.ts'
import { createOnce, findListed, submissionTagKey } from './create-once.ts'

/** The two endpoints toolgauge batches on the OpenAI Batch API: `openai:` (Chat Completions) and `openai-responses:`. */
export type OpenAiBatchEndpoint = '/v1/chat/completions' | '/v1/responses'

/** The Batch API's published limits on one input file: 50,000 requests, 200 MB. */
export const openAiBatchFileLimits = { maxRequests: 50_000, maxFileBytes: 200 * 1024 * 1024 } as const

// What each JSONL line adds around its body: `{"custom_id":"<≤ 64>","method":"POST","url":"/v1/chat/completions","body":}\n`.
const lineEnvelopeBytes = 128

/**
 * The OpenAI Batch API over the adapter's SDK client (so its calls go through toolgauge's HTTP layer): the entries
 * are uploaded as one JSONL file (`files.create`, purpose `batch`), run as one batch (`batches.create`, the only
 * completion window there is, 24h), polled (`batches.retrieve`), and read back from the batch's output and error
 * files (`files.content`). Everything through the SDK's own methods: it has all four.
 *
 * The create call is never retried after a failure that may have come after the API created the batch (a second
 * batch would be billed too): each batch carries its submission's journal tag in its `metadata`, and after such a failure
 * the batch list (`batches.list`) is searched for it — found, the submission follows that batch.
 */
export function createOpenAiBatchApi(client: OpenAI, endpoint: OpenAiBatchEndpoint): BatchApi {
  const read = async (fileId: string | null | undefined, signal?: AbortSignal): Promise<string> =>
    fileId ? (await client.files.content(fileId, requestOptions(signal))).text() : ''
  return {
    // The queue counts request bodies; the file also holds each line's envelope, so the bytes left for bodies are fewer.
    limits: { maxEntries: openAiBatchFileLimits.maxRequests, maxBytes: openAiBatchFileLimits.maxFileBytes - openAiBatchFileLimits.maxRequests * lineEnvelopeBytes },
    async submit(entries, tag, signal) {
      const text = batchInputFile(entries, endpoint)
      const bytes = Buffer.from(text, 'utf8')
      if (entries.length > openAiBatchFileLimits.maxRequests || bytes.length > openAiBatchFileLimits.maxFileBytes) {
        throw new Error(`an OpenAI batch takes at most ${openAiBatchFileLimits.maxRequests} requests in ${openAiBatchFileLimits.maxFileBytes} bytes; got ${entries.length} in ${bytes.length}`)
      }
      const file = await client.files.create({ file: await toFile(bytes, 'toolgauge-batch.jsonl', { type: 'application/jsonl' }), purpose: 'batch' }, requestOptions(signal))
      const startedAt = Math.floor(Date.now() / 1000)
      return createOnce(
        async () => (await client.batches.create({ input_file_id: file.id, endpoint, completion_window: '24h', metadata: { [submissionTagKey]: tag } }, { ...requestOptions(signal), headers: createsHeaders })).id,
        {
          describe: `metadata ${submissionTagKey}=${tag}`,
          find: () => findListed(client.batches.list({ limit: 100 }, requestOptions(signal)), (batch) => (batch.metadata?.[submissionTagKey] === tag ? batch.id : undefined), (batch) => batch.created_at < startedAt - lookupSlackSeconds),
        },
      )
    },
    async status(id, signal) {
      return batchStatusOf(await client.batches.retrieve(id, requestOptions(signal)))
    },
    async results(id, signal) {
      const batch = await client.batches.retrieve(id, requestOptions(signal))
      const [output, errors] = await Promise.all([read(batch.output_file_id, signal), read(batch.error_file_id, signal)])
      return batchOutcomes([...jsonLines(output), ...jsonLines(errors)])
    },
  }
}

// How far back the batch list is searched: batches created (by the API's clock) well before the create call are not it.
const lookupSlackSeconds = 600

/**
 * The JSONL input file of a batch: one `{custom_id, method, url, body}` line per entry. `stream` (and the
 * `stream_options` that only go with it) are left out of each body: a batch answers in files, never in event streams.
 */
function batchInputFile(entries: readonly BatchEntry[], endpoint: OpenAiBatchEndpoint): string {
  const suffix = endpoint.slice('/v1'.length)
  let text = ''
  for (const entry of entries) {
    // The SDK posts to its base URL plus the endpoint; a request to any other path has no place in this batch.
    if (!entry.path.endsWith(suffix)) throw new Error(`request ${entry.customId} went to ${entry.path}, not to this batch's endpoint ${endpoint}`)
    text += `${JSON.stringify({ custom_id: entry.customId, method: 'POST', url: endpoint, body: withoutStream(entry.body) })}\n`
  }
  return text
}

function withoutStream(body: unknown): unknown {
  if (!isPlainObject(body) || (!('stream' in body) && !('stream_options' in body))) return body
  const { stream: _stream, stream_options: _options, ...rest } = body
  return rest
}

/** A batch object in the words every protocol maps to: validating, in progress, finalizing and cancelling are all still running. */
function batchStatusOf(batch: Batch): BatchStatus {
  const counts = batch.request_counts ? { done: batch.request_counts.completed + batch.request_counts.failed, total: batch.request_counts.total } : undefined
  const message = batch.status === 'failed' ? failureMessage(batch) : batch.status === 'expired' ? 'the batch did not finish within its 24h completion window' : undefined
  const state = batch.status === 'completed' || batch.status === 'failed' || batch.status === 'expired' || batch.status === 'cancelled' ? batch.status : 'running'
  return { state, ...(counts ? { counts } : {}), ...(message !== undefined ? { message } : {}) }
}

// A batch fails as a whole when its input file does not validate: each error names its code and, where it applies, the line.
function failureMessage(batch: Batch): string {
  const errors = batch.errors?.data ?? []
  if (errors.length === 0) return 'the batch failed (the API gave no reason)'
  return errors.map((error) => `${error.code ?? 'error'}${typeof error.line === 'number' ? ` (line ${error.line})` : ''}: ${error.message ?? ''}`.trim()).join('; ')
}

/**
 * Each entry's outcome from the lines of the output and error files (`{custom_id, response: {status_code, body},
 * error: {code, message}}`): a response is the answer the endpoint gave, status and body as it would have answered
 * directly (a 4xx is that endpoint refusing the request); an error is the entry failing inside the batch (expired,
 * cancelled, timed out). The first line of a custom id counts.
 */
function batchOutcomes(lines: readonly unknown[]): BatchOutcome[] {
  const found = new Map<string, BatchOutcome>()
  for (const line of lines) {
    if (!isPlainObject(line) || typeof line.custom_id !== 'string' || found.has(line.custom_id)) continue
    found.set(line.custom_id, outcomeOf(line.custom_id, line.response, line.error))
  }
  return [...found.values()]
}

function outcomeOf(customId: string, response: unknown, error: unknown): BatchOutcome {
  if (isPlainObject(response)) {
    const status = response.status_code
    // A status no HTTP answer can have (the API has been seen to write 0) is no answer the SDK could read.
    if (typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599) {
      return { customId, kind: 'answer', status, body: JSON.stringify(response.body ?? null) }
    }
  }
  if (isPlainObject(error)) {
    const code = typeof error.code === 'string' ? error.code : 'error'
    return { customId, kind: 'error', message: `${code}: ${typeof error.message === 'string' ? error.message : 'the request failed inside the batch'}` }
  }
  return { customId, kind: 'error', message: 'the batch line holds neither a response nor an error' }
}

function jsonLines(text: string): unknown[] {
  const values: unknown[] = []
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue
    try {
      values.push(JSON.parse(line))
    } catch {
      // A line cut or garbled in transit is left out: its entry then reads as "not in the results".
    }
  }
  return values
}

function requestOptions(signal: AbortSignal | undefined): { signal?: AbortSignal } {
  return signal ? { signal } : {}
}
