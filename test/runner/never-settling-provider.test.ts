// A caller's own Provider (RunOptions.providers, runCase's `model`) whose doGenerate never settles: the HTTP
// providers bound each attempt themselves, a caller's had no bound at all, and its case (and the run) hung forever.
// Now a model turn that does not settle within the model's `timeoutMs` ends the case as errored — provider_error
// for the model under test, judge_error for a judge, simulator_error for a simulated user —, the provider's signal is
// aborted so it can clean up, and the other cases run.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage, type ModelTurn } from '../../src/core/model-turn.ts'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { createProvider } from '../../src/providers/registry.ts'
import { runEvaluation, type RunOptions } from '../../src/runner/run-evaluation.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { boundedTurns } from '../../src/runner/bounded-turns.ts'
import { tempFiles } from '../helpers/cli.ts'
import { twoCityCases, weatherToolsJson } from '../helpers/two-city-suite.ts'

const answer = (text: string): ModelTurn => ({ text, toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 })

const callFor = (city: string): ModelTurn => ({
  text: '',
  toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: JSON.stringify({ city }) }],
  finishReason: { unified: 'tool-calls', raw: 'tool_calls' },
  usage: emptyUsage,
  latencyMs: 0,
})

/** Answers every case as the two-city suite expects (the city's call, then text); never settles where `stuck` says. */
function model(id: string, stuck: (request: GenerateRequest) => boolean): Provider & { aborted: string[] } {
  const aborted: string[] = []
  return {
    id,
    aborted,
    doGenerate(request, signal) {
      if (stuck(request)) {
        signal?.addEventListener('abort', () => aborted.push(request.context.caseId))
        return new Promise<never>(() => {})
      }
      if (request.messages.at(-1)?.role === 'tool') return Promise.resolve(answer('Done.'))
      return Promise.resolve(callFor(request.context.caseId === 'oslo' ? 'Oslo' : 'Paris'))
    },
  }
}

const never = (request: GenerateRequest) => request.context.caseId === 'oslo'

function twoCity(extraCaseLines: readonly string[] = []): string {
  return tempFiles({ 'tools.json': weatherToolsJson, 'suite.yaml': ['name: stuck', 'tools: ./tools.json', ...twoCityCases, ...extraCaseLines].join('\n') })
}

async function run(dir: string, options: Partial<RunOptions> & Pick<RunOptions, 'models' | 'providers'>) {
  return runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], outDir: join(dir, 'out'), concurrency: 1, ...options })
}

describe('a caller\'s model under test that never settles', () => {
  it('ends its case as provider_error within timeoutMs, aborts its signal, and the run goes on to the next case', { timeout: 20_000 }, async () => {
    const stuck = model('stuck', never)
    const outcome = await run(twoCity(), { models: ['stuck'], providers: [stuck], providerOptions: { timeoutMs: 50 } })
    const [oslo, paris] = outcome.report.results
    expect(oslo?.verdict).toBe('errored')
    expect(oslo?.failures).toEqual([{ kind: 'provider_error', message: expect.stringContaining('did not answer within 50 ms') }])
    expect(paris?.verdict, JSON.stringify(paris?.failures)).toBe('passed')
    expect(stuck.aborted).toEqual(['oslo'])
    expect(outcome.exitCode).toBe(3)
  })

  it('takes the bound from the model\'s own options (config providers: timeout) over the run\'s', { timeout: 20_000 }, async () => {
    const stuck = model('stuck', never)
    const outcome = await run(twoCity(), { models: ['stuck'], providers: [stuck], providerOptions: { timeoutMs: 600_000 }, modelOptions: { stuck: { timeoutMs: 40 } } })
    expect(outcome.report.results[0]?.failures).toEqual([{ kind: 'provider_error', message: expect.stringContaining('did not answer within 40 ms') }])
  })

  it('runCase with the caller\'s Provider: provider_error on the result, not a promise that never settles', { timeout: 20_000 }, async () => {
    const scored = await runCase({ suite: join(twoCity(), 'suite.yaml'), case: 'oslo', model: model('stuck', never), providerOptions: { timeoutMs: 50 } })
    expect(scored.result.failures).toEqual([{ kind: 'provider_error', message: expect.stringContaining('did not answer within 50 ms') }])
  })
})

describe('a caller\'s judge or simulated user that never settles', () => {
  it('a judge: judge_error for its case, the other case judged', { timeout: 20_000 }, async () => {
    const dir = tempFiles({
      'tools.json': weatherToolsJson,
      'suite.yaml': [
        'name: judged', 'tools: ./tools.json', 'cases:',
        '  - { id: oslo, prompt: Weather in Oslo?, expect: { calls: [{ name: get_weather, args: { city: Oslo } }], final: { judge: { model: slow-judge, rubric: Says the weather. } } } }',
        '  - { id: paris, prompt: Weather in Paris?, expect: { calls: [{ name: get_weather, args: { city: Paris } }], final: { judge: { model: slow-judge, rubric: Says the weather. } } } }',
      ].join('\n'),
    })
    const judge: Provider = { id: 'slow-judge', doGenerate: (request, signal) => (never(request) ? model('j', () => true).doGenerate(request, signal) : Promise.resolve(answer('{"score": 1, "reason": "ok"}'))) }
    const outcome = await run(dir, { models: ['agent'], providers: [model('agent', () => false), judge], providerOptions: { timeoutMs: 50 } })
    const [oslo, paris] = outcome.report.results
    expect(oslo?.failures).toEqual([{ kind: 'judge_error', message: expect.stringContaining('did not answer within 50 ms') }])
    expect(paris?.verdict, JSON.stringify(paris?.failures)).toBe('passed')
  })

  it('a simulated user: simulator_error for its case, the other case run', { timeout: 20_000 }, async () => {
    const dir = tempFiles({
      'tools.json': weatherToolsJson,
      'suite.yaml': [
        'name: simulated', 'tools: ./tools.json', 'cases:',
        '  - { id: oslo, user: { model: slow-user, instructions: Ask about Oslo., max_messages: 1 }, expect: { calls: [{ name: get_weather, args: { city: Oslo } }] } }',
        '  - { id: paris, user: { model: slow-user, instructions: Ask about Paris., max_messages: 1 }, expect: { calls: [{ name: get_weather, args: { city: Paris } }] } }',
      ].join('\n'),
    })
    const user: Provider = { id: 'slow-user', doGenerate: (request) => (never(request) ? new Promise<never>(() => {}) : Promise.resolve(answer('Weather in Paris?'))) }
    const outcome = await run(dir, { models: ['agent'], providers: [model('agent', () => false), user], providerOptions: { timeoutMs: 50 } })
    const [oslo, paris] = outcome.report.results
    expect(oslo?.failures).toEqual([expect.objectContaining({ kind: 'simulator_error', message: expect.stringContaining('did not answer within 50 ms') })])
    expect(paris?.verdict, JSON.stringify(paris?.failures)).toBe('passed')
  })
})

describe('which providers are bounded', () => {
  it('toolgauge\'s own providers are not wrapped: their HTTP layer bounds each attempt, and its retries and rate limits may take longer', async () => {
    const builtIn = await createProvider('baseline')
    expect(boundedTurns(builtIn, 50)).toBe(builtIn)
  })

  it('a caller\'s provider in batch mode is not wrapped either: its requests wait for the batch', () => {
    const batched = { id: 'batched', batch: {}, doGenerate: () => new Promise<never>(() => {}) } as unknown as Provider
    expect(boundedTurns(batched, 50)).toBe(batched)
  })
})
