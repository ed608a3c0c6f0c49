// --max-cost <usd>: the run stops starting cases once its priced results cost the limit; cases in flight finish;
// report.json run.cut says so and lists what did not run; the exit code is 4. Errored results count (their
// requests were paid for); a model the price table cannot price is warned about before the first request.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { Provider } from '../../src/core/provider.ts'
import type { PriceTable } from '../../src/pricing/types.ts'
import { unpricedWarnings } from '../../src/runner/bail.ts'
import { optionNames } from '../../src/core/option-names.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const cities = ['Rome', 'Oslo', 'Bern', 'Paris', 'Lima']
const suite = ['name: spend', 'tools: ./tools.json', 'cases:',
  ...cities.map((city) => `  - { id: ${city.toLowerCase()}, prompt: Weather in ${city}?, expect: { calls: [{ name: get_weather, args: { city: ${city} } }] } }`)].join('\n')

// One million input tokens per request at $1 per million: each case (two requests) costs $2.
const prices: PriceTable = { date: '2026-12-01', source: 'test', models: { 'openai-compatible:paid': { input: 1, output: 0 } } }

/** Answers each case right; the `down` ones fail with an outage after their first request was billed. */
function provider(down: readonly string[] = []): Provider {
  return {
    id: 'openai-compatible:paid',
    async doGenerate({ context }) {
      const usage = { input: 1_000_000, output: 0, cacheRead: 0, cacheWrite: 0 }
      if (down.includes(context.caseId) && context.turn === 1) throw new ProviderError('HTTP 503 after 4 retries')
      const first = context.turn === 0
      const city = context.caseId[0]!.toUpperCase() + context.caseId.slice(1)
      return { text: first ? '' : 'Sunny.', toolCalls: first ? [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }] : [], finishReason: { unified: first ? 'tool-calls' : 'stop' }, usage, latencyMs: 1 }
    },
  }
}

describe('--max-cost', () => {
  it('stops starting cases once the spend reaches the limit: run.cut with the spend and what did not run, exit 4', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite })
    const outcome = await runEvaluation({ suitePaths: [dir], models: ['openai-compatible:paid'], providers: [provider()], outDir: join(dir, 'out'), concurrency: 1, prices, maxCostUsd: 5 })
    // $2 per case: after three cases ($6 ≥ $5) nothing more starts.
    expect(outcome.report.results.map((result) => result.case)).toEqual(['rome', 'oslo', 'bern'])
    expect(outcome.report.run.cut).toEqual({
      reason: 'max-cost', limit: 5, spentUsd: 6,
      notRun: [{ suite: 'spend', case: 'paris', model: 'openai-compatible:paid', repeat: 0 }, { suite: 'spend', case: 'lima', model: 'openai-compatible:paid', repeat: 0 }],
    })
    expect(outcome.exitCode).toBe(4)
  })

  it('counts what errored cases spent, and runs everything when the limit is not reached', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite })
    const cut = await runEvaluation({ suitePaths: [dir], models: ['openai-compatible:paid'], providers: [provider(['rome', 'oslo'])], outDir: join(dir, 'a'), concurrency: 1, prices, maxCostUsd: 2 })
    // rome errored after one billed request ($1), oslo too ($2): the limit is reached before bern.
    expect(cut.report.results.map((result) => result.case)).toEqual(['rome', 'oslo'])
    expect(cut.report.run.cut).toMatchObject({ reason: 'max-cost', spentUsd: 2 })
    const whole = await runEvaluation({ suitePaths: [dir], models: ['openai-compatible:paid'], providers: [provider()], outDir: join(dir, 'b'), concurrency: 1, prices, maxCostUsd: 100 })
    expect(whole.report.results).toHaveLength(5)
    expect(whole.report.run.cut).toBeUndefined()
    expect(whole.exitCode).toBe(0)
  })

  it('warns before the first request about a model it cannot price, and refuses a negative limit (exit 2)', async () => {
    const dir = tempFiles({ 'tools.json': tools, 'suite.yaml': suite })
    const warnings: string[] = []
    await runEvaluation({ suitePaths: [dir], models: ['openai-compatible:paid'], providers: [provider()], outDir: join(dir, 'out'), concurrency: 1, maxCostUsd: 5, onWarning: (warning) => warnings.push(warning) })
    expect(warnings).toEqual([expect.stringContaining('maxCostUsd cannot count what openai-compatible:paid spends')])
    const refused = await runMain(['run', dir, '--model', 'baseline', '--max-cost', '-1', '--out', join(dir, 'cli')])
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('--max-cost')
  })

  // Whether a model spends is the price lookup's `offline` field, not the word "offline" in its reason (or spec).
  it('warns about an unpriced model whose name says "offline", and not about baseline or scripted ones', () => {
    const named = (spec: string): Provider => ({ id: spec, spec, doGenerate: () => Promise.reject(new Error('not called')) })
    const warnings = unpricedWarnings([named('openai-compatible:llama3-offline'), named('baseline'), named('scripted:./script.json')], prices, optionNames({ optionNames: 'cli' }))
    expect(warnings).toEqual([expect.stringContaining('--max-cost cannot count what openai-compatible:llama3-offline spends')])
  })
})
