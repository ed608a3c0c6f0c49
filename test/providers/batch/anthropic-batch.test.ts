import Anthropic from '@anthropic-ai/sdk'
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchApi, BatchEntry, BatchOutcome } from '../../../src/core/batch.ts'
import { ProviderError } from '../../../src/core/errors.ts'
import { createHttpClient } from '../../../src/http/http-client.ts'
import { createAnthropicBatchApi, unseenPollsTolerated } from '../../../src/providers/batch/anthropic-batch.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { anthropicKey, longSystem } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback } from '../fake/loopback.ts'
import { anthropicBatchApi, type AnthropicBatchOptions, type AnthropicBatchStandIn } from '../fake/batch/anthropic-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { ModelBatchQueue } from '../../../src/providers/batch/batch-queue.ts'
import { submissionTag } from '../../../src/providers/batch/create-once.ts'

// The Message Batches BatchApi against its loopback stand-in, through toolgauge's own HTTP layer (as the adapter
// builds its client): submit, in_progress → ended, results as the direct endpoint would answer, per-entry errors,
// expiry, cancellation, and every request the stand-in refuses as the API does.

const servers: Loopback[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

type Setup = { api: BatchApi; client: Anthropic; standIn: AnthropicBatchStandIn; server: Loopback }

async function setup(options: AnthropicBatchOptions = {}, wrap: (handler: Handler) => Handler = (handler) => handler): Promise<Setup> {
  const standIn = anthropicBatchApi(weatherModel, options)
  const server = await startLoopback(wrap(standIn))
  servers.push(server)
  const http = createHttpClient({ policy: { retries: 1, baseDelayMs: 1, maxDelayMs: 2 } })
  const client = new Anthropic({ apiKey: anthropicKey, authToken: null, baseURL: server.origin, fetch: http.fetch, maxRetries: 0 })
  return { api: createAnthropicBatchApi(client), client, standIn, server }
}

const tools = [{ name: 'get_weather', description: 'Current weather for a city', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]

/** A first-turn request as the adapter builds it. */
function body(prompt: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return { model: 'claude-test', max_tokens: 4096, messages: [{ role: 'user', content: prompt }], tools, ...extra }
}

function entry(customId: string, requestBody: unknown): BatchEntry {
  return { customId, path: '/v1/messages', body: requestBody }
}

/** Polls until the batch is no longer running; returns how many reads said running. */
async function pollToEnd(api: BatchApi, id: string): Promise<number> {
  let running = 0
  for (;;) {
    const status = await api.status(id)
    if (status.state !== 'running') return running
    running++
    if (running > 50) throw new Error('the batch never ended')
  }
}

function byId(outcomes: readonly BatchOutcome[]): Map<string, BatchOutcome> {
  return new Map(outcomes.map((outcome) => [outcome.customId, outcome]))
}

/** The content of a message without its ids (they differ between a batch entry and a direct request). */
function contentOf(message: { content: { type: string; name?: string; input?: unknown; text?: string }[] }): unknown {
  return message.content.map((block) => ({ type: block.type, name: block.name, input: block.input, text: block.text }))
}

describe('createAnthropicBatchApi against the Message Batches stand-in', () => {
  it('submits, reads in_progress then ended with the counts, and answers each entry as POST /v1/messages would', async () => {
    const { api, client, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 2 }) })
    const id = await api.submit([entry('case-a_t0', body('Weather in Paris?')), entry('case-b_t0', body('Weather in Oslo and Tokyo?'))], submissionTag())
    expect(id).toMatch(/^msgbatch_/)
    expect(await api.status(id)).toEqual({ state: 'running', counts: { done: 0, total: 2 } })
    expect(await pollToEnd(api, id)).toBe(1)
    expect(await api.status(id)).toEqual({ state: 'completed', counts: { done: 2, total: 2 } })
    const outcomes = byId((await api.results(id))!)
    expect(outcomes.size).toBe(2)
    const direct = await client.messages.create(body('Weather in Oslo and Tokyo?') as never)
    const answer = outcomes.get('case-b_t0')!
    expect(answer).toMatchObject({ kind: 'answer', status: 200 })
    const message = JSON.parse((answer as { body: string }).body) as Anthropic.Message
    expect(message.type).toBe('message')
    expect(message.stop_reason).toBe('tool_use')
    expect(contentOf(message)).toEqual(contentOf(direct))
    expect(contentOf(message)).toEqual([
      { type: 'tool_use', name: 'get_weather', input: { city: 'Oslo' }, text: undefined },
      { type: 'tool_use', name: 'get_weather', input: { city: 'Tokyo' }, text: undefined },
    ])
    expect([...standIn.billed.values()]).toEqual([1, 1])
  })

  it('strips stream from the params: the batch would refuse that entry, and answers it whole instead', async () => {
    const { api, client, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const id = await api.submit([entry('streamed', body('Weather in Paris?', { stream: true }))], submissionTag())
    await pollToEnd(api, id)
    expect(byId((await api.results(id))!).get('streamed')).toMatchObject({ kind: 'answer', status: 200 })
    // The same request sent with stream in its params, past this BatchApi: the entry is refused.
    const raw = await client.messages.batches.create({ requests: [{ custom_id: 'raw', params: body('Weather in Paris?', { stream: true }) as never }] })
    await pollToEnd(api, raw.id)
    const refused = byId((await api.results(raw.id))!).get('raw')
    expect(refused).toMatchObject({ kind: 'answer', status: 400 })
    expect(JSON.parse((refused as { body: string }).body)).toEqual({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('stream') } })
    expect(standIn.billed.get('raw')).toBeUndefined()
  })

  it('an entry the Messages API refuses is the 400 a direct request gets, body for body; it is not billed', async () => {
    const { api, server, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const bad = body('Weather in Paris?', { tool_choice: { type: 'any' }, tools: undefined })
    const id = await api.submit([entry('bad', bad), entry('good', body('Weather in Paris?'))], submissionTag())
    await pollToEnd(api, id)
    const outcomes = byId((await api.results(id))!)
    const directAnswer = await fetch(`${server.origin}/v1/messages`, {
      method: 'POST',
      headers: { 'x-api-key': anthropicKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
      body: JSON.stringify(bad),
    })
    expect(directAnswer.status).toBe(400)
    expect(outcomes.get('bad')).toEqual({ customId: 'bad', kind: 'answer', status: 400, body: JSON.stringify(await directAnswer.json()) })
    expect(outcomes.get('good')).toMatchObject({ kind: 'answer', status: 200 })
    expect(await api.status(id)).toEqual({ state: 'completed', counts: { done: 2, total: 2 } })
    expect(standIn.batches.get(id)!.results!.map((line) => line.result.type)).toEqual(['errored', 'succeeded'])
    expect([...standIn.billed.keys()]).toEqual(['good'])
  })

  it('an entry the batch fails (overloaded, api_error) is an error outcome: that case is errored, not refused', async () => {
    const entryError = (customId: string) => (customId === 'unlucky' ? { type: 'overloaded_error', message: 'Overloaded' } : undefined)
    const { api, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }), entryError })
    const id = await api.submit([entry('unlucky', body('Weather in Paris?')), entry('lucky', body('Weather in Paris?'))], submissionTag())
    await pollToEnd(api, id)
    const outcomes = byId((await api.results(id))!)
    expect(outcomes.get('unlucky')).toEqual({ customId: 'unlucky', kind: 'error', message: 'errored in the batch: overloaded_error: Overloaded' })
    expect(outcomes.get('lucky')).toMatchObject({ kind: 'answer', status: 200 })
    expect([...standIn.billed.keys()]).toEqual(['lucky'])
  })

  it('an expired batch still ends (completed): every entry is an expired error outcome, nothing billed', async () => {
    const { api, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 1, expire: true }) })
    const id = await api.submit([entry('a', body('Weather in Paris?')), entry('b', body('Weather in Oslo?'))], submissionTag())
    expect(await pollToEnd(api, id)).toBe(1)
    const outcomes = (await api.results(id))!
    expect(outcomes).toHaveLength(2)
    for (const outcome of outcomes) expect(outcome).toMatchObject({ kind: 'error', message: expect.stringContaining('expired') })
    expect(standIn.batches.get(id)!.results!.every((line) => line.result.type === 'expired')).toBe(true)
    expect(standIn.billed.size).toBe(0)
  })

  it('a held batch stays running, however often it is read, until released', async () => {
    const lifecycle = batchLifecycle({ pollsInProgress: 0, held: true })
    const { api, standIn } = await setup({ lifecycle })
    const id = await api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    for (let poll = 0; poll < 5; poll++) expect((await api.status(id)).state).toBe('running')
    expect(standIn.billed.size).toBe(0)
    lifecycle.release()
    expect((await api.status(id)).state).toBe('completed')
    expect(byId((await api.results(id))!).get('a')).toMatchObject({ kind: 'answer', status: 200 })
  })

  it('a batch of its own not found yet (404 while it propagates) is running for a few polls, then an error', async () => {
    const { api, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 1 }), unseenReads: 2 })
    const id = await api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    expect(await api.status(id)).toEqual({ state: 'running' })
    expect(await api.status(id)).toEqual({ state: 'running' })
    expect(await pollToEnd(api, id)).toBe(1)
    expect(byId((await api.results(id))!).get('a')).toMatchObject({ kind: 'answer', status: 200 })
    expect(standIn.refusals).toEqual([`message_batch not found: ${id}`, `message_batch not found: ${id}`])
    // One that stays unseen past the tolerated polls is lost: the 404 is the error.
    const lost = await setup({ unseenReads: unseenPollsTolerated + 1 })
    const lostId = await lost.api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    for (let poll = 0; poll < unseenPollsTolerated; poll++) expect(await lost.api.status(lostId)).toEqual({ state: 'running' })
    expect(await lost.api.status(lostId).catch((caught: unknown) => caught)).toBeInstanceOf(Anthropic.NotFoundError)
  })

  it('a results file not there yet (404 right after the batch ended) is read again at the next polls, a few times, then an error', async () => {
    // Through the queue, as batch mode runs it: the held request is answered once the results file can be read.
    const held = async (options: AnthropicBatchOptions) => {
      const { api, standIn } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }), ...options })
      let sleeps = 0
      const queue = new ModelBatchQueue({ model: 'anthropic:claude-test', pollMs: 1, sleep: async () => void sleeps++ })
      queue.connect(api)
      queue.openTask()
      const context = { suite: 'weather', caseId: 'a', repeat: 0, turn: 0 }
      const answer = await queue.request({ path: '/v1/messages', bodyText: JSON.stringify(body('Weather in Paris?')), context }).catch((caught: unknown) => caught)
      return { answer, standIn, sleeps }
    }
    const late = await held({ unreadyResultsReads: 2 })
    expect(late.answer).toMatchObject({ status: 200, batchId: expect.stringMatching(/^msgbatch_/) })
    expect(late.standIn.refusals.filter((refusal) => refusal.startsWith('results of'))).toHaveLength(2)
    // Each read again came after the poll interval.
    expect(late.sleeps).toBe(2)
    // A results file that stays missing past the tolerated reads: that round's request errors.
    const lost = await held({ unreadyResultsReads: unseenPollsTolerated + 1 })
    expect(lost.answer).toBeInstanceOf(ProviderError)
    expect((lost.answer as Error).message).toMatch(/not found/)
    expect(lost.standIn.refusals.filter((refusal) => refusal.startsWith('results of'))).toHaveLength(unseenPollsTolerated + 1)
  })

  it('a canceled batch ends with its unprocessed entries canceled (error outcomes)', async () => {
    const { api, client } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 5 }) })
    const id = await api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    expect((await client.messages.batches.cancel(id)).processing_status).toBe('canceling')
    expect(await api.status(id)).toEqual({ state: 'completed', counts: { done: 1, total: 1 } })
    expect(await api.results(id)).toEqual([{ customId: 'a', kind: 'error', message: expect.stringContaining('canceled') }])
  })

  it('accepts cache_control on the last tool and the system prompt (--cache-tools) in batch params', async () => {
    const { api } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    // A system prompt over the minimum cacheable length: the stand-in bills caching by the published rules.
    const cached = body('Weather in Paris?', {
      system: [{ type: 'text', text: longSystem, cache_control: { type: 'ephemeral' } }],
      tools: [{ ...tools[0], cache_control: { type: 'ephemeral' } }],
    })
    const id = await api.submit([entry('cached', cached)], submissionTag())
    await pollToEnd(api, id)
    const answer = byId((await api.results(id))!).get('cached') as { status: number; body: string }
    expect(answer.status).toBe(200)
    expect((JSON.parse(answer.body) as Anthropic.Message).usage.cache_creation_input_tokens).toBeGreaterThan(0)
  })

  it('an entry of a submitted batch missing from its results has no outcome: the queue errors its request ("not in the results")', async () => {
    // The results file loses its last line on the way.
    const dropLast: (handler: Handler) => Handler = (handler) => async (request, index) => {
      const reply = await handler(request, index)
      if (reply.type !== 'text') return reply
      return { ...reply, body: `${reply.body.trim().split('\n').slice(1).join('\n')}\n` }
    }
    const { api } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) }, dropLast)
    const queue = new ModelBatchQueue({ model: 'anthropic:claude-test', pollMs: 1 })
    queue.connect(api)
    queue.openTask()
    queue.openTask()
    const [kept, lost] = ['Paris', 'Oslo'].map((city) =>
      queue.request({ path: '/v1/messages', bodyText: JSON.stringify(body(`Weather in ${city}?`)), context: { suite: 's', caseId: city, repeat: 0, turn: 0 } }).catch((caught: unknown) => caught))
    expect(await kept).toMatchObject({ status: 200 })
    const error = await lost
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(/^batch msgbatch_\w+: request [\w-]+ errored: not in the results$/)
  })

  it('reads the batch once before downloading its results: one GET of the batch, one of the results file', async () => {
    const { api, server } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const id = await api.submit([entry('a', body('Weather in Paris?')), entry('b', body('Weather in Oslo?'))], submissionTag())
    await pollToEnd(api, id)
    const before = server.requests.length
    const outcomes = byId((await api.results(id))!)
    expect([...outcomes.values()].map((outcome) => outcome.kind)).toEqual(['answer', 'answer'])
    expect(server.requests.slice(before).map((seen) => `${seen.method} ${seen.path}`)).toEqual([`GET /v1/messages/batches/${id}`, `GET /v1/messages/batches/${id}/results`])
  })

  it('never fetches results from a host other than the API: the key would go with the request', async () => {
    const elsewhere: (handler: Handler) => Handler = (handler) => async (request, index) => {
      const reply = await handler(request, index)
      if (reply.type !== 'json' || typeof (reply.body as { results_url?: unknown }).results_url !== 'string') return reply
      return { ...reply, body: { ...(reply.body as object), results_url: 'http://127.0.0.2:9/v1/messages/batches/x/results' } }
    }
    const { api, server } = await setup({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) }, elsewhere)
    const id = await api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    await pollToEnd(api, id)
    const error = await api.results(id).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('http://127.0.0.2:9')
    expect(server.requests.some((request) => request.path.endsWith('/results'))).toBe(false)
  })

  it('results of a batch that has not ended: refused here before any download, and by the API', async () => {
    const { api, server } = await setup({ lifecycle: batchLifecycle({ held: true }) })
    const id = await api.submit([entry('a', body('Weather in Paris?'))], submissionTag())
    const error = await api.results(id).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('in_progress')
    const raw = await fetch(`${server.origin}/v1/messages/batches/${id}/results`, { headers: { 'x-api-key': anthropicKey, 'anthropic-version': '2023-06-01' } })
    expect(raw.status).toBe(400)
    expect(await raw.json()).toMatchObject({ type: 'error', error: { type: 'invalid_request_error', message: expect.stringContaining('has not ended') } })
  })
})

