// How a turn stopped is scored: a cut or refused last turn is the verdict on what did not come after it; an
// `error` finish reason from a custom provider is provider_error (errored); a cut turn in the middle is a failure
// beside the others.
import { describe, expect, it } from 'vitest'
import type { FinishReason, ModelTurn } from '../../src/core/model-turn.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { isErroredResult } from '../../src/core/verdict.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import { kinds, makeCase } from '../helpers/cases.ts'

type Step = { readonly text?: string; readonly calls?: readonly [string, string][]; readonly finish: FinishReason }

/** A custom provider playing the given turns, finish reasons included (the scripted provider sets its own). */
function playing(steps: readonly Step[]): Provider {
  return {
    id: 'custom',
    async doGenerate(request): Promise<ModelTurn> {
      const step = steps[request.context.turn] ?? { finish: { unified: 'stop' } }
      return {
        text: step.text ?? '',
        toolCalls: (step.calls ?? []).map(([name, rawArguments], index) => ({ id: `c${request.context.turn}_${index}`, name, rawArguments })),
        finishReason: step.finish,
        usage: emptyUsage,
        latencyMs: 0,
      }
    },
  }
}

async function score(testCase: ReturnType<typeof makeCase>, steps: readonly Step[]) {
  return scoreCase(testCase, await runCase(testCase, playing(steps), { repeat: 0 }))
}

const paris = { name: 'get_weather', args: { city: 'Paris' } }

describe('finish reasons in scoring', () => {
  it('a first turn cut with no call under tool_choice required is truncated alone', async () => {
    const result = await score(makeCase({ toolChoice: 'required', expect: { calls: [paris], final: { contains: ['18'] } } }), [{ text: 'Let me', finish: { unified: 'length', raw: 'length' } }])
    expect(kinds(result)).toEqual(['truncated'])
    expect(result.passed).toBe(false)
  })

  it('a cut turn in the middle is truncated, and the failures of the rest of the case stay', async () => {
    const result = await score(makeCase({ expect: { calls: [paris, { name: 'get_weather', args: { city: 'Tokyo' } }] } }), [
      { calls: [['get_weather', '{"city":"Paris"}']], finish: { unified: 'length', raw: 'max_tokens' } },
      { text: 'Done.', finish: { unified: 'stop' } },
    ])
    expect(kinds(result)).toEqual(['missing_call', 'truncated'])
  })

  it('a refusal on an irrelevance case is refused, not a pass', async () => {
    const result = await score(makeCase({ expect: { noCall: true } }), [{ text: '', finish: { unified: 'content-filter', raw: 'SAFETY' } }])
    expect(kinds(result)).toEqual(['refused'])
  })

  it('an error finish reason from a custom provider is provider_error alone: errored', async () => {
    const result = await score(makeCase({ expect: { noCall: true } }), [{ text: '', finish: { unified: 'error', raw: 'boom' } }])
    expect(kinds(result)).toEqual(['provider_error'])
    expect(isErroredResult(result)).toBe(true)
  })

  it('a missing finish reason (a custom provider: other) is scored on the content', async () => {
    const result = await score(makeCase({ expect: { noCall: true } }), [{ text: 'No call needed.', finish: { unified: 'other' } }])
    expect(kinds(result)).toEqual([])
  })
})
