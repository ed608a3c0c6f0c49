// createGeminiBatchApi against the loopback stand-in of Gemini batch mode: the entries are the very bodies the google:
// adapter posted to :generateContent (captured from the stand-in's direct path), and each outcome body must read, through
// the SDK's generateContent path, as the same turn a direct answer gives.
import { GoogleGenAI } from '@google/genai'
import { afterEach, describe, expect, it } from 'vitest'
import type { BatchEntry, BatchOutcome } from '../../../src/core/batch.ts'
import { ProviderError } from '../../../src/core/errors.ts'
import type { GenerateRequest } from '../../../src/core/provider.ts'
import type { ModelTurn } from '../../../src/core/model-turn.ts'
import { createHttpClient } from '../../../src/http/http-client.ts'
import { outcomesOf, responsesInFile, statusOf } from '../../../src/providers/batch/gemini-batch-outcomes.ts'
import { createGeminiBatchApi, fileLimitBytes, inlineLimitBytes } from '../../../src/providers/batch/gemini-batch.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { startGeminiBatchServer, type GeminiBatchOptions } from '../fake/batch/gemini-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { baseUrlFor, geminiKey, makeProvider, setProviderEnv, weatherTools } from '../fake/harness.ts'
import { startLoopback, type Loopback } from '../fake/loopback.ts'
import { submissionTag } from '../../../src/providers/batch/create-once.ts'

const model = 'gemini-2.0-flash'
const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

async function standIn(options: GeminiBatchOptions = {}) {
  const server = await startGeminiBatchServer(weatherModel, options)
  open.push(server)
  // As the adapter builds it: over toolgauge's fetch (retries, no redirects, file bodies read whole).
  const http = createHttpClient({ secrets: [geminiKey], policy: { baseDelayMs: 1, maxDelayMs: 2 } })
  const client = new GoogleGenAI({ apiKey: geminiKey, vertexai: false, httpOptions: { baseUrl: server.origin, fetch: http.fetch } })
  return { server, api: createGeminiBatchApi(client, model), client }
}

function requestFor(prompt: string, caseId: string): GenerateRequest {
  return { messages: [{ role: 'user', content: prompt }], tools: weatherTools, toolChoice: 'auto', context: { suite: 'weather', caseId, repeat: 0, turn: 0 } }
}

/** The google: adapter pointed at an origin (the stand-in's direct path, or a server replaying an outcome). */
async function adapterAt(origin: string) {
  setProviderEnv('google', undefined)
  return makeProvider('google', model, { baseUrl: baseUrlFor('google', origin), retryBaseDelayMs: 1, retryMaxDelayMs: 2 })
}

/** Sends each prompt directly and keeps what the adapter posted (the wire bodies) and the turns it read. */
async function direct(origin: string, server: Loopback, prompts: readonly string[]) {
  const provider = await adapterAt(origin)
  const entries: BatchEntry[] = []
  const turns: ModelTurn[] = []
  for (const [index, prompt] of prompts.entries()) {
    turns.push(await provider.doGenerate(requestFor(prompt, `case-${index}`)))
    const seen = server.requests.at(-1)!
    entries.push({ customId: `key-${index}`, path: seen.path, body: seen.body })
  }
  return { entries, turns }
}

async function pollUntilDone(api: ReturnType<typeof createGeminiBatchApi>, id: string) {
  const seen = []
  for (let poll = 0; poll < 20; poll++) {
    const status = await api.status(id)
    seen.push(status.state)
    if (status.state !== 'running') return { status, seen }
  }
  throw new Error(`batch ${id} never ended`)
}

/** What a turn says, without ids or timings. */
function gist(turn: ModelTurn) {
  return { text: turn.text, calls: turn.toolCalls.map((call) => ({ name: call.name, args: call.rawArguments })), finish: turn.finishReason.unified, usage: turn.usage }
}

const body = (outcome: BatchOutcome | undefined): any => {
  if (outcome?.kind !== 'answer') throw new Error(`expected an answer, got ${JSON.stringify(outcome)}`)
  return JSON.parse(outcome.body)
}

