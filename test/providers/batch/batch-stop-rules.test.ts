// --bail and --max-cost in batch mode: every case of a batched run starts at once (the batch's barrier waits for all),
// so neither can stop a batch that has gone — its every request is answered and paid for. The semantics stay (the
// limit is still reported as the run's cut, exit 4 for --max-cost), but the run says so before the first request,
// in one warning per limit naming it, instead of exceeding it silently.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { batchStopWarnings } from '../../../src/runner/bail.ts'
import { optionNames } from '../../../src/core/option-names.ts'
import { runEvaluation, type RunOptions } from '../../../src/runner/run-evaluation.ts'
import { weatherModel } from '../fake/behaviour.ts'
import { writeBatchSuite, type CaseShape } from './batch-suite.ts'
import { batchedChatProvider, memoryBatchApi } from './memory-batch-api.ts'

const work = mkdtempSync(join(tmpdir(), 'toolgauge-batch-stops-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))
let runs = 0

async function runBatched(shapes: readonly CaseShape[], options: Partial<RunOptions>) {
  const out = join(work, `run-${++runs}`)
  const suite = writeBatchSuite(join(work, `suite-${runs}`), shapes)
  const api = memoryBatchApi(weatherModel)
  const provider = batchedChatProvider(api)
  const warnings: string[] = []
  // In the CLI's words (core/option-names.ts), as `toolgauge run --batch --bail 1` says them.
  const outcome = await runEvaluation({ suitePaths: [suite], models: [provider.id], providers: [provider], outDir: out, onWarning: (warning) => warnings.push(warning), providerOptions: { optionNames: 'cli' }, ...options })
  return { outcome, warnings, api }
}

describe('stop rules a batch cannot obey', () => {
  it('--max-cost: warns once, naming the limit and why, and every case still runs (the cut is still reported, exit 4)', async () => {
    const { outcome, warnings, api } = await runBatched(Array<CaseShape>(6).fill(2), { maxCostUsd: 0.000001 })
    expect(warnings).toEqual([
      '--max-cost 0.000001 cannot stop a batch that has gone: batch mode (openai:gpt-4o-mini) starts every case of the run at once and each submitted batch is answered and paid for whole, so this run may spend past the limit; it is only reported when the run ends',
    ])
    expect(api.submitted.map((batch) => batch.length)).toEqual([6, 6])
    expect(outcome.report.results).toHaveLength(6)
    expect(outcome.report.run.cut).toMatchObject({ reason: 'max-cost', notRun: [] })
    expect(outcome.exitCode).toBe(4)
  })

  it('--bail: warns once, naming the limit, and every case still runs', async () => {
    const { outcome, warnings } = await runBatched(Array<CaseShape>(8).fill(1), { bail: 1 })
    expect(warnings).toEqual([
      '--bail 1 cannot stop a batch that has gone: batch mode (openai:gpt-4o-mini) starts every case of the run at once and each submitted batch is answered and paid for whole, so this run may go on past the limit; it is only reported when the run ends',
    ])
    expect(outcome.report.results).toHaveLength(8)
  })

  it('says nothing without a limit', async () => {
    const { warnings } = await runBatched([1, 1], {})
    expect(warnings).toEqual([])
  })

  it('says that --repeat-until checks --bail again before its next round, and nothing for a run without batches', () => {
    const cli = optionNames({ optionNames: 'cli' })
    expect(batchStopWarnings({ bail: 2 }, ['anthropic:claude-haiku-4-5'], true, cli)).toEqual([
      '--bail 2 cannot stop a batch that has gone: batch mode (anthropic:claude-haiku-4-5) starts every case of the run at once and each submitted batch is answered and paid for whole, so this run may go on past the limit; it stops the next --repeat-until round',
    ])
    expect(batchStopWarnings({ bail: 2, maxCostUsd: 1 }, [], false, cli)).toEqual([])
  })
})
