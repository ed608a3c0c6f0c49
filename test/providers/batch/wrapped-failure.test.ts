// A batch API call that fails after its retries (a 503 on every attempt) reaches the queue wrapped twice: the SDK's
// "Connection error." around our fetch's error around the HTTP layer's ProviderError, which alone knows the status and
// the retries spent. The requests it errors report those and its words (found down the cause chain), not `retries: 0`,
// no status and "Connection error.".
import OpenAI from 'openai'
import { afterEach, expect, it } from 'vitest'
import { ProviderError } from '../../../src/core/errors.ts'
import { createOpenAiBatchApi } from '../../../src/providers/batch/openai-batch.ts'
import { ModelBatchQueue } from '../../../src/providers/batch/batch-queue.ts'
import { httpClientFor } from '../../../src/providers/runtime/http-for-provider.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { fastRetries, openaiKey } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback } from '../fake/loopback.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

/** A queue over the OpenAI Batch API on loopback, with 2 retries, whose `failing` calls answer 503 every time. */
async function queueFailing(failing: (method: string, path: string) => boolean): Promise<ModelBatchQueue> {
  const standIn = openAiBatchStandIn('openai', weatherModel, batchLifecycle())
  const handler: Handler = (request, index) =>
    failing(request.method, request.path) ? { type: 'json', status: 503, body: { error: { message: 'overloaded', type: 'server_error' } } } : standIn(request, index)
  const server = await startLoopback(handler)
  open.push(server)
  const http = httpClientFor({ ...fastRetries, retries: 2 }, [openaiKey])
  const client = new OpenAI({ apiKey: openaiKey, baseURL: `${server.origin}/v1`, fetch: http.fetch, maxRetries: 0 })
  const queue = new ModelBatchQueue({ model: 'openai:gpt-4.1-mini', pollMs: 1 })
  queue.connect(createOpenAiBatchApi(client, '/v1/chat/completions'))
  return queue
}

async function rejection(queue: ModelBatchQueue): Promise<unknown> {
  queue.openTask()
  const body = JSON.stringify({ model: 'gpt-4.1-mini', messages: [{ role: 'user', content: 'Weather in Paris?' }] })
  return queue.request({ path: '/v1/chat/completions', bodyText: body, context: { suite: 'weather', caseId: 'w000', repeat: 0, turn: 0 } }).then(
    () => undefined,
    (error: unknown) => error,
  )
}

it.each([
  ['the upload of its file (submit)', (method: string, path: string) => method === 'POST' && path === '/v1/files'],
  ['its status reads (poll)', (method: string, path: string) => method === 'GET' && path.startsWith('/v1/batches/')],
])('a batch whose %s fail after their retries errors its requests with the real status and retries', async (_what, failing) => {
  const error = await rejection(await queueFailing(failing))
  expect(ProviderError.isInstance(error)).toBe(true)
  expect((error as ProviderError).details).toMatchObject({ status: 503, retries: 2 })
  // The HTTP layer's words, not the SDK's "Connection error.".
  expect((error as ProviderError).message).toMatch(/503.*gave up after 2 retries/)
})
