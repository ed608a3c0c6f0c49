// `conformance --set batch=true`: the probes go through the model's batch API as a run's cases do — every probe's
// first request in one batch, and report.json saying the model ran batched (run.batch). Before, conformance's
// provider dropped the model's batch queue, so the runner never opened its tasks: each request went out as a batch
// of its own (19 batches of 1, each a wait of its own on a real API), and the report said nothing of batches.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { runConformance } from '../../src/conformance/run-conformance.ts'
import type { ModelSettings } from '../../src/providers/settings/model-settings.ts'
import { anthropicBatchApi } from '../providers/fake/batch/anthropic-batch-api.ts'
import { setProviderEnv } from '../providers/fake/harness.ts'
import { startLoopback } from '../providers/fake/loopback.ts'
import { conformanceModel, standInModels } from './stand-in.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

it('conformance in batch mode sends each round of the probes as one batch, and report.json records run.batch', async () => {
  const standIn = anthropicBatchApi(conformanceModel())
  const server = await startLoopback(standIn)
  try {
    setProviderEnv('anthropic', server.origin)
    const outDir = mkdtempSync(join(tmpdir(), 'toolgauge-conformance-batch-'))
    folders.push(outDir)
    const model = `anthropic:${standInModels.anthropic}`
    const outcome = await runConformance({ models: [model], stream: 'off', outDir, providerOptions: { retries: 0, batchPollMs: 1, settings: { batch: true } as ModelSettings } })
    expect(outcome.outcomes.filter((probe) => probe.verdict !== 'passed')).toEqual([])
    const sizes = [...standIn.batches.values()].map((batch) => batch.requests.length)
    expect(sizes[0]).toBe(outcome.outcomes.length)
    expect(sizes.length).toBeLessThan(outcome.outcomes.length)
    expect((outcome.run.report.run as { batch?: { models?: unknown } }).batch?.models).toEqual([model])
  } finally {
    await server.close()
  }
})
