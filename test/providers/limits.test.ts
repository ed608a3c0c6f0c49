import { describe, expect, it } from 'vitest'
import type { Provider } from '../../src/core/provider.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { createRateWindow, withLimits } from '../../src/providers/limits.ts'

const request = { messages: [], tools: [], toolChoice: 'auto' as const, context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } }

describe('per-provider limits', () => {
  it('never has more than maxConcurrency requests in flight', async () => {
    let inFlight = 0
    let peak = 0
    const slow: Provider = {
      id: 'fake',
      async doGenerate() {
        peak = Math.max(peak, ++inFlight)
        await new Promise((resolve) => setTimeout(resolve, 5))
        inFlight--
        return { text: '', toolCalls: [], finishReason: { unified: 'stop' }, usage: emptyUsage, latencyMs: 0 }
      },
    }
    const limited = withLimits(slow, { maxConcurrency: 3 })
    await Promise.all(Array.from({ length: 20 }, () => limited.doGenerate(request)))
    expect(peak).toBe(3)
  })

  it('returns the provider itself when no limit is set', () => {
    const provider: Provider = { id: 'x', doGenerate: async () => { throw new Error('unused') } }
    expect(withLimits(provider, {})).toBe(provider)
  })

  it('starts at most N requests in any rolling minute (fake clock)', async () => {
    let clock = 0
    const waits: number[] = []
    const window = createRateWindow(2, () => clock, async (ms) => {
      waits.push(ms)
      clock += ms
    })
    const starts: number[] = []
    for (let index = 0; index < 5; index++) {
      clock += 1_000
      await window.acquire()
      starts.push(clock)
    }
    expect(starts).toEqual([1_000, 2_000, 61_000, 62_000, 121_000])
    for (let index = 2; index < starts.length; index++) expect(starts[index]! - starts[index - 2]!).toBeGreaterThanOrEqual(60_000)
    expect(waits).toEqual([58_000, 58_000])
  })
})
