// A batch is never created twice by a retry: each protocol's create call, failing after the API may have acted on it
// (a 500 after creating, as a stand-in plants it), is not retried. OpenAI and Gemini find the batch again by the tag
// it carries and follow it; Anthropic (no field for a tag) fails that round's requests as errored, saying where to look.
import Anthropic from '@anthropic-ai/sdk'
import { GoogleGenAI } from '@google/genai'
import OpenAI from 'openai'
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchApi, BatchEntry, BatchJournalLine, JournaledBatch, JournaledCreation } from '../../../src/core/batch.ts'
import { ProviderError } from '../../../src/core/errors.ts'
import { createHttpClient } from '../../../src/http/http-client.ts'
import { createAnthropicBatchApi } from '../../../src/providers/batch/anthropic-batch.ts'
import { ModelBatchQueue } from '../../../src/providers/batch/batch-queue.ts'
import { createGeminiBatchApi } from '../../../src/providers/batch/gemini-batch.ts'
import { createOpenAiBatchApi } from '../../../src/providers/batch/openai-batch.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { anthropicKey, geminiKey, openaiKey } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback } from '../fake/loopback.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { geminiBatchApi } from '../fake/batch/gemini-batch-api.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { submissionTag } from '../../../src/providers/batch/create-once.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function serve(handler: Handler): Promise<Loopback> {
  const server = await startLoopback(handler)
  open.push(server)
  return server
}

/** As the adapters build it for the CLI (whose flags the uncertain error names): toolgauge's fetch with retries on (4 of them), fast. */
const http = () => createHttpClient({ policy: { retries: 4, baseDelayMs: 1, maxDelayMs: 2 }, optionNames: 'cli' })

async function pollToEnd(api: BatchApi, id: string): Promise<string> {
  for (let poll = 0; poll < 20; poll++) {
    const { state } = await api.status(id)
    if (state !== 'running') return state
  }
  throw new Error(`batch ${id} never ended`)
}

