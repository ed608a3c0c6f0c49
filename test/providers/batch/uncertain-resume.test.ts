// An uncertain batch creation is remembered: the queue journals each create attempt (`state: 'creating'`) before the
// call, so after a create that failed where the API may have acted — Anthropic's only outcome then, having no tag
// to find the batch by — `--resume --batch` stops before any request (exit 2) instead of submitting, and paying
// for, the same requests again; `--batch-resubmit` sends them anyway. A create the API certainly refused is
// journaled as `not-created` and resumes as usual.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { InputError, ProviderError } from '../../../src/core/errors.ts'
import { verdictOf } from '../../../src/core/verdict.ts'
import type { Case } from '../../../src/core/case.ts'
import type { Provider } from '../../../src/core/provider.ts'
import { batchTaskKey } from '../../../src/providers/batch/batch-ids.ts'
import { BatchJournal } from '../../../src/providers/batch/batch-journal.ts'
import { refuseUncertainResubmits } from '../../../src/runner/uncertain-creations.ts'
import { optionNames } from '../../../src/core/option-names.ts'
import { runEvaluation, type RunOptions } from '../../../src/runner/run-evaluation.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { startLoopback } from '../fake/loopback.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { runCli, verdictsOf, writeWeatherSuite } from './e2e-harness.ts'
import { writeBatchSuite, type CaseShape } from './batch-suite.ts'
import { batchedChatProvider, memoryBatchApi, type MemoryBatchApi } from './memory-batch-api.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-uncertain-resume-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The error an uncertain create ends with (as fetch-with-retries makes it). */
const uncertainError = () => new ProviderError('batch creation uncertain at 127.0.0.1:9: the create request failed (HTTP 500) and was not retried', { retries: 0, uncertain: true })

/** Makes the `nth` submit (1-based) create its batch (so it is billed once it runs) and then fail as `error()` says. */
function failNthSubmit(api: MemoryBatchApi, nth: number, error: () => Error): void {
  const submit = api.submit.bind(api)
  let calls = 0
  api.submit = async (entries, signal) => {
    const id = await submit(entries, signal)
    if (++calls === nth) throw error()
    return id
  }
}

function failNthSubmitCertainly(api: MemoryBatchApi, nth: number): void {
  const submit = api.submit.bind(api)
  let calls = 0
  api.submit = async (entries, signal) => {
    if (++calls === nth) throw new ProviderError('HTTP 400: invalid request', { status: 400, retries: 0 })
    return submit(entries, signal)
  }
}

/** A batched provider of `spec` whose journal holds one unresolved creation of case `c1`'s first request. */
function uncertainJournal(spec: string, tag: string) {
  const out = mkdtempSync(join(work, 'journal-'))
  const journal = BatchJournal.open(out, false)
  const task = batchTaskKey(spec, { suite: 'weather', caseId: 'c1', repeat: 0 })
  journal.record({ model: spec, state: 'creating', tag, host: 'generativelanguage.googleapis.com', startedAt: '2026-12-01T18:00:00.000Z', entries: [{ customId: 'x', bodyHash: 'h', task }] })
  const provider = { id: spec, batch: {} } as Provider
  const testCase = { suite: 'weather', id: 'c1' } as Case
  return refuseUncertainResubmits(journal, [provider], [{ caseIndex: 0, modelIndex: 0, repeat: 0 }], async () => testCase, optionNames(undefined)).catch((error: unknown) => error)
}

it('a Gemini batch is named by the tag its display name ends with', async () => {
  const refused = await uncertainJournal('google:gemini-2.5-flash', 'toolgauge-gemini-tag')
  expect(InputError.isInstance(refused)).toBe(true)
  expect((refused as Error).message).toContain('google:gemini-2.5-flash: 1 request(s) of this run were in a batch being created at generativelanguage.googleapis.com')
  expect((refused as Error).message).toContain('the batch, if created, has a display name ending with toolgauge-gemini-tag')
})

let runs = 0
async function run(api: MemoryBatchApi, shapes: readonly CaseShape[], out: string, options: Partial<RunOptions> = {}) {
  const suite = writeBatchSuite(join(work, `suite-${++runs}`), shapes)
  const provider = batchedChatProvider(api, { batchJournal: BatchJournal.open(out, options.resume === true) })
  const outcome = await runEvaluation({ suitePaths: [suite], models: [provider.id], providers: [provider], outDir: out, ...options })
  return { outcome, verdicts: outcome.report.results.map(verdictOf) }
}

