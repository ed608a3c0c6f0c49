// `--resume --batch` with a journaled batch whose entry was answered 2xx with no answer in it (the protocol's
// broken-answer check: an empty body, not JSON, no message): that request is submitted again in a new batch, as an
// entry that errored would be, not served the same broken body from the journaled batch (which errored the case on
// every resume, for ever). A real answer of a journaled batch is still served from it, never bought again. Each
// adapter runs in batch mode against its stand-in (test/providers/fake/batch/), whose first batch's results (file or
// inline output) are damaged for one request — for good, as a batch's results are.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../../src/core/errors.ts'
import type { Provider, RequestContext } from '../../../src/core/provider.ts'
import { batchCustomId } from '../../../src/providers/batch/batch-ids.ts'
import { BatchJournal } from '../../../src/providers/batch/batch-journal.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { geminiBatchApi } from '../fake/batch/gemini-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { baseUrlFor, makeProvider, setProviderEnv, weatherTools, type ProviderKind } from '../fake/harness.ts'
import { startLoopback, type Handler, type Loopback, type Reply } from '../fake/loopback.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-resume-unanswered-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const contextOf = (caseId: string): RequestContext => ({ suite: 'weather', caseId, repeat: 0, turn: 0 })
const generate = (provider: Provider, caseId: string) =>
  provider.doGenerate({ messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: weatherTools, toolChoice: 'auto', context: contextOf(caseId) })

/**
 * The stand-in with the first results file it serves damaged for good: the line of `customId` gets `damage`
 * (a results file does not change when read again; a new batch's results are not damaged).
 */
function damagingFirstResults(standIn: Handler, results: RegExp, customId: () => string, damage: (line: any) => unknown): Handler {
  let damaged: string | undefined
  return async (request, index) => {
    const reply: Reply = await standIn(request, index)
    if (reply.type !== 'text' || !results.test(request.path)) return reply
    damaged ??= request.path
    if (request.path !== damaged) return reply
    const lines = reply.body.split('\n').map((line) => {
      if (line.trim() === '') return line
      const value = JSON.parse(line)
      return JSON.stringify(value.custom_id === customId() ? damage(value) : value)
    })
    return { ...reply, body: lines.join('\n') }
  }
}

/** The Gemini stand-in with the first batch whose output it serves damaged for good: `customId`'s inline response is `response`. */
function damagingFirstGeminiOutput(standIn: Handler, customId: () => string, response: unknown): Handler {
  let damaged: string | undefined
  return async (request, index) => {
    const reply: Reply = await standIn(request, index)
    if (reply.type !== 'json') return reply
    const body = JSON.parse(JSON.stringify(reply.body)) as any
    const outputs = [body?.metadata?.output, body?.response?.output].filter((output) => output?.inlinedResponses)
    if (outputs.length === 0) return reply
    damaged ??= request.path
    if (request.path !== damaged) return reply
    for (const output of outputs) for (const item of output.inlinedResponses.inlinedResponses ?? []) if (item.metadata?.key === customId()) item.response = response
    return { ...reply, body }
  }
}

type Case = {
  readonly kind: ProviderKind
  readonly model: string
  readonly standIn: () => Handler & { readonly batches: ReadonlyMap<string, unknown> }
  /** The stand-in with the broken request's entry damaged in the first batch's results. */
  readonly damaged: (standIn: Handler, customId: () => string) => Handler
}

const fast = () => batchLifecycle({ pollsInProgress: 0 })
const openAiResults = /^\/v1\/files\/[^/]+\/content$/
const cases: readonly Case[] = [
  { kind: 'openai', model: 'gpt-4o-mini', standIn: () => openAiBatchStandIn('openai', weatherModel, fast()), damaged: (standIn, id) => damagingFirstResults(standIn, openAiResults, id, (line) => ({ ...line, response: { ...line.response, body: '' } })) },
  { kind: 'openai-responses', model: 'gpt-4o-mini', standIn: () => openAiBatchStandIn('openai-responses', weatherModel, fast()), damaged: (standIn, id) => damagingFirstResults(standIn, openAiResults, id, (line) => ({ ...line, response: { ...line.response, body: 'Internal Server Error' } })) },
  { kind: 'anthropic', model: 'claude-haiku-4-5', standIn: () => anthropicBatchApi(weatherModel, { lifecycle: fast() }), damaged: (standIn, id) => damagingFirstResults(standIn, /\/results$/, id, (line) => ({ ...line, result: { type: 'succeeded' } })) },
  { kind: 'google', model: 'gemini-2.0-flash', standIn: () => geminiBatchApi(weatherModel, { lifecycle: fast() }), damaged: (standIn, id) => damagingFirstGeminiOutput(standIn, id, '') },
]

describe.each(cases)('$kind: --resume --batch after an entry answered 2xx with no answer', ({ kind, model, standIn, damaged }) => {
  it('submits that request again in a new batch, and serves the real answer of a journaled batch from it', async () => {
    const spec = `${kind}:${model}`
    const standInApi = standIn()
    const server = await startLoopback(damaged(standInApi, () => batchCustomId(spec, contextOf('broken'))))
    open.push(server)
    setProviderEnv(kind, undefined)
    const out = join(work, kind)
    mkdirSync(out)
    const adapter = (resume: boolean) =>
      makeProvider(kind, model, { baseUrl: baseUrlFor(kind, server.origin), batch: true, batchPollMs: 1, retries: 0, batchJournal: BatchJournal.open(out, resume) })

    // The first run: the broken entry errors the request (its own batch); the other is answered (a second batch).
    const first = await adapter(false)
    const error = await generate(first, 'broken').then(() => undefined, (thrown: unknown) => thrown)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('HTTP 200 with no answer')
    const answered = await generate(first, 'answered')
    expect(answered.batch).toBeDefined()
    expect(standInApi.batches.size).toBe(2)

    // The resumed run: the broken one goes into a new batch, which answers it; the answered one is served from its
    // journaled batch, and nothing else is submitted.
    const resumed = await adapter(true)
    const again = await generate(resumed, 'broken')
    expect(again.toolCalls.map((call) => call.name)).toEqual(['get_weather'])
    expect(standInApi.batches.size).toBe(3)
    expect(again.batch).toBe([...standInApi.batches.keys()][2])
    const served = await generate(resumed, 'answered')
    expect(served.batch).toBe(answered.batch)
    expect(served.toolCalls).toEqual(answered.toolCalls)
    expect(standInApi.batches.size).toBe(3)
  })
})