describe('Gemini batch mode: submit, poll, results', () => {
  it('submits the wire bodies inline, polls running → completed, and returns each outcome under its key, in order', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 2 }) })
    const { entries } = await direct(server.origin, server, ['Weather in Paris?', 'Weather in Tokyo?', 'Weather in Oslo?'])
    const id = await api.submit(entries, submissionTag())
    expect(id).toMatch(/^batches\//)
    const create = server.requests.find((request) => request.path.endsWith(':batchGenerateContent'))!
    expect(create.path).toBe(`/v1beta/models/${model}:batchGenerateContent`)
    expect(create.headers['x-goog-api-key']).toBe(geminiKey)
    const sent = (create.body as any).batch
    expect(sent.displayName).toContain(model)
    // The bodies go as posted: no conversion through SDK parameters.
    expect(sent.inputConfig.requests.requests).toEqual(entries.map((entry) => ({ request: entry.body, metadata: { key: entry.customId } })))

    const { status, seen } = await pollUntilDone(api, id)
    expect(seen).toEqual(['running', 'running', 'completed'])
    expect(status.counts).toEqual({ done: 3, total: 3 })
    const outcomes = (await api.results(id))!
    expect(outcomes.map((outcome) => outcome.customId)).toEqual(['key-0', 'key-1', 'key-2'])
    expect(outcomes.map((outcome) => body(outcome).candidates[0].content.parts[0].functionCall.args.city)).toEqual(['Paris', 'Tokyo', 'Oslo'])
    expect(outcomes.every((outcome) => outcome.kind === 'answer' && outcome.status === 200)).toBe(true)
    expect(server.standIn.violations).toEqual([])
    expect(server.standIn.billedEntries()).toBe(3)
  })

  it('matches responses by position when the API does not echo the metadata, in the submitting process and after a resume', async () => {
    const { server, api, client } = await standIn({ echoMetadata: false })
    const { entries } = await direct(server.origin, server, ['Weather in London?', 'Weather in Paris?'])
    const id = await api.submit(entries, submissionTag())
    await pollUntilDone(api, id)
    const expected = [
      ['key-0', 'London'],
      ['key-1', 'Paris'],
    ]
    const pairs = (outcomes: readonly BatchOutcome[]) => outcomes.map((outcome) => [outcome.customId, body(outcome).candidates[0].content.parts[0].functionCall.args.city])
    expect(pairs((await api.results(id))!)).toEqual(expected)
    // A new process knows no submitted keys: the batch's own input gives them.
    expect(pairs((await createGeminiBatchApi(client, model).results(id))!)).toEqual(expected)
  })

  it('keeps a held batch running until it is released, and bills each entry once however often it is read', async () => {
    const lifecycle = batchLifecycle({ pollsInProgress: 0, held: true })
    const { server, api, client } = await standIn({ lifecycle })
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    const id = await api.submit(entries, submissionTag())
    for (let poll = 0; poll < 5; poll++) expect((await api.status(id)).state).toBe('running')
    await expect(api.results(id)).rejects.toThrow(/running/)
    lifecycle.release()
    // A resumed process polls the same batch with a new BatchApi: it has no memory of the submit.
    const resumed = createGeminiBatchApi(client, model)
    expect((await resumed.status(id)).state).toBe('completed')
    const first = (await resumed.results(id))!
    const again = (await resumed.results(id))!
    expect(again).toEqual(first)
    expect(first.map((outcome) => outcome.customId)).toEqual(['key-0'])
    expect([...server.standIn.billed.entries()]).toEqual([['key-0', 1]])
  })
})

describe('Gemini batch mode: a batch over the inline limit', () => {
  it('goes as a JSONL file through the Files API, and its answers come back from the responses file, under their keys', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 1 }) })
    const { entries: [sample] } = await direct(server.origin, server, ['Weather in Oslo?'])
    const cities = ['Paris', 'London', 'Tokyo', 'Oslo']
    // 22 requests of 1 MB each: past the 20 MB an inline batch may hold.
    const pad = 'x'.repeat(1024 * 1024)
    const entries: BatchEntry[] = Array.from({ length: 22 }, (_, index) => {
      const wire = structuredClone(sample!.body) as any
      wire.contents[0].parts[0].text = `Weather in ${cities[index % 4]}? ${pad}`
      return { customId: `big-${index}`, path: sample!.path, body: wire }
    })
    const id = await api.submit(entries, submissionTag())
    const create = server.requests.find((seen) => seen.path.endsWith(':batchGenerateContent'))!
    const fileName = (create.body as any).batch.inputConfig.fileName
    expect(fileName).toMatch(/^files\//)
    expect((create.body as any).batch.inputConfig.requests).toBeUndefined()
    // The file holds the wire bodies as posted, one {"key", "request"} per line; the SDK sent it in 8 MB chunks.
    const lines = server.standIn.files.get(fileName)!.text.trim().split('\n').map((line) => JSON.parse(line))
    expect(lines).toEqual(entries.map((entry) => ({ key: entry.customId, request: entry.body })))
    expect(server.requests.filter((seen) => seen.path.startsWith('/upload/v1beta/files?upload_id=')).length).toBeGreaterThan(1)
    await pollUntilDone(api, id)
    const outcomes = (await api.results(id))!
    expect(outcomes.map((outcome) => outcome.customId)).toEqual(entries.map((entry) => entry.customId))
    expect(outcomes.map((outcome) => body(outcome).candidates[0].content.parts[0].functionCall.args.city)).toEqual(entries.map((_, index) => cities[index % 4]))
    expect(server.standIn.violations).toEqual([])
    expect(server.standIn.billedEntries()).toBe(22)
  })
})

