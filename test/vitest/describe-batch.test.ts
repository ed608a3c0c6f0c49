// A model asked to batch (`batch: true` in its settings) under describeSuite and runCase, against the batch APIs'
// loopback stand-ins. The test timeout is a hang detector: a held request no batch barrier ever flushes would wait
// for ever, and fail here instead.
import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import { anthropicKey, openaiKey } from '../providers/fake/harness.ts'
import { startLoopback } from '../providers/fake/loopback.ts'
import { batchLifecycle } from '../providers/fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../providers/fake/batch/openai-batch-api.ts'
import { anthropicBatchApi } from '../providers/fake/batch/anthropic-batch-api.ts'
import { writeBatchSuite } from '../providers/batch/batch-suite.ts'
import { tempFiles } from '../helpers/cli.ts'

// The hang detector, for describeSuite's tests and these alike (each takes well under a second).
vi.setConfig({ testTimeout: 20_000 })
const openai = openAiBatchStandIn('openai', weatherModel, batchLifecycle())
const anthropic = anthropicBatchApi(weatherModel)
const saved = { openai: process.env.OPENAI_API_KEY, anthropic: process.env.ANTHROPIC_API_KEY }
process.env.OPENAI_API_KEY = openaiKey
process.env.ANTHROPIC_API_KEY = anthropicKey
const servers = { openai: await startLoopback(openai), anthropic: await startLoopback(anthropic) }
const dir = tempFiles({})
const suite = writeBatchSuite(dir, [2, 2])
const openaiModel = 'openai:gpt-4o-mini'
const anthropicModel = 'anthropic:claude-haiku-4-5'
// Each model on its own stand-in, batching by its own setting, its batches read every 20 ms.
const modelOptions = {
  [openaiModel]: { baseUrl: `${servers.openai.origin}/v1`, settings: { batch: true } },
  [anthropicModel]: { baseUrl: servers.anthropic.origin, settings: { batch: true } },
}
const providerOptions = { batchPollMs: 20, retries: 0 }
afterAll(async () => {
  await Promise.all([servers.openai.close(), servers.anthropic.close()])
  rmSync(dir, { recursive: true, force: true })
  for (const [name, value] of [['OPENAI_API_KEY', saved.openai], ['ANTHROPIC_API_KEY', saved.anthropic]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
})

describeSuite(suite, { models: [openaiModel, anthropicModel], cases: ['c000'], providerOptions, modelOptions })

describe('a batched model outside a run', () => {
  it('describeSuite sent its requests as batches (no direct request)', () => {
    // No run schedules its tasks here, so the queue has no open task to wait for: each request goes at once, a batch
    // of its own (2 turns: 2 batches per model), rather than waiting on a barrier nothing would lift.
    expect([...openai.batches.values()].map((batch) => batch.lines.length)).toEqual([1, 1])
    expect([...anthropic.batches.values()].map((batch) => batch.requests.length)).toEqual([1, 1])
    expect(servers.openai.requests.filter((request) => request.path.startsWith('/v1/chat/completions'))).toEqual([])
    expect(servers.anthropic.requests.filter((request) => /^\/v1\/messages\/?(\?|$)/.test(request.path))).toEqual([])
    expect(openai.direct.violations).toEqual([])
  })

  it.each([openaiModel, anthropicModel])('runCase answers %s through its batch API', async (model) => {
    const scored = await runCase({ suite, case: 'c000', model, providerOptions, modelOptions })
    expect(scored.result.verdict).toBe('passed')
    // Both turns answered by a batch each, not sent directly.
    expect(scored.transcript.turns.map((turn) => typeof turn.batch)).toEqual(['string', 'string'])
  })
})
