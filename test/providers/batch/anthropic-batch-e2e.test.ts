// Issue 27, "How we will know" 1, for anthropic: through Message Batches' loopback stand-in and the CLI: a 200-case
// suite of 2-turn cases runs in exactly 2 batches, survives a SIGKILL between submit and completion (--resume --batch
// polls the same batch; the stand-in billed each entry once) and gives the verdicts of the plain run on the same
// stand-in. With --cache-tools the cache marker reaches the batch params and is accepted there.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { weatherModel } from '../fake/behaviour.ts'
import { startLoopback } from '../fake/loopback.ts'
import { anthropicBatchApi } from '../fake/batch/anthropic-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { runBatchE2e, verdictsOf, type BatchE2e } from './e2e-harness.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-anthropic-batch-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

type Verdicts = ReturnType<typeof verdictsOf>
const sorted = (verdicts: Verdicts): Verdicts => [...verdicts].sort((a, b) => a.case.localeCompare(b.case) || a.repeat - b.repeat)

/** Runs the e2e against a fresh stand-in whose batches are held until the kill; returns it, the runs and what the batched runs sent. */
async function run(dir: string, options: { cases?: number; flags?: string[] } = {}) {
  const lifecycle = batchLifecycle({ pollsInProgress: 2, held: true })
  const standIn = anthropicBatchApi(weatherModel, { lifecycle })
  const server = await startLoopback(standIn)
  let batchedRequests = 0
  let billedBeforeDirect = new Map<string, number>()
  try {
    const e2e: BatchE2e = await runBatchE2e('anthropic', server.origin, {
      work: join(work, dir),
      ...(options.cases !== undefined ? { cases: options.cases } : {}),
      ...(options.flags ? { flags: options.flags } : {}),
      beforeResume: () => lifecycle.release(),
      beforeDirect: () => {
        batchedRequests = server.requests.length
        billedBeforeDirect = new Map(standIn.billed)
      },
    })
    return { e2e, standIn, batched: server.requests.slice(0, batchedRequests), billed: billedBeforeDirect }
  } finally {
    await server.close()
  }
}

describe('toolgauge run --batch --model anthropic:… through the Message Batches stand-in', () => {
  it('200 two-turn cases: 2 batches, a SIGKILL between submit and completion resumed without paying twice, the plain run\'s verdicts', async () => {
    const { e2e, standIn, batched, billed } = await run('weather')
    expect(e2e.killed.signal).toBe('SIGKILL')
    // The kill came after the first batch was submitted and journaled, before it could end (it was held).
    expect(e2e.journaledBeforeKill).toHaveLength(1)
    const first = e2e.journaledBeforeKill[0]!
    expect(first.entries).toHaveLength(200)
    expect(e2e.killed.report).toBeUndefined()
    // The resumed run polled that same batch and submitted only the second round: 2 batches in all.
    expect(e2e.resumed.code, e2e.resumed.stderr).toBe(1) // every tenth case expects the wrong city
    expect(standIn.batches.size).toBe(2)
    expect(e2e.journaled.map((batch) => batch.id)).toEqual([...standIn.batches.keys()])
    expect(e2e.journaled[0]!.id).toBe(first.id)
    // Its results were read once, by the resumed run (the killed one never saw it end).
    expect(batched.filter((request) => request.path === `/v1/messages/batches/${first.id}/results`)).toHaveLength(1)
    expect(e2e.journaled[1]!.entries).toHaveLength(200)
    const [round1, round2] = [...standIn.batches.values()]
    expect(round1!.requests.every((request) => (request.params.messages as unknown[]).length === 1)).toBe(true)
    expect(round2!.requests.every((request) => (request.params.messages as unknown[]).length === 3)).toBe(true)
    // Nothing went to POST /v1/messages directly in batch mode, and each of the 400 entries was billed once.
    expect(batched.filter((request) => request.path === '/v1/messages')).toEqual([])
    expect(billed.size).toBe(400)
    expect([...billed.values()].every((times) => times === 1)).toBe(true)
    expect(standIn.direct.violations).toEqual([])
    // Same verdicts (and failure kinds) as the plain run on the same stand-in: 180 passed, 20 failed, none errored.
    expect(e2e.direct.code, e2e.direct.stderr).toBe(1)
    const batchedVerdicts = sorted(verdictsOf(e2e.resumed))
    expect(batchedVerdicts).toHaveLength(200)
    expect(batchedVerdicts).toEqual(sorted(verdictsOf(e2e.direct)))
    expect(batchedVerdicts.filter((verdict) => verdict.verdict === 'passed')).toHaveLength(180)
    expect(batchedVerdicts.filter((verdict) => verdict.verdict === 'failed')).toHaveLength(20)
  }, 240_000)

  it('--cache-tools: the last tool keeps its cache_control in the batch params, accepted there, and the verdicts stay those of the plain run', async () => {
    const { e2e, standIn } = await run('cached', { cases: 12, flags: ['--cache-tools'] })
    expect(e2e.resumed.code, e2e.resumed.stderr).toBe(1)
    expect(standIn.batches.size).toBe(2)
    for (const batch of standIn.batches.values()) {
      for (const request of batch.requests) expect((request.params.tools as { cache_control?: unknown }[]).at(-1)!.cache_control).toEqual({ type: 'ephemeral' })
      expect(batch.results!.every((line) => line.result.type === 'succeeded')).toBe(true)
    }
    expect(sorted(verdictsOf(e2e.resumed))).toEqual(sorted(verdictsOf(e2e.direct)))
  }, 240_000)
})
