// Batch mode's mechanism (issue 27, "Batch APIs"): the queue's barrier, one batch per round of the loop, errors as
// provider_error, abort, and resume from batches.jsonl — with an in-memory batch API, through the real runner, HTTP
// layer and SDK.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { BatchEvent } from '../../../src/core/batch.ts'
import { verdictOf } from '../../../src/core/verdict.ts'
import { BatchJournal } from '../../../src/providers/batch/batch-journal.ts'
import type { ProviderOptions } from '../../../src/providers/provider-options.ts'
import { runEvaluation, type RunOptions } from '../../../src/runner/run-evaluation.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { writeBatchSuite, type CaseShape } from './batch-suite.ts'
import { journaledBatches } from './e2e-harness.ts'
import { batchedChatProvider, memoryBatchApi, type MemoryBatchApi } from './memory-batch-api.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-batch-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
let runs = 0

/** Runs a suite of the given shapes through one batched model; returns the outcome, the out folder and the events. */
async function runBatched(api: MemoryBatchApi, shapes: readonly CaseShape[], options: Partial<RunOptions> & { out?: string; provider?: ProviderOptions } = {}) {
  const out = options.out ?? join(work, `run-${++runs}`)
  const suite = writeBatchSuite(join(out, '..', `suite-${runs}`), shapes)
  const events: BatchEvent[] = []
  const provider = batchedChatProvider(api, { batchJournal: BatchJournal.open(out, options.resume === true), onBatchEvent: (event) => events.push(event), ...options.provider })
  const { provider: _provider, out: _out, ...rest } = options
  const outcome = await runEvaluation({ suitePaths: [suite], models: [provider.id], providers: [provider], outDir: out, concurrency: 2, ...rest })
  return { outcome, out, events, verdicts: outcome.report.results.map((result) => [result.case, result.repeat, verdictOf(result), result.failures.map((failure) => failure.kind)]) }
}

describe('batch mode: one batch per round of the loop', () => {
  it('sends a round of single-request cases as exactly one batch, however low --concurrency is', async () => {
    const api = memoryBatchApi(weatherModel)
    const { outcome } = await runBatched(api, Array<CaseShape>(30).fill(1), { repeat: 2 })
    expect(api.submitted.map((batch) => batch.length)).toEqual([60])
    expect(outcome.report.results.map(verdictOf)).toEqual(Array(60).fill('passed'))
    // Each turn says which batch answered it.
    expect(outcome.report.results.every((result) => result.turns.every((turn) => turn.batch === 'batch_1'))).toBe(true)
    // Priced at the batch rate, and the report says the run was batched.
    expect(outcome.report.results[0]!.cost).toMatchObject({ priced: true, batch: true })
    expect(outcome.report.run.batch).toEqual({ models: ['openai:gpt-4o-mini'], prices: { date: expect.any(String), source: expect.stringContaining('openai.com') } })
  })

  it('sends 2-turn cases as two batches: the first requests, then every follow-up', async () => {
    const api = memoryBatchApi(weatherModel)
    const { verdicts } = await runBatched(api, Array<CaseShape>(12).fill(2))
    expect(api.submitted.map((batch) => batch.length)).toEqual([12, 12])
    // Every fourth case expects Oslo: failed on its verdict, like a direct run.
    expect(verdicts.filter(([, , verdict]) => verdict === 'failed').map(([id]) => id)).toEqual(['c003', 'c007', 'c011'])
  })

  it('waits at the barrier for every unfinished task, whichever turn it is at: cases ending at turns 1, 2 and 3', async () => {
    const api = memoryBatchApi(weatherModel)
    const shapes: CaseShape[] = [1, 2, 3, 1, 2, 3, 2, 1]
    const { verdicts } = await runBatched(api, shapes)
    // Round 1: every case; round 2: the 2- and 3-turn ones; round 3: the 3-turn ones.
    expect(api.submitted.map((batch) => batch.length)).toEqual([8, 5, 2])
    expect(verdicts.every(([, , verdict]) => verdict === 'passed')).toBe(true)
  })

  it('splits a round by the API\'s limits', async () => {
    const api = memoryBatchApi(weatherModel, { limits: { maxEntries: 4, maxBytes: 10_000_000 } })
    await runBatched(api, Array<CaseShape>(10).fill(1))
    expect(api.submitted.map((batch) => batch.length)).toEqual([4, 4, 2])
  })

  it('works with conversations: each message\'s turns are rounds of the same barrier', async () => {
    const api = memoryBatchApi(weatherModel)
    const { outcome, verdicts } = await runBatched(api, ['conversation', 'conversation', 1])
    expect(verdicts.map(([, , verdict, kinds]) => [verdict, kinds])).toEqual([['passed', []], ['passed', []], ['passed', []]])
    // Message 1: the call, then its summary; message 2: one answer — the single-request case goes with the first round.
    expect(api.submitted.map((batch) => batch.length)).toEqual([3, 2, 2])
    expect(outcome.report.results[0]!.turns.map((turn) => turn.batch)).toEqual(['batch_1', 'batch_2', 'batch_3'])
  })

  it('tells a case\'s tool-description variants apart: base and variant go in one batch with their own custom ids', async () => {
    const api = memoryBatchApi(weatherModel)
    const patch = join(work, 'terse.json')
    writeFileSync(patch, JSON.stringify({ get_weather: { description: 'Weather now' } }))
    const { outcome } = await runBatched(api, [1, 1], { variants: [{ name: 'terse', file: patch, origin: { field: '--variant' } }] })
    expect(api.submitted.map((batch) => batch.length)).toEqual([4])
    expect(new Set(api.submitted[0]!.map((entry) => entry.customId)).size).toBe(4)
    expect(outcome.report.results.map((result) => verdictOf(result))).toEqual(Array(4).fill('passed'))
  })

  it('works with --repeat-until rounds', async () => {
    const api = memoryBatchApi(weatherModel)
    const { outcome } = await runBatched(api, Array<CaseShape>(6).fill(1), { repeatUntil: 3, gates: [{ type: 'min-accuracy', threshold: 0.5 }] })
    expect(outcome.report.results.length).toBeGreaterThan(0)
    expect(outcome.report.results.every((result) => verdictOf(result) === 'passed')).toBe(true)
    // Each round of repeats is its own batch: nothing waited for a round that had not started.
    expect(api.submitted.length).toBe(new Set(outcome.report.results.map((result) => result.repeat)).size)
  })
})

