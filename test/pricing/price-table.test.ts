import { describe, expect, it } from 'vitest'
import { isSnapshotOf, priceTable202611, priceTableDate, splitSpec } from '../../src/pricing/index.ts'

describe('the shipped price table', () => {
  it('states its date and source', () => {
    expect(priceTableDate).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(priceTable202611.date).toBe(priceTableDate)
    expect(priceTable202611.source).toMatch(/openai\.com/)
    expect(priceTable202611.source).toMatch(/claude\.com/)
  })

  it('has lower-case keys and sane prices on every row', () => {
    for (const [key, price] of Object.entries(priceTable202611.models)) {
      expect(key).toBe(key.toLowerCase())
      for (const value of [price.input, price.output, price.cachedInput ?? 0, price.cacheWrite ?? 0]) {
        expect(Number.isFinite(value) && value >= 0, key).toBe(true)
      }
      // a cache read never costs more than a plain input token
      expect(price.cachedInput ?? price.input, key).toBeLessThanOrEqual(price.input)
      expect(price.origin, key).toBeUndefined()
    }
  })

  it('covers the common OpenAI and Anthropic models', () => {
    const names = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'gpt-4.1-nano', 'o3', 'o4-mini', 'gpt-5', 'gpt-5-mini', 'gpt-5-nano']
    const claude = ['claude-opus-4-1', 'claude-opus-4-5', 'claude-sonnet-4', 'claude-sonnet-4-5', 'claude-haiku-4-5', 'claude-3-5-haiku']
    for (const name of [...names, ...claude]) expect(priceTable202611.models[name], name).toBeDefined()
    // Anthropic rows carry the 5-minute write price (1.25x input)
    expect(priceTable202611.models['claude-sonnet-4-5']).toEqual({ input: 3, output: 15, cachedInput: 0.3, cacheWrite: 3.75 })
  })
})

describe('spec helpers', () => {
  it('splits at the first colon only', () => {
    expect(splitSpec('openai-compatible:qwen3:8b')).toEqual({ provider: 'openai-compatible', model: 'qwen3:8b' })
    expect(splitSpec('baseline')).toEqual({ provider: 'baseline', model: '' })
  })

  it('accepts dated snapshots and -latest, not other suffixes', () => {
    expect(isSnapshotOf('gpt-4o-2024-08-06', 'gpt-4o')).toBe(true)
    expect(isSnapshotOf('claude-sonnet-4-5-20250929', 'claude-sonnet-4-5')).toBe(true)
    expect(isSnapshotOf('claude-3-5-haiku-latest', 'claude-3-5-haiku')).toBe(true)
    expect(isSnapshotOf('gpt-4o-mini', 'gpt-4o')).toBe(false)
    expect(isSnapshotOf('claude-opus-4-6', 'claude-opus-4')).toBe(false)
    expect(isSnapshotOf('gpt-5.4', 'gpt-5')).toBe(false)
  })
})

describe('google: models', () => {
  it('are priced from the Gemini rows of the shipped table (the adapter exists, so its models must not be "unknown provider")', async () => {
    const { costOf } = await import('../../src/pricing/index.ts')
    const usage = { input: 1_000_000, output: 1_000_000, cacheRead: 0, cacheWrite: 0 }
    expect(costOf('google:gemini-2.5-flash', usage)).toMatchObject({ priced: true, usd: 0.3 + 2.5 })
    expect(costOf('google:gemini-2.5-pro', usage)).toMatchObject({ priced: true, usd: 1.25 + 10 })
    // the longest name wins: flash-lite is not priced as flash
    expect(costOf('google:gemini-2.5-flash-lite', usage)).toMatchObject({ priced: true, usd: 0.1 + 0.4 })
    // implicit cache hits are billed at the cached-input price
    const cached = costOf('google:gemini-2.5-flash', { input: 1_000_000, output: 0, cacheRead: 1_000_000, cacheWrite: 0 })
    expect(cached).toMatchObject({ priced: true, usd: 0.03, uncachedUsd: 0.3 })
    // batch mode is half of every column
    expect(costOf('google:gemini-2.5-flash', usage, undefined, { batch: true })).toMatchObject({ priced: true, usd: (0.3 + 2.5) / 2, batch: true })
  })
})
