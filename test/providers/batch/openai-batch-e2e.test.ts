// Issue 27, "How we will know" 1, for openai: and openai-responses: through the OpenAI Files + Batch API stand-in: a
// 200-case suite of 2-turn cases runs with --batch in exactly 2 batches per model, survives a SIGKILL between submit
// and completion (--resume --batch polls the same batch; the stand-in billed each entry once), and gives the same
// verdicts as the non-batch run on the same stand-in.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { weatherModel } from '../fake/behaviour.ts'
import { startLoopback, type Loopback } from '../fake/loopback.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../fake/batch/openai-batch-api.ts'
import { runBatchE2e, verdictsOf } from './e2e-harness.ts'

const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step()
})

describe.each(['openai', 'openai-responses'] as const)('%s: --batch end to end through the OpenAI Batch API stand-in', (kind) => {
  it('runs 200 two-turn cases in 2 batches, survives a SIGKILL between submit and completion, and pays nothing twice', async () => {
    // Held: the first batch stays in progress until the killed run is gone, so the kill falls between submit and completion.
    const lifecycle = batchLifecycle({ pollsInProgress: 1, held: true })
    const standIn = openAiBatchStandIn(kind, weatherModel, lifecycle)
    const server: Loopback = await startLoopback(standIn)
    const work = mkdtempSync(join(tmpdir(), `toolgauge-${kind}-batch-`))
    cleanup.push(() => server.close(), () => rmSync(work, { recursive: true, force: true }))
    let billedBeforeDirect: [string, number][] = []
    let batchesBeforeDirect = 0

    const run = await runBatchE2e(kind, server.origin, {
      work,
      beforeResume: () => {
        // Killed while its only batch was in progress: nothing answered, nothing billed yet.
        expect(standIn.batches.size).toBe(1)
        expect(standIn.billed.size).toBe(0)
        lifecycle.release()
      },
      beforeDirect: () => {
        billedBeforeDirect = [...standIn.billed]
        batchesBeforeDirect = standIn.batches.size
      },
    })

    expect(run.killed.signal).toBe('SIGKILL')
    expect(run.journaledBeforeKill).toHaveLength(1)
    expect(run.journaledBeforeKill[0]!.entries).toHaveLength(200)
    // The resumed run polled the journaled batch instead of submitting its requests again: 2 batches in all, 200 lines each.
    expect(run.resumed.stderr).not.toMatch(/Error|at .*\.ts:\d+/)
    expect(batchesBeforeDirect).toBe(2)
    expect([...standIn.batches.values()].map((batch) => batch.lines.length)).toEqual([200, 200])
    expect(new Set(run.journaled.map((batch) => batch.id))).toEqual(new Set(standIn.batches.keys()))
    expect(run.journaled[0]!.id).toBe(run.journaledBeforeKill[0]!.id)
    // Every entry billed exactly once: 200 cases × 2 turns.
    expect(billedBeforeDirect).toHaveLength(400)
    expect(billedBeforeDirect.filter(([, times]) => times !== 1)).toEqual([])
    expect([...standIn.batches.values()].map((batch) => batch.status)).toEqual(['completed', 'completed'])
    expect(standIn.refusals).toEqual([])
    expect(standIn.direct.violations).toEqual([])

    // The same verdicts as the direct run on the same stand-in (which made no batch of its own).
    const batched = verdictsOf(run.resumed)
    expect(batched).toHaveLength(200)
    expect(batched).toEqual(verdictsOf(run.direct))
    expect(standIn.batches.size).toBe(2)
    expect(batched.filter((result) => result.verdict === 'failed')).toHaveLength(20)
    expect(batched.filter((result) => result.verdict === 'passed')).toHaveLength(180)
  }, 240_000)
})