describe('batch mode: what fails is errored, never failed', () => {
  it('makes an entry that errored in the batch provider_error, and answers the others', async () => {
    const api = memoryBatchApi(weatherModel, { errorFor: (entry) => JSON.stringify(entry.body).includes('Say hello') })
    const { verdicts, outcome } = await runBatched(api, [2, 1, 2, 1])
    expect(verdicts.map(([id, , verdict, kinds]) => [id, verdict, kinds])).toEqual([
      ['c000', 'passed', []],
      ['c001', 'errored', ['provider_error']],
      ['c002', 'passed', []],
      ['c003', 'errored', ['provider_error']],
    ])
    const failure = outcome.report.results[1]!.failures[0]!
    expect(failure.message).toContain('batch batch_1')
    expect(failure.message).toContain('the entry expired')
    expect(outcome.exitCode).toBe(3)
  })

  it.each(['expired', 'failed', 'cancelled'] as const)('makes every request of a batch that %s provider_error', async (state) => {
    const api = memoryBatchApi(weatherModel, { endAs: state })
    const { verdicts, outcome } = await runBatched(api, [2, 1, 2])
    expect(verdicts.map(([, , verdict, kinds]) => [verdict, kinds])).toEqual(Array(3).fill(['errored', ['provider_error']]))
    expect(outcome.report.results[0]!.failures[0]!.message).toContain(`batch batch_1 ${state}`)
    expect(api.billed).toBe(0)
  })

  it('makes a 2xx entry with no answer in it provider_error (the protocol\'s broken-answer check)', async () => {
    const api = memoryBatchApi(weatherModel)
    const results = api.results.bind(api)
    api.results = async (id) => (await results(id))!.map((outcome) => (outcome.kind === 'answer' ? { ...outcome, body: '{"choices":[]}' } : outcome))
    const { verdicts } = await runBatched(api, [1])
    expect(verdicts[0]!.slice(2)).toEqual(['errored', ['provider_error']])
  })
})