const uncertain = /^batch creation uncertain at 127\.0\.0\.1:\d+: the create request failed \(HTTP 500.*not retried.*check the batch list at 127\.0\.0\.1:\d+ before --resume --batch, which stops on these requests until --batch-resubmit says to send them again/

/** The create calls a server saw. */
const creates = (server: Loopback, path: RegExp) => server.requests.filter((seen) => seen.method === 'POST' && path.test(seen.path)).length

describe('OpenAI: a create call that fails after creating the batch', () => {
  const chat = (customId: string, city: string): BatchEntry => ({
    customId,
    path: '/v1/chat/completions',
    body: { model: 'gpt-4.1-mini', messages: [{ role: 'user', content: `Weather in ${city}?` }], tools: [{ type: 'function', function: { name: 'get_weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }] },
  })

  async function setup(wrap: (handler: Handler) => Handler = (handler) => handler) {
    const standIn = openAiBatchStandIn('openai', weatherModel, { pollsInProgress: 1, held: false, expire: false, release() {} })
    const server = await serve(wrap(standIn))
    const client = new OpenAI({ apiKey: openaiKey, baseURL: `${server.origin}/v1`, fetch: http().fetch, maxRetries: 0 })
    return { standIn, server, api: createOpenAiBatchApi(client, '/v1/chat/completions') }
  }

  it('is not retried: the batch is found by its metadata tag and followed — one batch created and billed, not two', async () => {
    const { standIn, server, api } = await setup()
    standIn.faults.createdThen500 = 1
    const id = await api.submit([chat('a', 'Paris'), chat('b', 'Oslo')], submissionTag())
    expect(creates(server, /^\/v1\/batches$/)).toBe(1)
    expect([...standIn.batches.keys()]).toEqual([id])
    expect(standIn.batches.get(id)?.metadata).toEqual({ toolgauge_submission: expect.stringMatching(/^toolgauge-[0-9a-f-]{36}$/) })
    expect(await pollToEnd(api, id)).toBe('completed')
    expect((await api.results(id))!.map((outcome) => outcome.kind === 'answer' && outcome.status)).toEqual([200, 200])
    expect([...standIn.billed]).toEqual([['a', 1], ['b', 1]])
  })

  it('when no batch carries the tag, fails uncertain (naming the host and the tag) after one attempt', async () => {
    const { standIn, server, api } = await setup((handler) => (request, index) =>
      request.method === 'POST' && request.path === '/v1/batches' ? { type: 'json', status: 500, body: { error: { message: 'boom', type: 'server_error' } } } : handler(request, index))
    const error = await api.submit([chat('a', 'Paris')], submissionTag()).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(uncertain)
    expect((error as Error).message).toMatch(/no batch with metadata toolgauge_submission=toolgauge-[0-9a-f-]{36} is listed yet/)
    expect(creates(server, /^\/v1\/batches$/)).toBe(1)
    expect(standIn.batches.size).toBe(0)
  })

  it('the batch carries the very tag its creation was journaled with (one tag: journal line, metadata, lookup)', async () => {
    const { standIn, api } = await setup()
    standIn.faults.createdThen500 = 1
    const lines: BatchJournalLine[] = []
    const queue = new ModelBatchQueue({ model: 'openai:gpt-4.1-mini', pollMs: 1, journal: { record: (line) => void lines.push(line), linesOf: () => [] } })
    queue.connect(api)
    queue.openTask()
    const context = { suite: 's', caseId: 'a', repeat: 0, turn: 0 }
    expect(await queue.request({ path: '/v1/chat/completions', bodyText: JSON.stringify(chat('a', 'Paris').body), context })).toMatchObject({ status: 200 })
    const [creating, batch] = lines as [JournaledCreation, JournaledBatch]
    expect(creating.state).toBe('creating')
    expect(batch.tag).toBe(creating.tag)
    expect(standIn.batches.get(batch.id)?.metadata).toEqual({ toolgauge_submission: creating.tag })
  })

  it('is retried after a 429 (the API says it did not act): one batch', async () => {
    let limited = 0
    const { standIn, server, api } = await setup((handler) => (request, index) =>
      request.method === 'POST' && request.path === '/v1/batches' && limited++ === 0 ? { type: 'json', status: 429, body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } } : handler(request, index))
    const id = await api.submit([chat('a', 'Paris')], submissionTag())
    expect(creates(server, /^\/v1\/batches$/)).toBe(2)
    expect([...standIn.batches.keys()]).toEqual([id])
  })
})

describe('Anthropic: a create call that fails after creating the batch', () => {
  const message = (city: string) => ({ model: 'claude-test', max_tokens: 1024, messages: [{ role: 'user', content: `Weather in ${city}?` }], tools: [{ name: 'get_weather', input_schema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] })

  async function setup() {
    const standIn = anthropicBatchApi(weatherModel)
    const server = await serve(standIn)
    const client = new Anthropic({ apiKey: anthropicKey, authToken: null, baseURL: server.origin, fetch: http().fetch, maxRetries: 0 })
    return { standIn, server, api: createAnthropicBatchApi(client) }
  }

  it('is not retried (Message Batches has no tag to find it by): submit fails uncertain, one batch created', async () => {
    const { standIn, server, api } = await setup()
    standIn.faults.createdThen500 = 1
    const error = await api.submit([{ customId: 'a', path: '/v1/messages', body: message('Paris') }], submissionTag()).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(uncertain)
    expect(creates(server, /^\/v1\/messages\/batches$/)).toBe(1)
    expect(standIn.batches.size).toBe(1)
  })

  it("fails the round's held requests as provider errors (errored), with the uncertain message", async () => {
    const { standIn, api } = await setup()
    standIn.faults.createdThen500 = 1
    const queue = new ModelBatchQueue({ model: 'anthropic:claude-test', pollMs: 1 })
    queue.connect(api)
    queue.openTask()
    queue.openTask()
    const held = ['Paris', 'Oslo'].map((city, turn) =>
      queue.request({ path: '/v1/messages', bodyText: JSON.stringify(message(city)), context: { suite: 's', caseId: city, repeat: 0, turn } }).catch((caught: unknown) => caught))
    const errors = await Promise.all(held)
    for (const error of errors) {
      expect(ProviderError.isInstance(error)).toBe(true)
      expect((error as Error).message).toMatch(/^could not submit a batch of 2 request\(s\): batch creation uncertain at 127\.0\.0\.1:\d+: .*before --resume/)
    }
    expect(standIn.batches.size).toBe(1)
  })
})

describe('Gemini: a create call that fails after creating the batch', () => {
  const model = 'gemini-2.0-flash'
  const request = (city: string) => ({
    contents: [{ role: 'user', parts: [{ text: `Weather in ${city}?` }] }],
    tools: [{ functionDeclarations: [{ name: 'get_weather', parametersJsonSchema: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }] }],
  })

  it('is not retried: the batch is found by its tagged display name and followed — one batch created and billed, not two', async () => {
    const standIn = geminiBatchApi(weatherModel)
    const server = await serve(standIn)
    const client = new GoogleGenAI({ apiKey: geminiKey, vertexai: false, httpOptions: { baseUrl: server.origin, fetch: http().fetch } })
    const api = createGeminiBatchApi(client, model)
    standIn.faults.createdThen500 = 1
    const path = `/v1beta/models/${model}:generateContent`
    const id = await api.submit([{ customId: 'a', path, body: request('Paris') }, { customId: 'b', path, body: request('Oslo') }], submissionTag())
    expect(creates(server, /:batchGenerateContent$/)).toBe(1)
    expect([...standIn.batches.keys()]).toEqual([id])
    expect(standIn.batches.get(id)?.displayName).toMatch(/ toolgauge-[0-9a-f-]{36}$/)
    expect(await pollToEnd(api, id)).toBe('completed')
    expect((await api.results(id))!.map((outcome) => outcome.kind === 'answer' && outcome.status)).toEqual([200, 200])
    expect([...standIn.billed]).toEqual([['a', 1], ['b', 1]])
  })
})
