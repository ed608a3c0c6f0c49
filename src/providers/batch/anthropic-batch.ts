import Anthropic from '@anthropic-ai/sdk'
import type { BatchCreateParams, MessageBatch, MessageBatchIndividualResponse } from '@anthropic-ai/sdk/resources/messages/batches'
import type { BatchApi, BatchEntry, BatchOutcome, BatchStatus } from '../../core/batch.ts'
import { ProviderError } from '../../core/errors.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import { createsHeaders } from '../../http/creating-request.ts'
import { createOnce } from './create-once.ts'

/**
 * Message Batches' published limits: at most 100,000 requests and 256 MB per batch. The byte limit is on the whole
 * create request; 16 MB of it are left for the wrapper around the bodies (custom_id and keys, under 100 bytes an
 * entry at the most entries), whether "MB" means 10^6 or 2^20 bytes.
 */
const anthropicBatchLimits: BatchApi['limits'] = { maxEntries: 100_000, maxBytes: 240_000_000 }

/**
 * Polls in a row that may find no batch this process created, or no results file of a batch that has ended, before
 * that is the end of it (a 404 is then an error).
 */
export const unseenPollsTolerated = 5

/**
 * `anthropic:`'s batch API over the adapter's own SDK client (so every call goes through toolgauge's HTTP layer):
 * `messages.batches.create` with the held bodies as `params`, `retrieve` to poll, `results` to read the JSONL. Each
 * result becomes the answer `POST /v1/messages` would have given — a `succeeded` message as a 200, an invalid
 * request as the 400 with the API's error body — so the adapter reads batch and direct answers alike.
 *
 * The create call is never retried after a failure that may have come after the API created the batch (a retry
 * could bill a second one). Message Batches has no field for a tag of ours (a batch carries only its requests), so
 * such a batch cannot be looked up: that round's requests error, and the message says to check the batch list.
 */
export function createAnthropicBatchApi(client: Anthropic): BatchApi {
  // The batches this process submitted, and how many polls in a row found no such batch (one polled again after a
  // restart is not known here).
  const unseen = new Map<string, number>()
  // Reads of each ended batch's results file that found none yet, for any batch (a resumed one's too).
  const unreadyReads = new Map<string, number>()
  return {
    limits: anthropicBatchLimits,
    async submit(entries, _tag, signal) {
      const requests = entries.map(batchRequest)
      const id = await createOnce(async () => (await client.messages.batches.create({ requests }, { ...(signal ? { signal } : {}), headers: createsHeaders })).id)
      unseen.set(id, 0)
      return id
    },
    async status(id, signal) {
      const polls = unseen.get(id)
      try {
        const batch = await client.messages.batches.retrieve(id, {}, signal ? { signal } : {})
        if (polls !== undefined) unseen.set(id, 0)
        return batchStatus(batch)
      } catch (error) {
        // The API has answered 404 for a batch it had just created (and again minutes later) while the batch
        // propagated, then ended it normally: a few such polls of our own batch are "not visible yet", not its loss.
        if (polls === undefined || !(error instanceof Anthropic.NotFoundError) || polls + 1 > unseenPollsTolerated) throw error
        unseen.set(id, polls + 1)
        return { state: 'running' }
      }
    },
    async results(id, signal) {
      const options = signal ? { signal } : {}
      const batch = await client.messages.batches.retrieve(id, {}, options)
      const resultsUrl = checkResultsUrl(batch, client.baseURL)
      // The results file fetched from the URL just checked: `messages.batches.results` would read the batch once
      // more for it (one more GET per batch, and a URL this code never saw).
      let file: Response
      try {
        file = await client.get<Response>(resultsUrl, { ...options, headers: { Accept: 'application/binary' }, __binaryResponse: true })
      } catch (error) {
        // Right after a batch ends its results file has been reported to 404 for a while, as a new batch's status does.
        const reads = (unreadyReads.get(id) ?? 0) + 1
        if (!(error instanceof Anthropic.NotFoundError) || reads > unseenPollsTolerated) throw error
        unreadyReads.set(id, reads)
        return undefined
      }
      unreadyReads.delete(id)
      return resultLines(await file.text(), id).map(outcomeOf)
    },
  }
}