describe('the Message Batches stand-in refuses what the API refuses', () => {
  async function refusedSubmit(options: AnthropicBatchOptions, entries: BatchEntry[]): Promise<{ status: number; standIn: AnthropicBatchStandIn }> {
    const { api, standIn } = await setup(options)
    const error = (await api.submit(entries, submissionTag()).catch((caught: unknown) => caught)) as { status?: number }
    expect(error).toBeInstanceOf(Anthropic.APIError)
    expect(standIn.batches.size).toBe(0)
    return { status: error.status ?? 0, standIn }
  }

  it('a custom_id outside ^[a-zA-Z0-9_-]{1,64}$', async () => {
    for (const customId of ['has space', 'dot.ted', '', 'x'.repeat(65)]) {
      const { status, standIn } = await refusedSubmit({}, [entry(customId, body('Weather in Paris?'))])
      expect(status).toBe(400)
      expect(standIn.refusals).toEqual([expect.stringContaining("custom_id: String should match pattern '^[a-zA-Z0-9_-]{1,64}$'")])
    }
  })

  it('a custom_id twice in one batch', async () => {
    const { status, standIn } = await refusedSubmit({}, [entry('same', body('Weather in Paris?')), entry('same', body('Weather in Oslo?'))])
    expect(status).toBe(400)
    expect(standIn.refusals).toEqual([expect.stringContaining("Duplicate custom_id 'same'")])
  })

  it('more requests than a batch takes, and a create request over the byte limit', async () => {
    const many = await refusedSubmit({ maxRequests: 2 }, ['a', 'b', 'c'].map((id) => entry(id, body('Weather in Paris?'))))
    expect(many.status).toBe(400)
    expect(many.standIn.refusals).toEqual([expect.stringContaining('at most 2 items')])
    const large = await refusedSubmit({ maxBytes: 1000 }, [entry('big', body(`Weather in Paris? ${'x'.repeat(2000)}`))])
    expect(large.status).toBe(413)
    expect(large.standIn.refusals).toEqual([expect.stringContaining('maximum allowed number of bytes')])
  })

  it('an empty batch, params that are no request, and fields the create request does not take', async () => {
    const { server, standIn } = await setup()
    const send = (payload: unknown) =>
      fetch(`${server.origin}/v1/messages/batches`, {
        method: 'POST',
        headers: { 'x-api-key': anthropicKey, 'anthropic-version': '2023-06-01', 'content-type': 'application/json' },
        body: JSON.stringify(payload),
      })
    expect((await send({ requests: [] })).status).toBe(400)
    expect((await send({ requests: [{ custom_id: 'a' }] })).status).toBe(400)
    expect((await send({ requests: [{ custom_id: 'a', params: body('hi'), method: 'POST' }] })).status).toBe(400)
    expect((await send({ requests: [{ custom_id: 'a', params: body('hi') }], completion_window: '24h' })).status).toBe(400)
    expect(standIn.refusals).toEqual([
      expect.stringContaining('at least 1 item'),
      'requests.0.params: Field required (a Messages API request)',
      'requests.0.method: Extra inputs are not permitted',
      'completion_window: Extra inputs are not permitted',
    ])
    expect(standIn.batches.size).toBe(0)
  })

  it('a call without the key (401) or without anthropic-version (400), on every batch path', async () => {
    const { server, standIn } = await setup()
    for (const path of ['/v1/messages/batches', '/v1/messages/batches/msgbatch_x', '/v1/messages/batches/msgbatch_x/results']) {
      const method = path === '/v1/messages/batches' ? 'POST' : 'GET'
      expect((await fetch(`${server.origin}${path}`, { method, headers: { 'x-api-key': 'sk-ant-wrong', 'anthropic-version': '2023-06-01' } })).status).toBe(401)
      expect((await fetch(`${server.origin}${path}`, { method, headers: { 'x-api-key': anthropicKey } })).status).toBe(400)
    }
    expect(standIn.refusals.filter((reason) => reason === 'invalid x-api-key')).toHaveLength(3)
    expect(standIn.refusals.filter((reason) => reason.startsWith('anthropic-version'))).toHaveLength(3)
  })

  it('an unknown batch id is a 404 not_found_error (status and results alike)', async () => {
    const { api } = await setup()
    for (const call of [() => api.status('msgbatch_unknown'), () => api.results('msgbatch_unknown')]) {
      const error = (await call().catch((caught: unknown) => caught)) as { status?: number; error?: unknown }
      expect(error).toBeInstanceOf(Anthropic.NotFoundError)
      expect(error.error).toMatchObject({ type: 'error', error: { type: 'not_found_error' } })
    }
  })
})
