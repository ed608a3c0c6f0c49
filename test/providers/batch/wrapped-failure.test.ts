// A batch API call that fails after its retries (a 503 on every attempt) reaches the queue wrapped twice: the SDK's
// "Connection error." around our fetch's error around the HTTP layer's ProviderError, which alone knows the status and
// the retries spent. The requests it errors report those and its words (found down the cause chain), not `retries: 0`,
// no status and "Connection error.". A call the SDK refuses on a status our fetch handed back (a 400, after a 503 it
// retried) carries no ProviderError: its retries are not known there, so the requests report none, never `retries: 0`.
import { join } from 'node:path'
import OpenAI from 'openai'
import { afterEach, expect, it } from 'vitest'
import { ProviderError } from '../../../src/core/errors.ts'
import { createOpenAiBatchApi } from '../../../src/providers/batch/openai-batch.ts'
import { ModelBatchQueue } from '../../../src/providers/batch/batch-queue.ts'
import { runEvaluation } from '../../../src/runner/run-evaluation.ts'
import { tempFiles } from '../../helpers/cli.ts'
import { httpClientFor } from '../../../src/providers/runtime/http-for-provider.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { baseUrlFor, fastRetries, makeProvider, openaiKey, setProviderEnv } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback } from '../fake/loopback.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { writeBatchSuite } from './batch-suite.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const isUpload = (method: string, path: string) => method === 'POST' && path === '/v1/files'

/** The OpenAI Batch API on loopback, whose `failing` calls answer 503 every time (`thenRefused`: a 400 after the first 503). */
async function batchServer(failing: (method: string, path: string) => boolean, thenRefused = false): Promise<Loopback> {
  const standIn = openAiBatchStandIn('openai', weatherModel, batchLifecycle())
  let failed = 0
  const handler: Handler = (request, index) => {
    if (!failing(request.method, request.path)) return standIn(request, index)
    return thenRefused && failed++ > 0
      ? { type: 'json', status: 400, body: { error: { message: 'bad file', type: 'invalid_request_error' } } }
      : { type: 'json', status: 503, body: { error: { message: 'overloaded', type: 'server_error' } } }
  }
  const server = await startLoopback(handler)
  open.push(server)
  return server
}

/** A queue over the OpenAI Batch API on loopback, with 2 retries, whose `failing` calls answer 503 every time. */
async function queueFailing(failing: (method: string, path: string) => boolean, thenRefused = false): Promise<ModelBatchQueue> {
  const server = await batchServer(failing, thenRefused)
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
  ['the upload of its file (submit)', isUpload],
  ['its status reads (poll)', (method: string, path: string) => method === 'GET' && path.startsWith('/v1/batches/')],
])('a batch whose %s fail after their retries errors its requests with the real status and retries', async (_what, failing) => {
  const error = await rejection(await queueFailing(failing))
  expect(ProviderError.isInstance(error)).toBe(true)
  expect((error as ProviderError).details).toMatchObject({ status: 503, retries: 2 })
  // The HTTP layer's words, not the SDK's "Connection error.".
  expect((error as ProviderError).message).toMatch(/503.*gave up after 2 retries/)
})

it('a batch whose upload the SDK refuses (a 400 after a 503 retried): its requests have the status and no retries, not 0', async () => {
  const error = await rejection(await queueFailing(isUpload, true))
  expect(ProviderError.isInstance(error)).toBe(true)
  expect((error as ProviderError).details).toMatchObject({ status: 400 })
  expect((error as ProviderError).details).not.toHaveProperty('retries')
})

it('in report.json: a batched case whose upload the SDK refused is provider_error with the status and no retries', async () => {
  const server = await batchServer(isUpload, true)
  setProviderEnv('openai', undefined)
  const provider = await makeProvider('openai', 'gpt-4.1-mini', { ...fastRetries, baseUrl: baseUrlFor('openai', server.origin), batch: true, batchPollMs: 1, retries: 2 })
  const dir = tempFiles({})
  const outcome = await runEvaluation({ suitePaths: [writeBatchSuite(join(dir, 'suite'), [1])], models: [provider.id], providers: [provider], outDir: join(dir, 'out'), concurrency: 1 })
  const [failure] = outcome.report.results[0]!.failures
  expect(failure).toMatchObject({ kind: 'provider_error', status: 400 })
  expect(failure).not.toHaveProperty('retries')
})