describe('batch mode: interrupted and resumed', () => {
  it('rejects the held requests on abort and stops polling', async () => {
    const api = memoryBatchApi(weatherModel, { held: true })
    const controller = new AbortController()
    const { outcome } = await runBatched(api, [2, 2, 1], {
      signal: controller.signal,
      provider: { onBatchEvent: (event) => { if (event.type === 'polled') controller.abort() } },
    })
    expect(outcome.exitCode).toBe(130)
    expect(outcome.report.results).toEqual([])
    const reads = api.statusReads
    await new Promise((resolve) => setTimeout(resolve, 30))
    expect(api.statusReads).toBe(reads)
  })

  it('rejects a held request once its signal aborts (no batch answer needed)', async () => {
    const api = memoryBatchApi(weatherModel, { held: true })
    const provider = batchedChatProvider(api)
    const controller = new AbortController()
    const request = { messages: [{ role: 'user' as const, content: 'Weather in Paris?' }], tools: [], toolChoice: 'auto' as const, context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } }
    const held = provider.doGenerate(request, controller.signal)
    // Submitted (no task is open: the barrier is met at once), polled, still running: then Ctrl-C.
    while (api.statusReads === 0) await new Promise((resolve) => setImmediate(resolve))
    controller.abort(new Error('interrupted'))
    await expect(held).rejects.toThrow()
    expect(api.submitted).toHaveLength(1)
  })

  it('resumes a run killed between submit and completion from batches.jsonl: nothing submitted or paid twice, same verdicts', async () => {
    const shapes: CaseShape[] = [1, 1, 1, 1, 1, 1, 1, 1]
    const direct = await runBatched(memoryBatchApi(weatherModel), shapes)

    const api = memoryBatchApi(weatherModel, { held: true })
    const controller = new AbortController()
    const out = join(work, 'resumed')
    const first = await runBatched(api, shapes, { out, signal: controller.signal, provider: { onBatchEvent: (event) => { if (event.type === 'polled') controller.abort() } } })
    expect(first.outcome.exitCode).toBe(130)
    expect(api.submitted.length).toBe(1)
    const [creating, ...journaled] = readFileSync(join(out, 'batches.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line))
    // The create attempt first (an uncertain create is remembered), then the batch it made, under the same tag.
    expect(creating).toMatchObject({ model: 'openai:gpt-4o-mini', state: 'creating', tag: expect.any(String) })
    expect(journaled).toEqual([{ model: 'openai:gpt-4o-mini', id: 'batch_1', submittedAt: expect.any(String), tag: creating.tag, entries: expect.any(Array) }])
    expect(journaled[0].entries).toHaveLength(8)
    // No body, no key in the journal.
    expect(readFileSync(join(out, 'batches.jsonl'), 'utf8')).not.toContain('Paris')

    api.settings.held = false
    const second = await runBatched(api, shapes, { out, resume: true })
    expect(api.submitted.length).toBe(1)
    expect(api.billed).toBe(8)
    expect(second.events.filter((event) => event.type === 'resumed').map((event) => event.id)).toEqual(['batch_1'])
    expect(second.verdicts).toEqual(direct.verdicts)
  })

  it('resumes 2-turn cases: the journaled first round is polled, only the follow-ups are submitted', async () => {
    const api = memoryBatchApi(weatherModel, { held: true })
    const controller = new AbortController()
    const out = join(work, 'resumed-2')
    await runBatched(api, [2, 2, 2], { out, signal: controller.signal, provider: { onBatchEvent: (event) => { if (event.type === 'polled') controller.abort() } } })
    api.settings.held = false
    const second = await runBatched(api, [2, 2, 2], { out, resume: true })
    expect(api.submitted.map((batch) => batch.length)).toEqual([3, 3])
    expect(api.billed).toBe(6)
    expect(second.verdicts.map(([, , verdict]) => verdict)).toEqual(['passed', 'passed', 'passed'])
  })

  it('runs again, its request in a new batch, a case whose journaled entry was answered 2xx with no answer in it', async () => {
    const api = memoryBatchApi(weatherModel)
    const results = api.results.bind(api)
    // batch_1's results file says the same on every read: c001's entry holds no answer.
    api.results = async (id) => (await results(id))!.map((outcome, index) => (id === 'batch_1' && index === 1 && outcome.kind === 'answer' ? { ...outcome, body: '' } : outcome))
    const out = join(work, 'resumed-unanswered')
    const first = await runBatched(api, [1, 1, 1], { out })
    expect(first.verdicts.map(([id, , verdict, kinds]) => [id, verdict, kinds])).toEqual([['c000', 'passed', []], ['c001', 'errored', ['provider_error']], ['c002', 'passed', []]])
    expect(first.outcome.report.results[1]!.failures[0]!.message).toContain('HTTP 200 with no answer: an empty body (answered by batch batch_1)')

    const second = await runBatched(api, [1, 1, 1], { out, resume: true })
    expect(second.verdicts.map(([, , verdict]) => verdict)).toEqual(['passed', 'passed', 'passed'])
    // Only c001 ran again (c000 and c002 kept from results.jsonl), its request in a new batch.
    expect(api.submitted.map((batch) => batch.length)).toEqual([3, 1])
    expect(second.outcome.report.results[1]!.turns[0]!.batch).toBe('batch_2')
  })

  it('submits again what a journaled batch did not answer (it expired), and a fresh run starts a new batches.jsonl', async () => {
    const api = memoryBatchApi(weatherModel, { held: true })
    const controller = new AbortController()
    const out = join(work, 'resumed-expired')
    await runBatched(api, [1, 1], { out, signal: controller.signal, provider: { onBatchEvent: (event) => { if (event.type === 'polled') controller.abort() } } })
    api.settings.held = false
    api.settings.endAs = 'expired'
    // The journaled batch expired: its requests go into a new batch (which the API now answers).
    const status = api.status.bind(api)
    api.status = async (id) => (id === 'batch_1' ? status(id) : { state: 'completed' })
    const second = await runBatched(api, [1, 1], { out, resume: true })
    expect(api.submitted.length).toBe(2)
    expect(second.verdicts.map(([, , verdict]) => verdict)).toEqual(['passed', 'passed'])
    expect(journaledBatches(out)).toHaveLength(2)

    await runBatched(memoryBatchApi(weatherModel), [1], { out })
    expect(journaledBatches(out)).toHaveLength(1)
  })
})
