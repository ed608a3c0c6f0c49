import { describe, expect, it } from 'vitest'
import { parse } from 'yaml'
import { InputError } from '../../src/core/errors.ts'
import type { Usage } from '../../src/core/model-turn.ts'
import { costOf, mergePriceTable, priceTable202611, priceTableDate } from '../../src/pricing/index.ts'

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({ input, output, cacheRead, cacheWrite })

describe('mergePriceTable', () => {
  it('prices an openai-compatible model keyed by its full spec, and says the price came from config', () => {
    const table = mergePriceTable(priceTable202611, { 'openai-compatible:qwen3:8b': { input: 0.2, output: 0.6 } })
    // 1,000,000 × $0.20 + 500,000 × $0.60
    expect(costOf('openai-compatible:qwen3:8b', usage(1_000_000, 500_000), table)).toEqual({ usd: expect.closeTo(0.5, 12), priced: true, table: 'config' })
  })

  it('replaces a whole shipped row: no cached_input means no cache discount', () => {
    const table = mergePriceTable(priceTable202611, { 'GPT-4o': { input: 3, output: 12 } })
    // 1,000 input (500 cached, still $3) × $3 + 100 × $12
    // with cache reads the uncached figure is reported beside it (the same here: the row gives no discount)
    expect(costOf('openai:gpt-4o-2024-08-06', usage(1_000, 100, 500), table)).toEqual({ usd: expect.closeTo(0.0042, 12), uncachedUsd: expect.closeTo(0.0042, 12), priced: true, table: 'config' })
    // other rows keep the shipped prices and the table date
    expect(costOf('openai:gpt-4o-mini', usage(1_000_000, 0), table)).toEqual({ usd: expect.closeTo(0.15, 12), priced: true, table: priceTableDate })
  })

  it('uses cached_input and cache_write when given, and the input price for a missing cache_write', () => {
    const table = mergePriceTable(priceTable202611, {
      'claude-haiku-4-5': { input: 1, output: 5, cached_input: 0.1 },
      'anthropic:claude-sonnet-4-5': { input: 2, output: 10, cached_input: 0.2, cache_write: 2.5 },
    })
    // haiku: 1,000 × $1 + 2,000 × $0.10 + 3,000 × $1 (write at input) + 1,000 × $5
    expect(costOf('anthropic:claude-haiku-4-5', usage(6_000, 1_000, 2_000, 3_000), table)).toMatchObject({ usd: expect.closeTo(0.0092, 12) })
    // a spec key beats the shipped name key, snapshots included: 1,000 × $2 + 2,000 × $0.20 + 3,000 × $2.50 + 1,000 × $10
    expect(costOf('anthropic:claude-sonnet-4-5-20250929', usage(6_000, 1_000, 2_000, 3_000), table)).toMatchObject({
      usd: expect.closeTo(0.0199, 12),
      table: 'config',
    })
  })

  it('takes the prices: map as YAML parses it, spec keys with colons included', () => {
    const config = parse('prices:\n  openai-compatible:qwen3:8b:\n    input: 0.1\n    output: 0.3\n') as { prices: unknown }
    const table = mergePriceTable(priceTable202611, config.prices, 'toolgauge.config.yaml')
    // 10,000 × $0.10 + 10,000 × $0.30
    expect(costOf('openai-compatible:qwen3:8b', usage(10_000, 10_000), table)).toMatchObject({ usd: expect.closeTo(0.004, 12), table: 'config' })
  })

  it('prices zero-cost local models when the config says so', () => {
    const table = mergePriceTable(priceTable202611, { 'openai-compatible:llama3.2': { input: 0, output: 0 } })
    expect(costOf('openai-compatible:llama3.2', usage(5_000, 5_000), table)).toEqual({ usd: 0, priced: true, table: 'config' })
  })

  it('leaves the base table alone and returns it when there are no overrides', () => {
    const before = priceTable202611.models['gpt-4o']
    mergePriceTable(priceTable202611, { 'gpt-4o': { input: 99, output: 99 } })
    expect(priceTable202611.models['gpt-4o']).toBe(before)
    expect(mergePriceTable(priceTable202611, undefined)).toBe(priceTable202611)
    expect(mergePriceTable(priceTable202611, null)).toBe(priceTable202611)
  })
})

describe('bad overrides', () => {
  const failure = (overrides: unknown, file?: string): InputError => {
    try {
      mergePriceTable(priceTable202611, overrides, file)
    } catch (error) {
      expect(InputError.isInstance(error)).toBe(true)
      return error as InputError
    }
    throw new Error('expected an InputError')
  }

  it('names the field of a bad value', () => {
    expect(failure({ 'gpt-4o': { input: '2.5', output: 10 } }).message).toBe(
      'prices.gpt-4o.input: expected a non-negative number of USD per million tokens, got "2.5"',
    )
    expect(failure({ 'gpt-4o': { input: 2.5, output: -1 } }).location?.field).toBe('prices.gpt-4o.output')
    expect(failure({ 'gpt-4o': { input: 2.5, output: 10, cached_input: Number.NaN } }).message).toBe(
      'prices.gpt-4o.cached_input: expected a non-negative number of USD per million tokens, got NaN',
    )
    expect(failure({ 'gpt-4o': { input: 2.5, output: 10, cache_write: Infinity } }).location?.field).toBe('prices.gpt-4o.cache_write')
  })

  it('requires input and output', () => {
    expect(failure({ 'gpt-4o': { input: 2.5 } }).message).toBe('prices.gpt-4o.output: required (USD per million tokens)')
  })

  it('rejects unknown fields, so a typo does not silently drop a price', () => {
    expect(failure({ 'gpt-4o': { input: 2.5, output: 10, cache_read: 1 } }).message).toBe(
      'prices.gpt-4o.cache_read: unknown price field (did you mean "cached_input"?); expected one of input, output, cached_input, cache_write',
    )
  })

  it('rejects rows and tables of the wrong shape, naming the file when given', () => {
    expect(failure({ 'gpt-4o': 2.5 }).location?.field).toBe('prices.gpt-4o')
    expect(failure({ 'gpt-4o': [2.5, 10] }).location?.field).toBe('prices.gpt-4o')
    expect(failure({ ' ': { input: 1, output: 1 } }).location?.field).toBe('prices')
    expect(failure({ 'GPT-4o': { input: 1, output: 1 }, 'gpt-4o': { input: 2, output: 2 } }).message).toBe(
      'prices.gpt-4o: listed twice (keys are case-insensitive)',
    )
    expect(failure(['gpt-4o'], 'toolgauge.config.yaml').message).toBe(
      'toolgauge.config.yaml: prices: expected a map of model name or spec to prices',
    )
  })
})
