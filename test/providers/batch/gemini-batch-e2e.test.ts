// Issue 27, "How we will know" 1, for google: a 200-case suite of 2-turn cases runs through the CLI with --batch in
// exactly 2 Gemini batches, survives a SIGKILL between submit and completion (--resume --batch polls the same batch;
// the stand-in billed each request once), and gives the verdicts of a direct run on the same stand-in.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { weatherModel } from '../fake/behaviour.ts'
import { startGeminiBatchServer } from '../fake/batch/gemini-batch-api.ts'
import { batchLifecycle } from '../fake/batch/lifecycle.ts'
import { runBatchE2e, verdictsOf } from './e2e-harness.ts'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup()
})

describe('google: --batch end to end through the Gemini batch mode stand-in', () => {
  it('runs 200 two-turn cases in 2 batches, resumes a killed run on the same batch without billing twice, and matches the direct verdicts', { timeout: 240_000 }, async () => {
    // Held: the first batch stays running until the killed run is gone, so the kill falls between submit and completion.
    const lifecycle = batchLifecycle({ pollsInProgress: 1, held: true })
    const server = await startGeminiBatchServer(weatherModel, { lifecycle })
    const work = mkdtempSync(join(tmpdir(), 'toolgauge-gemini-batch-e2e-'))
    cleanups.push(() => server.close(), () => rmSync(work, { recursive: true, force: true }))
    let billedAtKill = -1
    let batchesBeforeDirect = 0
    let directRequestsFrom = 0
    const run = await runBatchE2e('google', server.origin, {
      work,
      beforeResume: () => {
        billedAtKill = server.standIn.billedEntries()
        lifecycle.release()
      },
      beforeDirect: () => {
        batchesBeforeDirect = server.standIn.batches.size
        directRequestsFrom = server.requests.length
      },
    })

    expect(run.killed.signal).toBe('SIGKILL')
    expect(run.journaledBeforeKill).toHaveLength(1)
    // Nothing was answered, so nothing billed, before the kill: the batch was still held.
    expect(billedAtKill).toBe(0)
    const [first, second] = [...server.standIn.batches.values()]
    expect(first!.requests).toHaveLength(200)

    // The resumed run polled the batch the killed one submitted, then sent the follow-ups as the second and last batch.
    expect(run.resumed.stderr).not.toMatch(/Error/)
    expect(run.journaled.map((batch) => batch.id)).toEqual([first!.name, second!.name])
    expect(run.journaled[0]!.id).toBe(run.journaledBeforeKill[0]!.id)
    expect(batchesBeforeDirect).toBe(2)
    expect(second!.requests).toHaveLength(200)

    // Each of the 400 requests billed exactly once; none refused, by the batch API or by the direct handler within it.
    expect(server.standIn.billed.size).toBe(400)
    expect([...server.standIn.billed.values()].every((count) => count === 1)).toBe(true)
    expect(server.standIn.violations).toEqual([])
    expect(server.standIn.direct.violations).toEqual([])

    // The direct run sent its requests one by one (no batch), and judged every case as the batched run did.
    expect(server.standIn.batches.size).toBe(2)
    expect(server.requests.slice(directRequestsFrom).every((seen) => seen.path.endsWith(':generateContent'))).toBe(true)
    const byCase = (a: { case: string; repeat: number }, b: { case: string; repeat: number }) => a.case.localeCompare(b.case) || a.repeat - b.repeat
    const batched = verdictsOf(run.resumed).sort(byCase)
    const direct = verdictsOf(run.direct).sort(byCase)
    expect(batched).toHaveLength(200)
    expect(batched).toEqual(direct)
    expect(batched.filter((result) => result.verdict === 'failed')).toHaveLength(20)
    expect(batched.some((result) => result.kinds.includes('provider_error'))).toBe(false)
  })
})
