// The caller's callbacks a request calls — the provider options' onRetry (the progress line's "retrying …") and
// RunOptions.onBatchEvent — are its own harness code too. One that threw failed the request it was called from, so
// its case ended as provider_error: an outage the caller's code made, and a changed verdict. Now the request goes on,
// the verdicts are those of a run without the callback, and the throws are said once when the run is over.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import { fastRetries, openaiKey, startFakeServer } from '../providers/fake/harness.ts'
import { startLoopback, withFaults, type Loopback } from '../providers/fake/loopback.ts'
import { batchLifecycle } from '../providers/fake/batch/lifecycle.ts'
import { openAiBatchStandIn } from '../providers/fake/batch/openai-batch-api.ts'
import { writeBatchSuite } from '../providers/batch/batch-suite.ts'

const cleanup: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const step of cleanup.splice(0)) await step()
})

function work(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-request-callbacks-'))
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }))
  return dir
}

const verdicts = (results: readonly { case: string; verdict?: string }[]) => results.map((result) => [result.case, result.verdict])

describe('a provider option\'s onRetry that throws', () => {
  it('does not fail the request it was called from: the retry happens, the cases pass, and the throws are said once', async () => {
    const server = await startFakeServer('openai-compatible', weatherModel, { wrap: withFaults })
    cleanup.push(() => server.close())
    const dir = work()
    const warnings: string[] = []
    const outcome = await runEvaluation({
      suitePaths: [writeBatchSuite(join(dir, 'suite'), [2, 2])],
      models: ['openai-compatible:weather'],
      providerOptions: { ...fastRetries, baseUrl: `${server.origin}/v1`, onRetry: () => { throw new Error('no progress line') } },
      outDir: join(dir, 'out'),
      concurrency: 1,
      onWarning: (message) => warnings.push(message),
    })
    expect(verdicts(outcome.report.results)).toEqual([['c000', 'passed'], ['c001', 'passed']])
    expect(warnings).toEqual([expect.stringMatching(/^RunOptions\.providerOptions\.onRetry threw (once|\d+ times) \(first: Error: no progress line\); the run went on/)])
  })
})

describe('an onBatchEvent that throws', () => {
  it('does not fail the batch: its requests are answered, the cases pass, and the throws are said once', async () => {
    const server: Loopback = await startLoopback(openAiBatchStandIn('openai', weatherModel, batchLifecycle()))
    cleanup.push(() => server.close())
    const key = process.env.OPENAI_API_KEY
    process.env.OPENAI_API_KEY = openaiKey
    cleanup.push(() => { if (key === undefined) delete process.env.OPENAI_API_KEY; else process.env.OPENAI_API_KEY = key })
    const dir = work()
    const warnings: string[] = []
    const outcome = await runEvaluation({
      suitePaths: [writeBatchSuite(join(dir, 'suite'), [2, 2])],
      models: ['openai:gpt-4o-mini'],
      providerOptions: { ...fastRetries, batch: true, batchPollMs: 5 },
      modelOptions: { 'openai:gpt-4o-mini': { baseUrl: `${server.origin}/v1` } },
      outDir: join(dir, 'out'),
      onBatchEvent: () => { throw 'no progress line' },
      onWarning: (message) => warnings.push(message),
    })
    expect(verdicts(outcome.report.results)).toEqual([['c000', 'passed'], ['c001', 'passed']])
    expect(warnings).toEqual([expect.stringMatching(/^RunOptions\.onBatchEvent threw \d+ times \(first: no progress line\); the run went on/)])
  })
})
