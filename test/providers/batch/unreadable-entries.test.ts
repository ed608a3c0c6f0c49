// A batch entry answered 2xx whose body holds no answer — empty, text, null, a JSON string, or no message at all —
// is no answer: the case errors (provider_error) with what the body was, never an empty turn and never an SDK's bare
// JSON parse error ("Unexpected end of JSON input", no status, no batch). Each adapter runs in batch mode against its
// stand-in (test/providers/fake/batch/), whose results are damaged on the way out, as a faulty results file would be.
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchApi } from '../../../src/core/batch.ts'
import { ProviderError } from '../../../src/core/errors.ts'
import type { Provider } from '../../../src/core/provider.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { geminiBatchApi } from '../fake/batch/gemini-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { baseUrlFor, makeProvider, setProviderEnv, weatherTools, type ProviderKind } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback, type Reply } from '../fake/loopback.ts'
import { batchedChatProvider } from './memory-batch-api.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const generate = (provider: Provider) =>
  provider.doGenerate({ messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: weatherTools, toolChoice: 'auto', context: { suite: 'weather', caseId: 'paris', repeat: 0, turn: 0 } })

/** The error a batched request fails with (it must fail: an answer here would be an empty turn read as a model's). */
async function failure(provider: Provider): Promise<ProviderError> {
  const outcome = await generate(provider).then((turn) => ({ turn }), (error: unknown) => ({ error }))
  if (!('error' in outcome)) throw new Error(`read as a turn: ${JSON.stringify({ text: outcome.turn.text, calls: outcome.turn.toolCalls, finish: outcome.turn.finishReason })}`)
  expect(ProviderError.isInstance(outcome.error)).toBe(true)
  return outcome.error as ProviderError
}

/** Rewrites each JSONL line of a text reply whose path matches. */
function editLines(handler: Handler, path: RegExp, edit: (line: any) => unknown): Handler {
  return async (request, index) => {
    const reply: Reply = await handler(request, index)
    if (reply.type !== 'text' || !path.test(request.path)) return reply
    const lines = reply.body.split('\n').map((line) => (line.trim() === '' ? line : JSON.stringify(edit(JSON.parse(line)))))
    return { ...reply, body: lines.join('\n') }
  }
}

async function batchedAdapter(kind: ProviderKind, model: string, handler: Handler): Promise<Provider> {
  const server = await startLoopback(handler)
  open.push(server)
  setProviderEnv(kind, undefined)
  return makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin), batch: true, batchPollMs: 1, retries: 0 })
}

const fast = () => batchLifecycle({ pollsInProgress: 0 })
const answeredByBatch = / \(answered by batch [^)]+\)$/

describe.each(['openai', 'openai-responses'] as const)('%s: an output-file line whose 200 response body is no answer object', (kind) => {
  it.each([
    { body: '', says: 'is not a JSON object (an empty string)' },
    { body: 'Internal Server Error', says: 'is not a JSON object (a string of 21 characters)' },
    { body: null, says: 'is not a JSON object (null)' },
  ])('$body: errored, naming it', async ({ body, says }) => {
    const handler = editLines(openAiBatchStandIn(kind, weatherModel, fast()), /^\/v1\/files\/[^/]+\/content$/, (line) => (line.response ? { ...line, response: { ...line.response, body } } : line))
    const error = await failure(await batchedAdapter(kind, 'gpt-4o-mini', handler))
    expect(error.message).toContain(`HTTP 200 with no answer: the ${kind === 'openai' ? 'Chat Completions' : 'Responses'} answer ${says}`)
    expect(error.message).toMatch(answeredByBatch)
    expect(error.details.status).toBe(200)
  })
})

describe('anthropic: a succeeded result whose message is no answer object', () => {
  it.each([
    { message: undefined, says: 'the Anthropic Messages answer is not a JSON object (null)' },
    { message: '', says: 'the Anthropic Messages answer is not a JSON object (an empty string)' },
    { message: ['text'], says: 'the Anthropic Messages answer is not a JSON object (an array of 1 item)' },
  ])('$message: errored, naming it', async ({ message, says }) => {
    const handler = editLines(anthropicBatchApi(weatherModel, { lifecycle: fast() }), /\/results$/, (line) => ({ ...line, result: { type: 'succeeded', ...(message !== undefined ? { message } : {}) } }))
    const error = await failure(await batchedAdapter('anthropic', 'claude-haiku-4-5', handler))
    expect(error.message).toContain(`HTTP 200 with no answer: ${says}`)
    expect(error.message).toMatch(answeredByBatch)
    expect(error.details.status).toBe(200)
  })
})

describe('google: an inline response that is no answer object', () => {
  it.each([
    { response: '', says: 'the Gemini answer is not a JSON object (an empty string)' },
    { response: 'Internal error', says: 'the Gemini answer is not a JSON object (a string of 14 characters)' },
  ])('$response: errored, naming it', async ({ response, says }) => {
    const standIn = geminiBatchApi(weatherModel, { lifecycle: fast() })
    const handler: Handler = async (request, index) => {
      const reply = await standIn(request, index)
      const output = reply.type === 'json' ? (reply.body as any)?.metadata?.output : undefined
      for (const item of output?.inlinedResponses?.inlinedResponses ?? []) item.response = response
      for (const item of (reply.type === 'json' ? (reply.body as any)?.response?.output?.inlinedResponses?.inlinedResponses : undefined) ?? []) item.response = response
      return reply
    }
    const error = await failure(await batchedAdapter('google', 'gemini-2.0-flash', handler))
    expect(error.message).toContain(`HTTP 200 with no answer: ${says}`)
    expect(error.message).toMatch(answeredByBatch)
  })
})

describe('any batch API: an answer outcome whose body is not JSON', () => {
  it.each([
    { body: '', says: 'an empty body' },
    { body: 'Internal error', says: 'a body that is not JSON (14 bytes)' },
    { body: '<html>502</html>', says: 'a body that is not JSON (16 bytes)' },
  ])('$body: errored, naming it, not a JSON parse error', async ({ body, says }) => {
    let customId = ''
    const api: BatchApi = {
      limits: { maxEntries: 10, maxBytes: 1_000_000 },
      submit: async (entries) => ((customId = entries[0]!.customId), 'batch_1'),
      status: async () => ({ state: 'completed' }),
      results: async () => [{ customId, kind: 'answer', status: 200, body }],
    }
    const error = await failure(batchedChatProvider(api))
    expect(error.message).toBe(`openai:gpt-4o-mini: HTTP 200 with no answer: ${says} (answered by batch batch_1)`)
    expect(error.details.status).toBe(200)
  })
})
