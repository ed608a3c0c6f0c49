import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { GoogleGenAI, Operation } from '@google/genai'
import type { BatchApi, BatchEntry } from '../../core/batch.ts'
import { createsHeaders } from '../../http/creating-request.ts'
import { createOnce, findListed } from './create-once.ts'
import { outcomesOf, outputOf, responsesInFile, statusOf, submittedKeys, type WireOperation, type WireResponse } from './gemini-batch-outcomes.ts'

/**
 * Gemini API batch mode (`models/{model}:batchGenerateContent`, then `batches/{id}` polled) as a `BatchApi`, over the
 * adapter's `@google/genai` client, so every call goes through toolgauge's fetch (retries, no redirect, redaction).
 * Up to the inline limit the requests go inline, each under `metadata.key`; a bigger batch goes as a JSONL file
 * (`{"key", "request"}` lines) uploaded through the Files API, and its answers come back as a JSONL file too.
 *
 * The entries are the wire `GenerateContentRequest` bodies the SDK posted to `:generateContent`, and each outcome's
 * body must be the wire `GenerateContentResponse` text `:generateContent` would have answered, since the SDK then
 * reads it as a direct answer. `batches.create/get` take and return SDK-shaped objects instead, and the conversion
 * does not round-trip: an inlined request is rebuilt from SDK parameters (`config` → `generationConfig`, tools and
 * the system instruction moved, fields it does not know dropped), and `batches.get` drops `batchStats` and converts
 * each inlined response (`citationMetadata.citationSources` becomes `citations`, which a second conversion by the
 * generateContent path no longer finds). So inline wire bodies go in through the SDK's own `extraBody` escape hatch
 * (it replaces the converted, empty request list), and the batch is read raw through `operations.get`, whose
 * `_fromAPIResponse` hands over the API's JSON untouched. A file batch needs neither: the file holds the wire
 * bodies, and `files.upload/download` move its bytes as they are.
 *
 * The create call is never retried after a failure that may have come after the API created the batch (a second
 * batch would be billed too): each batch's display name carries its submission's journal tag, and after such a failure the
 * batch list (`batches.list`) is searched for it — found, the submission follows that batch.
 */
export function createGeminiBatchApi(client: GoogleGenAI, model: string): BatchApi {
  // The keys of each batch this process submitted, in order: the fallback when the answers do not echo them (a
  // resumed process reads them from the batch's own input instead).
  const submitted = new Map<string, readonly string[]>()
  return {
    // No published cap on the requests of one batch; the input file's size is what is limited.
    limits: { maxEntries: Number.POSITIVE_INFINITY, maxBytes: fileLimitBytes - envelopeBytes },
    async submit(entries, tag, signal) {
      const requests = inlinedRequests(entries, model)
      const displayName = `toolgauge ${model} (${entries.length} requests) ${tag}`
      const abort = signal ? { abortSignal: signal } : {}
      // The inline payload, counted without building it: `{"batch":{"displayName":…,"inputConfig":{"requests":{"requests":[…]}}}}`.
      const bytes = requests.reduce((sum, request) => sum + Buffer.byteLength(JSON.stringify(request)) + 1, 100 + Buffer.byteLength(displayName))
      const src = bytes <= inlineLimitBytes ? [] : await upload(client, requests, displayName, signal)
      const create = async (): Promise<string> => {
        const job = await client.batches.create({
          model,
          src,
          config: {
            displayName,
            httpOptions: {
              headers: createsHeaders,
              // Inline: the empty list the SDK converts is replaced wholesale by the wire requests (extraBody replaces arrays).
              ...(typeof src === 'string' ? {} : { extraBody: { batch: { inputConfig: { requests: { requests } } } } }),
            },
            ...abort,
          },
        })
        if (typeof job.name !== 'string' || !job.name.startsWith('batches/')) throw new Error(`Gemini batch mode answered the create call without a batch name (got ${JSON.stringify(job.name)})`)
        return job.name
      }
      // Found again by its display name: each submission's is unique, as it carries the tag.
      const name = await createOnce(create, {
        describe: `display name "${displayName}"`,
        find: async () => findListed(await client.batches.list({ config: { pageSize: 100, ...abort } }), (job) => (job.displayName === displayName ? job.name : undefined)),
      })
      submitted.set(name, entries.map((entry) => entry.customId))
      return name
    },
    async status(id, signal) {
      return statusOf(await readBatch(client, id, signal))
    },
    async results(id, signal) {
      const operation = await readBatch(client, id, signal)
      const status = statusOf(operation)
      if (status.state !== 'completed') throw new Error(`Gemini batch ${id} has no results: it is ${status.state}`)
      const output = outputOf(operation)
      const responses = output?.responsesFile !== undefined ? await download(client, output.responsesFile, signal) : (output?.inlinedResponses?.inlinedResponses ?? [])
      return outcomesOf(responses, submitted.get(id) ?? submittedKeys(operation))
    },
  }
}

