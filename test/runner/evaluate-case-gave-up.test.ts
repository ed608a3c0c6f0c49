// evaluateCase when the harness gives up on a case (its signal aborted with a HarnessError: describeSuite's test
// timeout) while the case's own checks run, after the loop: the case ends as harness_error saying why, with its turns,
// not as the judge_error of the judge call the abort cut.
import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { HarnessError } from '../../src/loop/harness-error.ts'
import { defaultPriceTable } from '../../src/pricing/index.ts'
import { evaluateCase } from '../../src/runner/evaluate-case.ts'
import { Judges } from '../../src/runner/judges.ts'
import { Simulators } from '../../src/runner/simulators.ts'
import { ToolSets } from '../../src/runner/tool-sets.ts'
import { ToolTokenCounter } from '../../src/runner/tool-token-cost.ts'
import { makeCase } from '../helpers/cases.ts'

const judge = { model: 'custom-judge', rubric: 'Says the weather.', threshold: 0.5 }
const testCase = makeCase({ expect: { calls: [], order: 'any', parallel: false, noCall: true, matching: 'default', final: { judge } } })
const model = { id: 'custom-model', doGenerate: async () => ({ text: 'Sunny in Paris.', toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 1 }) } as unknown as Provider

describe('evaluateCase when the harness gives up on a case during its checks', () => {
  it('a judge call cut by the abort leaves the case harness_error, saying why, its turns kept', async () => {
    const abort = new AbortController()
    const reason = "the test timed out after 1500 ms (vitest's testTimeout) and its case was stopped"
    // The judge is asked, and the harness gives up on the case while it waits for the answer.
    const doGenerate = (_request: unknown, signal?: AbortSignal) => new Promise((_resolve, reject) => {
      signal?.addEventListener('abort', () => reject(signal.reason), { once: true })
      abort.abort(new HarnessError(reason))
    })
    const judges = new Judges({ providers: [{ id: 'custom-judge', doGenerate } as unknown as Provider] })
    await judges.prepare([testCase], 1)
    const context = { tokenCounter: new ToolTokenCounter(), prices: defaultPriceTable, secrets: [], toolSets: new ToolSets([]), simulators: new Simulators({}), judges, signal: abort.signal }
    const evaluated = await evaluateCase({ testCase, provider: model, repeat: 0, hooks: {} }, context)
    expect([evaluated?.result.verdict, evaluated?.result.failures.map((failure) => failure.kind), evaluated?.result.turns.length]).toEqual(['errored', ['harness_error'], 1])
    expect(evaluated?.result.failures[0]?.message).toBe(reason)
  })
})