const journalLines = (out: string) => readFileSync(join(out, 'batches.jsonl'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>)

describe('a batch creation that failed uncertainly', () => {
  it('is journaled before the create call, and --resume --batch stops (exit 2) instead of submitting its requests again', async () => {
    const api = memoryBatchApi(weatherModel)
    failNthSubmit(api, 1, uncertainError)
    const out = join(work, 'first-round')
    const first = await run(api, [1, 1, 1, 1], out)
    expect(first.outcome.exitCode).toBe(3)
    expect(first.verdicts).toEqual(Array(4).fill('errored'))
    expect(api.submitted).toHaveLength(1)
    const [creating, ...rest] = journalLines(out)
    expect(rest).toEqual([])
    expect(creating).toEqual({ model: 'openai:gpt-4o-mini', state: 'creating', tag: expect.stringMatching(/^toolgauge-/), host: '127.0.0.1:9', startedAt: expect.any(String), entries: expect.any(Array) })
    expect(creating!.entries).toHaveLength(4)

    const refused = await run(api, [1, 1, 1, 1], out, { resume: true }).catch((error: unknown) => error)
    expect(InputError.isInstance(refused)).toBe(true)
    const message = (refused as Error).message
    expect(message).toContain('openai:gpt-4o-mini: 4 request(s)')
    expect(message).toContain('127.0.0.1:9')
    // The batch, if it exists, carries the journal's tag in its metadata: the message says what to look for.
    expect(message).toContain(`the batch, if created, carries ${creating!.tag as string} in its metadata.toolgauge_submission — check the provider's batch list`)
    expect(message).toContain("check the provider's batch list; if no batch was created, set batchResubmit: true to send them again")
    expect(message).toContain('batches.jsonl')
    // Nothing was submitted: the user is not billed a second time behind their back.
    expect(api.submitted).toHaveLength(1)

    const resubmitted = await run(api, [1, 1, 1, 1], out, { resume: true, batchResubmit: true })
    expect(resubmitted.verdicts).toEqual(Array(4).fill('passed'))
    expect(api.submitted).toHaveLength(2)
    // The resubmitted batch resolves the creation: a later --resume has nothing to stop on (and nothing to run).
    const again = await run(api, [1, 1, 1, 1], out, { resume: true })
    expect(again.outcome.exitCode).toBe(0)
    expect(api.submitted).toHaveLength(2)
  })

  it('stops a resume over a later round too: the follow-ups of 2-turn cases, counted per request', async () => {
    const api = memoryBatchApi(weatherModel)
    failNthSubmit(api, 2, uncertainError)
    const out = join(work, 'second-round')
    await run(api, [2, 2, 2], out)
    expect(api.submitted.map((batch) => batch.length)).toEqual([3, 3])
    const refused = await run(api, [2, 2, 2], out, { resume: true }).catch((error: unknown) => error)
    expect(InputError.isInstance(refused)).toBe(true)
    expect((refused as Error).message).toContain('openai:gpt-4o-mini: 3 request(s)')
    expect(api.submitted).toHaveLength(2)
    // With --batch-resubmit: the first round is served from its journaled batch, the follow-ups sent again.
    const resubmitted = await run(api, [2, 2, 2], out, { resume: true, batchResubmit: true })
    expect(resubmitted.verdicts).toEqual(['passed', 'passed', 'passed'])
    expect(api.submitted.map((batch) => batch.length)).toEqual([3, 3, 3])
  })

  it('does not stop a resume when the API certainly refused the create (journaled not-created)', async () => {
    const api = memoryBatchApi(weatherModel)
    failNthSubmitCertainly(api, 1)
    const out = join(work, 'certain')
    const first = await run(api, [1, 1], out)
    expect(first.verdicts).toEqual(['errored', 'errored'])
    expect(journalLines(out).map((line) => line.state)).toEqual(['creating', 'not-created'])
    const resumed = await run(api, [1, 1], out, { resume: true })
    expect(resumed.verdicts).toEqual(['passed', 'passed'])
    expect(api.submitted).toHaveLength(1)
  })
})

it('through the CLI against the Message Batches stand-in (a 500 after creating): --resume --batch exits 2 naming the host, --batch-resubmit sends them', async () => {
  const standIn = anthropicBatchApi(weatherModel)
  standIn.faults.createdThen500 = 1
  const server = await startLoopback(standIn)
  try {
    const suite = writeWeatherSuite(join(work, 'cli-suite'), 4)
    const out = join(work, 'cli-out')
    const flags = ['--batch', '--batch-poll', '0.02']
    const first = await runCli('anthropic', server.origin, suite, out, flags)
    expect(first.code, first.stderr).toBe(3)
    expect(standIn.batches.size).toBe(1)

    const refused = await runCli('anthropic', server.origin, suite, out, [...flags, '--resume'])
    expect(refused.code, refused.stderr).toBe(2)
    expect(refused.stderr).toContain(`anthropic:claude-haiku-4-5: 4 request(s) of this run were in a batch being created at ${new URL(server.origin).host}`)
    expect(refused.stderr).toContain('Message Batches carries no tag of ours: look for a batch created then — check the provider\'s batch list')
    expect(refused.stderr).toContain('pass --batch-resubmit to send them again')
    expect(refused.stderr).not.toMatch(/\n\s+at /)
    expect(standIn.batches.size).toBe(1)

    const resubmitted = await runCli('anthropic', server.origin, suite, out, [...flags, '--resume', '--batch-resubmit'])
    expect(resubmitted.code, resubmitted.stderr).toBe(0)
    expect(verdictsOf(resubmitted).map((verdict) => verdict.verdict)).toEqual(Array(4).fill('passed'))
  } finally {
    await server.close()
  }
}, 120_000)