/** The largest inline request payload batch mode takes (the guide: "keep the total request size under 20MB"). */
export const inlineLimitBytes = 20 * 1024 * 1024

/** The largest input file batch mode takes (the guide's technical details: 2 GB, the Files API's limit per file). */
export const fileLimitBytes = 2 * 1024 * 1024 * 1024

// What wrapping a body as a file line adds (`{"key":"<64 chars>","request":…}` and a newline), reserved for a batch of
// thousands of entries so the queue's split by body bytes keeps every file under its limit.
const envelopeBytes = 16 * 1024 * 1024

type InlinedRequest = { readonly request: unknown; readonly metadata: { readonly key: string } }

/** Each entry as an inline request: its wire body, and its custom id as `metadata.key` (what the results are matched by). */
function inlinedRequests(entries: readonly BatchEntry[], model: string): InlinedRequest[] {
  const seen = new Set<string>()
  return entries.map((entry) => {
    const posted = /\/models\/([^/:]+):generateContent$/.exec(entry.path)?.[1]
    if (posted === undefined || decodeURIComponent(posted) !== model) throw new Error(`a ${entry.path} request cannot go in a Gemini batch of ${model}`)
    if (seen.has(entry.customId)) throw new Error(`custom id ${entry.customId} is twice in one Gemini batch`)
    seen.add(entry.customId)
    return { request: entry.body, metadata: { key: entry.customId } }
  })
}

/** Uploads the requests as a JSONL input file, one `{"key", "request"}` per line; resolves with its `files/…` name. */
async function upload(client: GoogleGenAI, requests: readonly InlinedRequest[], displayName: string, signal: AbortSignal | undefined): Promise<string> {
  // One part per line: a batch of gigabytes is never one string.
  const lines = requests.map((item) => `${JSON.stringify({ key: item.metadata.key, request: item.request })}\n`)
  const file = await client.files.upload({ file: new Blob(lines, { type: 'application/jsonl' }), config: { mimeType: 'application/jsonl', displayName, ...(signal ? { abortSignal: signal } : {}) } })
  if (typeof file.name !== 'string' || !file.name.startsWith('files/')) throw new Error(`the Files API answered the upload of a Gemini batch without a file name (got ${JSON.stringify(file.name)})`)
  return file.name
}

/**
 * Reads a responses file. The SDK downloads only to a path (Node), so the file passes through a private temporary
 * folder, removed at once; it holds the model's answers, never a key.
 */
async function download(client: GoogleGenAI, name: string, signal: AbortSignal | undefined): Promise<WireResponse[]> {
  const folder = await mkdtemp(join(tmpdir(), 'toolgauge-gemini-batch-'))
  try {
    const path = join(folder, 'responses.jsonl')
    await client.files.download({ file: name, downloadPath: path, ...(signal ? { config: { abortSignal: signal } } : {}) })
    return responsesInFile(await readFile(path, 'utf8'))
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
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
