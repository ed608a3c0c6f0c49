// A turn's `retries` is a report field: a library caller's provider that does not say how many retries its request
// needed got `retries: 0` ("not retried") written on each turn record, a count nobody knew — as ProviderError.factsOf
// leaves an unknown count out rather than 0. toolgauge's own providers always say (the offline ones: 0, no request).
import { describe, expect, it } from 'vitest'
import { runLoop } from '../../src/index.ts'
import type { Provider } from '../../src/core/provider.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { makeCase, turn } from '../helpers/cases.ts'

describe('a turn record\'s retries', () => {
  it('is absent when the caller\'s provider does not say, and its count when it does', async () => {
    const answer = { text: 'Sunny.', toolCalls: [], finishReason: { unified: 'stop' as const }, usage: emptyUsage, latencyMs: 5 }
    const silent: Provider = { id: 'own', doGenerate: async () => answer }
    const [unknown] = (await runLoop(makeCase(), silent, { repeat: 0 })).turns
    expect(unknown).not.toHaveProperty('retries')
    const counted: Provider = { id: 'own', doGenerate: async () => ({ ...answer, retries: 2 }) }
    expect((await runLoop(makeCase(), counted, { repeat: 0 })).turns[0]?.retries).toBe(2)
  })

  it('is 0 for a scripted model, which sends no request', async () => {
    const testCase = makeCase()
    const transcript = await runLoop(testCase, scriptedProvider('scripted:test', new Map([[testCase.id, [[turn('Sunny.')]]]])), { repeat: 0 })
    expect(transcript.turns[0]?.retries).toBe(0)
  })
})