/** One held request as a Message Batches request: its body as `params`, without `stream` (a batch answers whole). */
function batchRequest(entry: BatchEntry): BatchCreateParams.Request {
  if (!entry.path.endsWith('/v1/messages')) throw new Error(`a Message Batch takes /v1/messages requests only, not ${entry.path}`)
  if (!isPlainObject(entry.body)) throw new Error(`the body of batch entry ${entry.customId} is not a JSON object`)
  const { stream: _stream, ...params } = entry.body
  return { custom_id: entry.customId, params: params as unknown as BatchCreateParams.Request['params'] }
}

/**
 * A batch's `processing_status` in batch-mode words: `in_progress` and `canceling` are still running; `ended` is
 * completed even when every entry expired or was canceled — the results say so entry by entry.
 */
function batchStatus(batch: MessageBatch): BatchStatus {
  const counts = batch.request_counts
  const done = counts.succeeded + counts.errored + counts.canceled + counts.expired
  return { state: batch.processing_status === 'ended' ? 'completed' : 'running', counts: { done, total: done + counts.processing } }
}

/** One result line as the outcome of its request. */
function outcomeOf(line: MessageBatchIndividualResponse): BatchOutcome {
  const customId = line.custom_id
  const result = line.result
  switch (result.type) {
    case 'succeeded':
      // A line with no message gives `null`, which the answer check names, rather than no body text at all.
      return { customId, kind: 'answer', status: 200, body: JSON.stringify(result.message ?? null) }
    case 'errored': {
      const error = result.error?.error
      // The request itself was refused: answered as the direct endpoint's 400, so it counts as that request's
      // refusal, not as an outage. Any other error (overloaded, api_error …) is the batch failing that entry.
      if (error?.type === 'invalid_request_error') return { customId, kind: 'answer', status: 400, body: JSON.stringify(result.error) }
      return { customId, kind: 'error', message: `errored in the batch: ${error?.type ?? 'error'}: ${error?.message ?? 'no message'}` }
    }
    case 'canceled':
      return { customId, kind: 'error', message: 'canceled: the batch was canceled before this request was processed' }
    case 'expired':
      return { customId, kind: 'error', message: 'expired: the batch reached its 24-hour limit before this request was processed' }
    default:
      // A result type newer than this code: that entry has no answer, the others still count.
      return { customId, kind: 'error', message: `an unknown batch result type: ${String((result as { type?: unknown }).type)}` }
  }
}

/** The lines of a results file (JSONL, one result per line); a line that does not parse fails the read, as the SDK's decoder does. */
function resultLines(text: string, id: string): MessageBatchIndividualResponse[] {
  const lines: MessageBatchIndividualResponse[] = []
  for (const [index, line] of text.split('\n').entries()) {
    if (line.trim() === '') continue
    try {
      lines.push(JSON.parse(line) as MessageBatchIndividualResponse)
    } catch {
      // Here and below, not retried: a count of 0 (a ProviderError without one says its retries are not known).
      throw new ProviderError(`the results of Message Batch ${id} hold an unreadable line ${index + 1}`, { retries: 0 })
    }
  }
  return lines
}

/**
 * The key goes with the request for the batch's `results_url`: only to the API's own host, as a redirect is never
 * followed either. A batch without one has not ended. Returns the URL to fetch.
 */
function checkResultsUrl(batch: MessageBatch, baseUrl: string): string {
  if (batch.processing_status !== 'ended' || !batch.results_url) {
    throw new ProviderError(`Message Batch ${batch.id} has no results yet (processing_status ${batch.processing_status})`, { retries: 0 })
  }
  const from = new URL(baseUrl).origin
  const to = new URL(batch.results_url, baseUrl).origin
  if (to !== from) throw new ProviderError(`Message Batch ${batch.id} names its results at ${to}, not at ${from}: not fetched, the request would carry the API key there`, { retries: 0 })
  return batch.results_url
}