describe('Gemini batch mode: a responses file whatever Content-Type its download carries', () => {
  // The API documents the responses file as JSONL and its download's Content-Type not at all: the bytes are the
  // file's, and a line that is no JSON stays that entry's loss, never the whole download's.
  it.each(['application/jsonl', 'application/octet-stream', 'application/json', 'text/plain'])('served as %s', async (downloadType) => {
    // The second answer's line cut short.
    const damage = (text: string) => text.split('\n').map((line, index) => (index === 1 ? line.slice(0, 20) : line)).join('\n')
    const { server, client, api } = await standIn({ downloadType, editResponses: damage })
    const request = { contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }] }
    const input = await client.files.upload({ file: new Blob(['a', 'b', 'c'].map((key) => `${JSON.stringify({ key, request })}\n`), { type: 'application/jsonl' }), config: { mimeType: 'application/jsonl' } })
    const created = await create(server.origin, { batch: { displayName: 'b', inputConfig: { fileName: input.name } } })
    const id = created.body.name as string
    await pollUntilDone(api, id)
    const outcomes = (await api.results(id))!
    expect(outcomes.map((outcome) => [outcome.customId, outcome.kind])).toEqual([['a', 'answer'], ['c', 'answer']])
    expect(server.requests.filter((seen) => seen.path.includes(':download')).length).toBe(1)
  })
})

describe('Gemini batch mode: per-entry errors and the ends of a batch', () => {
  it('answers a refused request as the API would have (its status and error body), and another failure as an error', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const { entries } = await direct(server.origin, server, ['Weather in Paris?', 'Weather in Tokyo?', 'Weather in Oslo?', 'Weather in London?'])
    server.standIn.failures.set('key-1', { code: 3, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' })
    server.standIn.failures.set('key-2', { code: 13, message: 'Internal error encountered.', status: 'INTERNAL' })
    // A body the direct endpoint refuses (no contents) is refused inside the batch by the very same handler.
    const broken: BatchEntry = { ...entries[3]!, body: { ...(entries[3]!.body as object), contents: [] } }
    const id = await api.submit([entries[0]!, entries[1]!, entries[2]!, broken], submissionTag())
    await pollUntilDone(api, id)
    const [ok, refused, failed, invalid] = (await api.results(id))!
    expect(ok).toMatchObject({ customId: 'key-0', kind: 'answer', status: 200 })
    expect(refused).toEqual({ customId: 'key-1', kind: 'answer', status: 400, body: JSON.stringify({ error: { code: 400, message: 'Invalid JSON payload received.', status: 'INVALID_ARGUMENT' } }) })
    expect(failed).toMatchObject({ customId: 'key-2', kind: 'error' })
    expect(failed?.kind === 'error' && failed.message).toContain('Internal error encountered.')
    expect(invalid).toMatchObject({ customId: 'key-3', kind: 'answer', status: 400 })
    expect(body(invalid).error.message).toBe('contents is not specified')
    expect(server.standIn.direct.violations).toEqual(['contents is not specified'])
    expect([...server.standIn.billed.keys()]).toEqual(['key-0'])
  })

  it('gives an entry missing from the results no outcome (the queue errors it)', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 0 }), echoMetadata: false })
    const { entries } = await direct(server.origin, server, ['Weather in Paris?', 'Weather in Tokyo?'])
    const id = await api.submit(entries, submissionTag())
    await pollUntilDone(api, id)
    // The API answered fewer responses than requests: the last request has nothing under its key.
    const batch = server.standIn.batches.get(id)!
    ;(batch.ended!.responses as unknown[]).splice(1, 1)
    const outcomes = (await api.results(id))!
    expect(outcomes).toHaveLength(1)
    expect(outcomes[0]).toMatchObject({ customId: 'key-0', kind: 'answer' })
  })

  it('reports an expired batch as expired (BATCH_STATE_EXPIRED), with no results and nothing billed', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 1, expire: true }) })
    const { entries } = await direct(server.origin, server, ['Weather in Paris?'])
    const id = await api.submit(entries, submissionTag())
    const { status, seen } = await pollUntilDone(api, id)
    expect(seen).toEqual(['running', 'expired'])
    expect(status.message).toContain('BATCH_STATE_EXPIRED')
    expect((await rawBatch(server.origin, id)).metadata.state).toBe('BATCH_STATE_EXPIRED')
    await expect(api.results(id)).rejects.toThrow(/expired/)
    expect(server.standIn.billedEntries()).toBe(0)
  })
})

