// The OpenAI Batch API (src/providers/batch/openai-batch.ts) through the SDK and toolgauge's HTTP layer, against the
// loopback stand-in of the Files + Batch API (test/providers/fake/batch/openai-batch-api.ts), for both endpoints.
import OpenAI, { toFile } from 'openai'
import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { Response as ResponsesResponse } from 'openai/resources/responses/responses'
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchApi, BatchEntry, BatchOutcome, BatchStatus } from '../../../src/core/batch.ts'
import type { GenerateRequest } from '../../../src/core/provider.ts'
import { createOpenAiBatchApi, openAiBatchFileLimits, type OpenAiBatchEndpoint } from '../../../src/providers/batch/openai-batch.ts'
import { httpClientFor } from '../../../src/providers/runtime/http-for-provider.ts'
import { buildChatRequest } from '../../../src/providers/wire/chat-completions-request.ts'
import { fromChatCompletion } from '../../../src/providers/wire/chat-completions-response.ts'
import { buildResponsesRequest } from '../../../src/providers/wire/responses-request.ts'
import { fromResponsesResponse } from '../../../src/providers/wire/responses-response.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { fastRetries, makeProvider, openaiKey, setProviderEnv, weatherTools } from '../fake/harness.ts'
import { startLoopback, type Loopback } from '../fake/loopback.ts'
import { batchLifecycle, type BatchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn, type OpenAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { submissionTag } from '../../../src/providers/batch/create-once.ts'

type Kind = 'openai' | 'openai-responses'
const kinds: readonly { kind: Kind; endpoint: OpenAiBatchEndpoint }[] = [
  { kind: 'openai', endpoint: '/v1/chat/completions' },
  { kind: 'openai-responses', endpoint: '/v1/responses' },
]

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

type Setup = { api: BatchApi; client: OpenAI; standIn: OpenAiBatchStandIn; server: Loopback; lifecycle: BatchLifecycle }

/** The stand-in on loopback, and the BatchApi over an SDK client built on toolgauge's HTTP layer (retries on, no redirects). */
async function setup(kind: Kind, endpoint: OpenAiBatchEndpoint, lifecycle: BatchLifecycle = batchLifecycle()): Promise<Setup> {
  const standIn = openAiBatchStandIn(kind, weatherModel, lifecycle)
  const server = await startLoopback(standIn)
  open.push(server)
  const http = httpClientFor(fastRetries, [openaiKey])
  const client = new OpenAI({ apiKey: openaiKey, baseURL: `${server.origin}/v1`, fetch: http.fetch, maxRetries: 0 })
  return { api: createOpenAiBatchApi(client, endpoint), client, standIn, server, lifecycle }
}

function request(prompt: string, caseId: string): GenerateRequest {
  return { messages: [{ role: 'user', content: prompt }], tools: weatherTools, toolChoice: 'auto', context: { suite: 'weather', caseId, repeat: 0, turn: 0 } }
}

/** What the adapter would POST for a request, on either endpoint. */
function bodyFor(kind: Kind, generate: GenerateRequest, model = 'gpt-4.1-mini'): Record<string, unknown> {
  return kind === 'openai'
    ? (buildChatRequest(generate, { model, maxTokensField: 'max_completion_tokens' }) as unknown as Record<string, unknown>)
    : (buildResponsesRequest(generate, { model, includeEncryptedReasoning: false, chained: false }) as unknown as Record<string, unknown>)
}

function entry(kind: Kind, endpoint: OpenAiBatchEndpoint, customId: string, prompt: string): BatchEntry {
  return { customId, path: endpoint, body: bodyFor(kind, request(prompt, customId)) }
}

/** Polls until the batch leaves `running`, keeping every status read. */
async function pollToEnd(api: BatchApi, id: string, limit = 20): Promise<BatchStatus[]> {
  const seen: BatchStatus[] = []
  for (let poll = 0; poll < limit; poll++) {
    const status = await api.status(id)
    seen.push(status)
    if (status.state !== 'running') return seen
  }
  return seen
}

/** The calls and text of an answer outcome, read the way the adapter reads a direct answer. */
function turnOf(kind: Kind, outcome: BatchOutcome | undefined): { text: string; calls: { name: string; args: unknown }[] } {
  if (outcome?.kind !== 'answer') throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`)
  const body = JSON.parse(outcome.body) as unknown
  const turn = kind === 'openai' ? fromChatCompletion(body as ChatCompletion) : fromResponsesResponse(body as ResponsesResponse)
  return { text: turn.text, calls: turn.toolCalls.map((call) => ({ name: call.name, args: JSON.parse(call.rawArguments) as unknown })) }
}

describe.each(kinds)('$kind batches on $endpoint', ({ kind, endpoint }) => {
  it('submits one JSONL file, runs in_progress → completed, and answers each entry as the endpoint answers it directly', async () => {
    const { api, standIn, server } = await setup(kind, endpoint, batchLifecycle({ pollsInProgress: 2 }))
    const entries = [entry(kind, endpoint, 'case-paris', 'Weather in Paris?'), entry(kind, endpoint, 'case-two', 'Weather in Paris and London?')]
    const id = await api.submit(entries, submissionTag())
    const statuses = await pollToEnd(api, id)
    expect(statuses.map((status) => status.state)).toEqual(['running', 'running', 'completed'])
    expect(statuses.at(-1)?.counts).toEqual({ done: 2, total: 2 })
    const outcomes = (await api.results(id))!
    expect(outcomes.map((outcome) => outcome.customId)).toEqual(['case-paris', 'case-two'])
    expect(outcomes.map((outcome) => (outcome.kind === 'answer' ? outcome.status : outcome.kind))).toEqual([200, 200])
    expect(turnOf(kind, outcomes[0]).calls).toEqual([{ name: 'get_weather', args: { city: 'Paris' } }])
    // The same body sent directly to the same protocol gets the same turn.
    const direct = await fetch(`${server.origin}${endpoint}`, { method: 'POST', headers: { authorization: `Bearer ${openaiKey}`, 'content-type': 'application/json' }, body: JSON.stringify(entries[1]!.body) })
    expect(turnOf(kind, { customId: 'direct', kind: 'answer', status: direct.status, body: await direct.text() })).toEqual(turnOf(kind, outcomes[1]))
    expect([...standIn.billed]).toEqual([['case-paris', 1], ['case-two', 1]])
    expect(standIn.refusals).toEqual([])
    expect(standIn.direct.violations).toEqual([])
    // One upload of purpose batch, one batch, on the batch's endpoint, in the only completion window there is.
    const batch = standIn.batches.get(id)!
    expect(batch.endpoint).toBe(endpoint)
    expect(server.requests.filter((seen) => seen.method === 'POST' && seen.path === '/v1/files')).toHaveLength(1)
    expect(server.requests.find((seen) => seen.path === '/v1/batches')?.body).toMatchObject({ completion_window: '24h', endpoint, input_file_id: batch.inputFileId })
  })

  it('stays running while the batch is held, and completes once released', async () => {
    const { api, lifecycle } = await setup(kind, endpoint, batchLifecycle({ pollsInProgress: 0, held: true }))
    const id = await api.submit([entry(kind, endpoint, 'held', 'Weather in Oslo?')], submissionTag())
    for (let poll = 0; poll < 3; poll++) expect((await api.status(id)).state).toBe('running')
    lifecycle.release()
    expect((await api.status(id)).state).toBe('completed')
    expect(turnOf(kind, (await api.results(id))![0]).calls).toEqual([{ name: 'get_weather', args: { city: 'Oslo' } }])
  })

  it('leaves out a stream key: a batch answers in files, so a streaming body would be refused', async () => {
    const { api, standIn, server } = await setup(kind, endpoint)
    const streaming = entry(kind, endpoint, 'streamed', 'Weather in Tokyo?')
    const body = { ...(streaming.body as Record<string, unknown>), stream: true, ...(kind === 'openai' ? { stream_options: { include_usage: true } } : {}) }
    const id = await api.submit([{ ...streaming, body }], submissionTag())
    await pollToEnd(api, id)
    const [outcome] = (await api.results(id))!
    expect(turnOf(kind, outcome).calls).toEqual([{ name: 'get_weather', args: { city: 'Tokyo' } }])
    const uploaded = server.requests.find((seen) => seen.path === '/v1/files')!.body as string
    expect(uploaded).not.toMatch(/"stream(_options)?"/)
    expect(standIn.direct.violations).toEqual([])
  })

  it('gives a request the endpoint refuses as its 4xx answer, from the error file, the others answered as usual', async () => {
    const { api, standIn } = await setup(kind, endpoint)
    const good = entry(kind, endpoint, 'good', 'Weather in Paris?')
    // tool_choice without tools: both endpoints refuse it with a 400 when asked directly.
    const { tools: _tools, ...withoutTools } = good.body as Record<string, unknown>
    const refused: BatchEntry = { customId: 'refused', path: endpoint, body: withoutTools }
    const id = await api.submit([good, refused], submissionTag())
    const statuses = await pollToEnd(api, id)
    expect(statuses.at(-1)).toMatchObject({ state: 'completed', counts: { done: 2, total: 2 } })
    const batch = standIn.batches.get(id)!
    expect(batch.counts).toEqual({ completed: 1, failed: 1 })
    expect(batch.errorFileId).toBeDefined()
    const outcomes = (await api.results(id))!
    expect(outcomes[0]).toMatchObject({ customId: 'good', kind: 'answer', status: 200 })
    expect(outcomes[1]).toMatchObject({ customId: 'refused', kind: 'answer', status: 400 })
    expect(JSON.parse((outcomes[1] as { body: string }).body)).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringMatching(/tool_choice/) } })
  })

  it('expires: every unfinished entry is a batch_expired error, nothing billed', async () => {
    const { api, standIn } = await setup(kind, endpoint, batchLifecycle({ expire: true }))
    const id = await api.submit([entry(kind, endpoint, 'late-1', 'Weather in Paris?'), entry(kind, endpoint, 'late-2', 'Weather in Oslo?')], submissionTag())
    const statuses = await pollToEnd(api, id)
    expect(statuses.at(-1)).toMatchObject({ state: 'expired', message: expect.stringMatching(/24h/) })
    const outcomes = (await api.results(id))!
    expect(outcomes).toEqual([
      { customId: 'late-1', kind: 'error', message: expect.stringMatching(/^batch_expired: /) },
      { customId: 'late-2', kind: 'error', message: expect.stringMatching(/^batch_expired: /) },
    ])
    expect(standIn.billed.size).toBe(0)
  })

  it('gives an entry missing from both files no outcome (the queue errors it)', async () => {
    const { api, standIn } = await setup(kind, endpoint)
    const id = await api.submit([entry(kind, endpoint, 'kept', 'Weather in Paris?'), entry(kind, endpoint, 'lost', 'Weather in Oslo?')], submissionTag())
    await pollToEnd(api, id)
    // The output file loses a line (an API fault): that entry is not in the results.
    dropOutputLine(standIn, id, 'lost')
    const outcomes = (await api.results(id))!
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ customId: 'kept', kind: 'answer', status: 200 })
  })

  it('publishes the Batch API limits and refuses to build a file beyond them', async () => {
    const { api } = await setup(kind, endpoint)
    expect(api.limits.maxEntries).toBe(50_000)
    expect(api.limits.maxBytes).toBeLessThan(openAiBatchFileLimits.maxFileBytes)
    expect(api.limits.maxBytes).toBeGreaterThan(openAiBatchFileLimits.maxFileBytes * 0.9)
    const many = Array.from({ length: 50_001 }, (_, index) => ({ customId: `c${index}`, path: endpoint, body: {} }))
    await expect(api.submit(many, submissionTag())).rejects.toThrow(/at most 50000 requests/)
    await expect(api.submit([{ customId: 'x', path: '/v1/embeddings', body: {} }], submissionTag())).rejects.toThrow(/not to this batch's endpoint/)
  })
})

/** Removes one custom id's line from a completed batch's output file, in the stand-in's store. */
function dropOutputLine(standIn: OpenAiBatchStandIn, batchId: string, customId: string): void {
  const file = standIn.files.get(standIn.batches.get(batchId)!.outputFileId!)!
  const kept = file.text.split('\n').filter((line) => !line.includes(`"custom_id":"${customId}"`))
  expect(kept.length).toBeLessThan(file.text.split('\n').length)
  standIn.files.set(file.id, { ...file, text: kept.join('\n') })
}

describe('what the stand-in refuses, as the Batch API does', () => {
  const endpoint = '/v1/chat/completions'

  async function uploadRaw(client: OpenAI, text: string, name = 'input.jsonl', purpose: 'batch' | 'fine-tune' = 'batch'): Promise<string> {
    return (await client.files.create({ file: await toFile(Buffer.from(text), name), purpose })).id
  }
  const line = (customId: string, overrides: Record<string, unknown> = {}) =>
    JSON.stringify({ custom_id: customId, method: 'POST', url: endpoint, body: bodyFor('openai', request('Weather in Paris?', customId)), ...overrides })

  it.each([
    ['a duplicate custom id', [line('a'), line('a')].join('\n'), /^duplicate_custom_id \(line 2\)/],
    ['a line that is not JSON', [line('a'), '{"custom_id": "b",'].join('\n'), /^invalid_json_line \(line 2\)/],
    ['a url other than the batch endpoint', line('a', { url: '/v1/responses' }), /^url_mismatch \(line 1\)/],
    ['a method other than POST', line('a', { method: 'GET' }), /^invalid_request \(line 1\).*POST/],
    ['two models in one file', [line('a'), line('b', { body: bodyFor('openai', request('Weather in Oslo?', 'b'), 'gpt-4.1') })].join('\n'), /^model_mismatch \(line 2\)/],
    ['an empty file', '\n', /^empty_file/],
  ])('fails the batch on %s, naming the line', async (_what, text, message) => {
    const { api, client, standIn } = await setup('openai', endpoint)
    const batch = await client.batches.create({ input_file_id: await uploadRaw(client, text), endpoint, completion_window: '24h' })
    expect(batch.status).toBe('validating')
    const status = await api.status(batch.id)
    expect(status).toEqual({ state: 'failed', counts: { done: 0, total: 0 }, message: expect.stringMatching(message) })
    expect(standIn.billed.size).toBe(0)
  })

  it('fails a batch of more than 50,000 requests', async () => {
    const { api, client } = await setup('openai', endpoint)
    const text = Array.from({ length: 50_001 }, (_, index) => JSON.stringify({ custom_id: `c${index}`, method: 'POST', url: endpoint, body: { model: 'm' } })).join('\n')
    const batch = await client.batches.create({ input_file_id: await uploadRaw(client, text), endpoint, completion_window: '24h' })
    expect((await api.status(batch.id)).message).toMatch(/^too_many_tasks/)
  })

  it('refuses an upload that is not a .jsonl file, and a purpose the Files API does not have', async () => {
    const { client, standIn } = await setup('openai', endpoint)
    await expect(uploadRaw(client, line('a'), 'input.txt')).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/Must be \.jsonl/) })
    await expect(client.files.create({ file: await toFile(Buffer.from(line('a')), 'input.jsonl'), purpose: 'batches' as 'batch' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/is not one of/) })
    expect(standIn.refusals).toHaveLength(2)
  })

  it('refuses a completion window other than 24h, an endpoint it has not, a file of another purpose, and an unknown file or batch (404)', async () => {
    const { client } = await setup('openai', endpoint)
    const fileId = await uploadRaw(client, line('a'))
    await expect(client.batches.create({ input_file_id: fileId, endpoint, completion_window: '48h' as '24h' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/completion_window/) })
    await expect(client.batches.create({ input_file_id: fileId, endpoint: '/v1/messages' as typeof endpoint, completion_window: '24h' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/endpoint/) })
    const tuning = await uploadRaw(client, line('a'), 'tune.jsonl', 'fine-tune')
    await expect(client.batches.create({ input_file_id: tuning, endpoint, completion_window: '24h' })).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/purpose 'batch'/) })
    await expect(client.batches.create({ input_file_id: 'file-nope', endpoint, completion_window: '24h' })).rejects.toMatchObject({ status: 404 })
    await expect(client.batches.retrieve('batch_nope')).rejects.toMatchObject({ status: 404 })
    await expect(client.files.content('file-nope')).rejects.toMatchObject({ status: 404 })
  })

  it('refuses a wrong key on the batch paths (401)', async () => {
    const { server } = await setup('openai', endpoint)
    const client = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${server.origin}/v1`, maxRetries: 0 })
    await expect(client.batches.retrieve('batch_1')).rejects.toMatchObject({ status: 401 })
  })
})

describe('which adapters batch on the OpenAI Batch API', () => {
  it.each([
    ['openai', true],
    ['openai-responses', true],
    // A compatible server has no OpenAI Batch API: its requests go one by one even under --batch.
    ['openai-compatible', false],
  ] as const)('%s with --batch carries a batch queue: %s', async (kind, batched) => {
    setProviderEnv(kind, 'http://127.0.0.1:9')
    const provider = await makeProvider(kind, 'gpt-4o-mini', { batch: true })
    expect(provider.batch !== undefined).toBe(batched)
  })
})
