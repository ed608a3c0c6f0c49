// Judges cache a verdict by its input, and describeSuite's tests share one Judges while each test has its own abort
// signal (vitest's timeout cuts one attempt). A judge call cut by one caller's abort is no verdict for any other
// caller asking about the same answer — another repeat waiting on the same call, or the retry of the cut attempt:
// each asks the judge again instead of taking the cut call's judge_error.
import { describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { Judges } from '../../src/runner/judges.ts'
import { makeCase } from '../helpers/cases.ts'

const judge = { model: 'custom-judge', rubric: 'Says the weather.', threshold: 0.5 }
const testCase = makeCase({ expect: { calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', final: { judge } } })

/** A judge whose first call waits until its signal aborts; later calls answer at once. */
function slowFirstJudge(): Provider & { calls: number } {
  const provider = {
    id: 'custom-judge',
    calls: 0,
    doGenerate: (_request: unknown, signal?: AbortSignal) => {
      provider.calls++
      if (provider.calls === 1) return new Promise<never>((_, reject) => signal?.addEventListener('abort', () => reject(new Error('This operation was aborted')), { once: true }))
      return Promise.resolve({ text: '{"score": 0.9, "reason": "Sunny."}', toolCalls: [], finishReason: { unified: 'stop' as const }, usage: emptyUsage, latencyMs: 1 })
    },
  }
  return provider
}

describe('a judge call cut by its caller\'s abort', () => {
  it('is no verdict for another caller of the same answer, waiting or later: they ask again', async () => {
    const provider = slowFirstJudge()
    const judges = new Judges({ providers: [provider as Provider] })
    await judges.prepare([testCase], 2)
    const ask = (signal: AbortSignal) => judges.judge({ testCase, judge, index: 0, question: 'Weather?', answer: 'Sunny.', signal })
    const cut = new AbortController()
    const first = ask(cut.signal)
    const waiting = ask(new AbortController().signal)
    cut.abort(new Error('the test timed out'))
    expect(await first).toEqual({ error: expect.stringContaining('the test timed out') })
    expect(await waiting).toEqual({ verdict: { score: 0.9, reason: 'Sunny.' } })
    expect(await ask(new AbortController().signal)).toEqual({ verdict: { score: 0.9, reason: 'Sunny.' } })
    // The answer the second call gave is cached as before: no third call.
    expect(provider.calls).toBe(2)
  })
})