async function rawBatch(origin: string, id: string): Promise<any> {
  return (await fetch(`${origin}/v1beta/${id}`, { headers: { 'x-goog-api-key': geminiKey } })).json()
}

/** Posts a create call as-is (what the stand-in refuses, whatever a client would send). */
async function create(origin: string, body: unknown, options: { key?: string; model?: string } = {}) {
  const response = await fetch(`${origin}/v1beta/models/${options.model ?? model}:batchGenerateContent`, {
    method: 'POST',
    headers: { 'x-goog-api-key': options.key ?? geminiKey, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as any }
}

describe('Gemini batch mode: what the stand-in refuses, as the API does', () => {
  const request = { contents: [{ role: 'user', parts: [{ text: 'Weather in Oslo?' }] }] }
  const inline = (requests: unknown[], extra: Record<string, unknown> = {}) => ({ batch: { displayName: 'b', inputConfig: { requests: { requests } }, ...extra } })

  it('refuses a wrong key, through the BatchApi too', async () => {
    const { server } = await standIn()
    const client = new GoogleGenAI({ apiKey: 'AIza-wrong', vertexai: false, httpOptions: { baseUrl: server.origin } })
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    await expect(createGeminiBatchApi(client, model).submit(entries, submissionTag())).rejects.toThrow(/API key not valid/)
    expect(server.standIn.batches.size).toBe(0)
  })

  it('refuses an unknown batch with 404', async () => {
    const { api } = await standIn()
    await expect(api.status('batches/nope')).rejects.toMatchObject({ status: 404 })
  })

  it('refuses a payload over the inline limit', async () => {
    const { server, api } = await standIn({ inlineLimitBytes: 2_000 })
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    const many = Array.from({ length: 10 }, (_, index) => ({ ...entries[0]!, customId: `key-${index}` }))
    await expect(api.submit(many, submissionTag())).rejects.toThrow(/Request payload size exceeds the limit: 2000 bytes/)
    expect(server.standIn.batches.size).toBe(0)
  })

  it('refuses a batch without a display name, without requests, with a request for another model, or from a file it does not hold', async () => {
    const { server } = await standIn()
    expect(await create(server.origin, { batch: { inputConfig: { requests: { requests: [{ request }] } } } })).toMatchObject({ status: 400, body: { error: { status: 'INVALID_ARGUMENT' } } })
    expect((await create(server.origin, inline([]))).status).toBe(400)
    expect((await create(server.origin, inline([{ metadata: { key: 'a' } }]))).status).toBe(400)
    expect((await create(server.origin, inline([{ request: { ...request, model: 'models/gemini-2.5-pro' } }]))).body.error.message).toMatch(/not the model of the batch/)
    expect((await create(server.origin, inline([{ request }], { model: 'models/gemini-2.5-pro' }))).status).toBe(400)
    expect((await create(server.origin, { batch: { displayName: 'b', inputConfig: { fileName: 'files/abc' } } })).status).toBe(404)
    // snake_case is the same field in the JSON mapping.
    expect((await create(server.origin, { batch: { display_name: 'b', input_config: { requests: { requests: [{ request, metadata: { key: 'a' } }] } } } })).status).toBe(200)
    expect(server.standIn.violations).toHaveLength(6)
  })

  it('refuses, before sending, an entry of another model and a custom id used twice', async () => {
    const { server, api } = await standIn()
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    await expect(api.submit([{ ...entries[0]!, path: '/v1beta/models/gemini-2.5-pro:generateContent' }], submissionTag())).rejects.toThrow(/cannot go in a Gemini batch of gemini-2.0-flash/)
    await expect(api.submit([entries[0]!, entries[0]!], submissionTag())).rejects.toThrow(/twice/)
    expect(server.requests.filter((seen) => seen.path.endsWith(':batchGenerateContent'))).toEqual([])
  })

  it('refuses an input file over the Files API limit, a file it does not hold, a line that is no request, and a file with inline requests', async () => {
    const { server, client } = await standIn({ fileLimitBytes: 1_000 })
    const start = await fetch(`${server.origin}/upload/v1beta/files`, {
      method: 'POST',
      headers: { 'x-goog-api-key': geminiKey, 'x-goog-upload-protocol': 'resumable', 'x-goog-upload-command': 'start', 'x-goog-upload-header-content-length': '1001', 'content-type': 'application/json' },
      body: JSON.stringify({ file: { displayName: 'big' } }),
    })
    expect(start.status).toBe(400)
    const bad = await client.files.upload({ file: new Blob(['{"key":"a","request":{"contents":[]}}\nnot json\n'], { type: 'application/jsonl' }), config: { mimeType: 'application/jsonl' } })
    expect((await create(server.origin, { batch: { displayName: 'b', inputConfig: { fileName: bad.name } } })).body.error.message).toMatch(/line 2: not a JSON object/)
    expect((await create(server.origin, { batch: { displayName: 'b', inputConfig: { fileName: 'files/nope' } } })).status).toBe(404)
    expect((await create(server.origin, { batch: { displayName: 'b', inputConfig: { fileName: bad.name, requests: { requests: [{ request }] } } } })).status).toBe(400)
    expect(server.standIn.batches.size).toBe(0)
  })

  it('keeps its limits within the published sizes: 20 MB inline, 2 GB for an input file', () => {
    const api = createGeminiBatchApi(new GoogleGenAI({ apiKey: geminiKey, vertexai: false }), model)
    expect(inlineLimitBytes).toBe(20 * 1024 * 1024)
    expect(fileLimitBytes).toBe(2 * 1024 * 1024 * 1024)
    expect(api.limits.maxBytes).toBeLessThan(fileLimitBytes)
    expect(api.limits.maxBytes).toBeGreaterThan(inlineLimitBytes)
  })
})

describe('Gemini batch mode: an outcome reads as a direct answer', () => {
  /** A server answering generateContent with one outcome, as the batch queue answers a held request. */
  async function replaying(outcome: BatchOutcome) {
    if (outcome.kind !== 'answer') throw new Error('an answer expected')
    const server = await startLoopback(() => ({ type: 'json', status: outcome.status, body: JSON.parse(outcome.body) }))
    open.push(server)
    return adapterAt(server.origin)
  }

  it('gives the same turn through the SDK generateContent path, for a call and for the summary after it', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const first = requestFor('Weather in Paris and London?', 'two')
    const provider = await adapterAt(server.origin)
    const call = await provider.doGenerate(first)
    const second: GenerateRequest = {
      ...first,
      messages: [
        ...first.messages,
        { role: 'assistant', content: call.text, toolCalls: call.toolCalls },
        ...call.toolCalls.map((toolCall, index) => ({ role: 'tool' as const, toolCallId: toolCall.id, name: toolCall.name, content: `${15 + index}C` })),
      ],
      context: { ...first.context, turn: 1 },
    }
    const summary = await provider.doGenerate(second)
    const [firstBody, secondBody] = server.requests.slice(-2).map((seen) => seen.body)
    const path = server.requests.at(-1)!.path
    const id = await api.submit([
      { customId: 'turn-0', path, body: firstBody },
      { customId: 'turn-1', path, body: secondBody },
    ], submissionTag())
    await pollUntilDone(api, id)
    const [callOutcome, summaryOutcome] = (await api.results(id))!
    expect(gist(await (await replaying(callOutcome!)).doGenerate(first))).toEqual(gist(call))
    expect(gist(await (await replaying(summaryOutcome!)).doGenerate(second))).toEqual(gist(summary))
    expect(summary.text).toBe('Summary: 15C | 16C')
  })

  it('keeps the answer byte for byte: fields the SDK would convert (citationSources) stay as the API wrote them', async () => {
    const citations = { citationSources: [{ startIndex: 0, endIndex: 4, uri: 'https://example.test/weather' }] }
    const editAnswer = (answer: any) => ({ ...answer, candidates: answer.candidates.map((candidate: object) => ({ ...candidate, citationMetadata: citations })) })
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 0 }), editAnswer })
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    const id = await api.submit(entries, submissionTag())
    await pollUntilDone(api, id)
    const [outcome] = (await api.results(id))!
    expect(body(outcome).candidates[0].citationMetadata).toEqual(citations)
    expect(body(outcome)).toEqual(server.standIn.batches.get(id)!.ended!.responses[0]!.response)
  })

  it('makes a refused entry fail as the direct refusal does: a ProviderError with the same status', async () => {
    const { server, api } = await standIn({ lifecycle: batchLifecycle({ pollsInProgress: 0 }) })
    const { entries } = await direct(server.origin, server, ['Weather in Oslo?'])
    server.standIn.failures.set('key-0', { code: 3, message: 'Invalid value at contents[0]', status: 'INVALID_ARGUMENT' })
    const id = await api.submit(entries, submissionTag())
    await pollUntilDone(api, id)
    const [outcome] = (await api.results(id))!
    const error = await (await replaying(outcome!)).doGenerate(requestFor('Weather in Oslo?', 'case-0')).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as ProviderError).details.status).toBe(400)
    expect((error as ProviderError).message).toContain('Invalid value at contents[0]')
  })
})

