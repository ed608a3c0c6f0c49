// Ctrl-C while a judge grades a case's final answer interrupts the case, as it does during a model call: the case
// is not a result (no judge_error line in the journal) and --resume runs it again, judged by a judge that answers.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const tools = JSON.stringify([{ name: 'get_weather', description: 'Weather for a city', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }])
const suite = ['name: judged', 'tools: ./tools.json', 'cases:', '  - id: paris', '    prompt: Weather in Paris?', '    expect:', '      calls: [{ name: get_weather, args: { city: Paris } }]', '      final: { judge: { model: custom-judge, rubric: Says the weather. } }'].join('\n')
const script = ['paris:', '  - tool_calls: [{ id: c1, name: get_weather, arguments: { city: Paris } }]', '  - content: Sunny.'].join('\n')

/** A judge during whose call the user presses Ctrl-C (the run's signal aborts); it stops at the signal, as an HTTP call does. */
function interruptedJudge(interrupt: AbortController): Provider {
  return {
    id: 'custom-judge',
    doGenerate: (_request, signal) => new Promise((_, reject) => {
      signal?.addEventListener('abort', () => reject(new Error('This operation was aborted')), { once: true })
      interrupt.abort(new Error('interrupted (SIGINT)'))
    }),
  }
}

const answeringJudge: Provider = {
  id: 'custom-judge',
  doGenerate: async () => ({ text: '{"score": 0.9, "reason": "Says it is sunny."}', toolCalls: [], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 1 }),
}

describe('a run interrupted while a judge grades a case', () => {
  it('journals no result for the case (no judge_error), and --resume runs it again', async () => {
    const dir = tempFiles({ 'suite/tools.json': tools, 'suite/suite.yaml': suite, 'script.yaml': script })
    const out = join(dir, 'out')
    const options = { suitePaths: [join(dir, 'suite')], models: [`scripted:${join(dir, 'script.yaml')}`], outDir: out }
    const interrupt = new AbortController()
    const first = await runEvaluation({ ...options, providers: [interruptedJudge(interrupt)], signal: interrupt.signal })
    expect(first.report.run.interrupted).toBe(true)
    expect(first.report.results).toEqual([])
    expect(readFileSync(join(out, 'results.jsonl'), 'utf8')).toBe('')
    const resumed = await runEvaluation({ ...options, providers: [answeringJudge], resume: true })
    expect(resumed.resumed).toMatchObject({ kept: 0, rerun: 0 })
    expect(resumed.report.results.map((result) => [result.case, result.verdict])).toEqual([['paris', 'passed']])
  })
})
