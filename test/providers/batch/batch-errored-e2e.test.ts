// Errored, never failed, through the CLI: with --batch against the Message Batches stand-in, an entry the batch fails
// (overloaded) and a whole batch that expires make their cases provider_error — counted errored (exit 3), in no
// rate — and `--resume --batch` runs exactly those requests again, in a new batch, paying nothing twice.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { weatherModel } from '../fake/behaviour.ts'
import { startLoopback, type Handler } from '../fake/loopback.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { journaledBatches, runCli, verdictsOf, writeWeatherSuite } from './e2e-harness.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-batch-errored-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

/** The first user message of a Messages request (what tells the cases apart). */
const promptOf = (params: Record<string, unknown>): string => JSON.stringify((params.messages as { content: unknown }[])[0]?.content)

it('an errored entry and an expired batch give provider_error results (errored, exit 3, never failed); --resume --batch re-runs them in a new batch', async () => {
  const lifecycle = batchLifecycle({ pollsInProgress: 1 })
  let overloaded = true
  // Round 1: the Oslo cases' requests fail inside the batch (overloaded); the others are answered.
  const standIn = anthropicBatchApi(weatherModel, {
    lifecycle,
    entryError: (_customId, params) => (overloaded && promptOf(params).includes('Oslo') ? { type: 'overloaded_error', message: 'Overloaded' } : undefined),
  })
  // Round 2's batch (the second created) expires: every case still running is errored by it.
  const expireSecond: Handler = (request, index) => {
    if (request.method === 'POST' && request.path === '/v1/messages/batches') lifecycle.expire = standIn.batches.size === 1
    return standIn(request, index)
  }
  const server = await startLoopback(expireSecond)
  try {
    const suite = writeWeatherSuite(join(work, 'suite'), 8)
    const out = join(work, 'out')
    const flags = ['--batch', '--batch-poll', '0.02']
    const first = await runCli('anthropic', server.origin, suite, out, flags)
    expect(first.code, first.stderr).toBe(3)
    expect(standIn.batches.size).toBe(2)
    const verdicts = verdictsOf(first)
    expect(verdicts).toHaveLength(8)
    // Every case errored as provider_error, none failed: w003 and w007 (Oslo) by their entry, the rest by the expiry.
    expect(verdicts.every((verdict) => verdict.verdict === 'errored' && verdict.kinds.includes('provider_error'))).toBe(true)
    const messages = new Map(first.report!.results.map((result) => [result.case, result.failures.map((failure) => failure.message).join(' ')]))
    for (const id of ['w003', 'w007']) expect(messages.get(id)).toMatch(/overloaded_error/)
    for (const id of ['w000', 'w001', 'w002', 'w004', 'w005', 'w006']) expect(messages.get(id)).toMatch(/expired/)
    const billedFirst = new Map(standIn.billed)
    expect(billedFirst.size).toBe(6) // the 6 round-1 answers; nothing of round 2 (expired)

    overloaded = false
    lifecycle.expire = false
    const resumed = await runCli('anthropic', server.origin, suite, out, [...flags, '--resume'])
    expect(resumed.code, resumed.stderr).toBe(0)
    expect(verdictsOf(resumed).map((verdict) => verdict.verdict)).toEqual(Array(8).fill('passed'))
    // New batches hold only what had no answer: the 2 errored first turns and then the 8 second turns; the 6
    // round-1 answers were served from the journaled batch, not bought again.
    const created = [...standIn.batches.values()].slice(2)
    expect(created.length).toBeGreaterThanOrEqual(1)
    const resent = created.flatMap((batch) => batch.requests)
    expect(resent.filter((request) => (request.params.messages as unknown[]).length === 1).map((request) => promptOf(request.params).includes('Weather in Oslo?'))).toEqual([true, true])
    expect(resent.filter((request) => (request.params.messages as unknown[]).length === 3)).toHaveLength(8)
    expect([...standIn.billed.values()].every((times) => times === 1)).toBe(true)
    expect(standIn.billed.size).toBe(16)
    expect(journaledBatches(out).map((batch) => batch.id)).toEqual([...standIn.batches.keys()])
  } finally {
    await server.close()
  }
}, 120_000)