describe('Gemini batch mode: the states and answers as the reference names them', () => {
  it('maps every BatchState, with the API\'s words when the batch ended badly, and a state it does not know to failed', () => {
    const of = (state: string, extra: object = {}) => statusOf({ metadata: { state, batchStats: { requestCount: '4', successfulRequestCount: '2', failedRequestCount: '1' } }, ...extra })
    expect(of('BATCH_STATE_PENDING')).toEqual({ state: 'running', counts: { done: 3, total: 4 } })
    expect(of('BATCH_STATE_RUNNING').state).toBe('running')
    expect(of('BATCH_STATE_SUCCEEDED').state).toBe('completed')
    expect(of('BATCH_STATE_FAILED', { done: true, error: { code: 13, message: 'Internal error.' } })).toMatchObject({ state: 'failed', message: 'Internal error.' })
    expect(of('BATCH_STATE_CANCELLED')).toMatchObject({ state: 'cancelled', message: 'the batch is BATCH_STATE_CANCELLED' })
    expect(of('BATCH_STATE_EXPIRED').state).toBe('expired')
    expect(of('BATCH_STATE_PAUSED')).toEqual({ state: 'failed', message: 'unknown Gemini batch state BATCH_STATE_PAUSED' })
    expect(statusOf({ metadata: {} }).state).toBe('running')
  })

  it('reads a responses file: each line under its key, an error line by its status, a line that is not JSON missing', () => {
    const text = [
      JSON.stringify({ key: 'a', response: { candidates: [] } }),
      JSON.stringify({ key: 'b', error: { code: 5, message: 'Model not found.' } }),
      '{broken',
      JSON.stringify({ key: 'c', status: { code: 8, message: 'Quota exceeded.', status: 'RESOURCE_EXHAUSTED' } }),
      '',
    ].join('\n')
    const outcomes = outcomesOf(responsesInFile(text), ['a', 'b', 'c', 'd'])
    expect(outcomes).toEqual([
      { customId: 'a', kind: 'answer', status: 200, body: '{"candidates":[]}' },
      { customId: 'b', kind: 'answer', status: 404, body: JSON.stringify({ error: { code: 404, message: 'Model not found.', status: 'NOT_FOUND' } }) },
      { customId: 'c', kind: 'error', message: 'the batch could not answer this request: Quota exceeded. (RESOURCE_EXHAUSTED)' },
    ])
    // Without keys, by position: the unreadable line keeps its place, so the answers after it keep theirs.
    const keyless = ['{broken', JSON.stringify({ response: { candidates: [] } })].join('\n')
    expect(outcomesOf(responsesInFile(keyless), ['x', 'y'])).toEqual([
      { customId: 'x', kind: 'error', message: 'the batch answered this request with neither a response nor an error' },
      { customId: 'y', kind: 'answer', status: 200, body: '{"candidates":[]}' },
    ])
  })
})
