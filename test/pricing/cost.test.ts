import { describe, expect, it } from 'vitest'
import type { Usage } from '../../src/core/model-turn.ts'
import { costOf, priceTableDate } from '../../src/pricing/index.ts'

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({ input, output, cacheRead, cacheWrite })

// Every expected figure below is worked by hand: tokens × USD per million ÷ 1,000,000.
describe('costOf', () => {
  it('prices uncached input and output', () => {
    // gpt-4.1-mini: 10,000 × $0.40 + 2,000 × $1.60 = $0.0040 + $0.0032
    expect(costOf('openai:gpt-4.1-mini', usage(10_000, 2_000))).toEqual({ usd: expect.closeTo(0.0072, 12), priced: true, table: priceTableDate })
  })

  it('charges cached input at the cached price and only the rest at the input price', () => {
    // gpt-4.1: 20,000 × $2 + 80,000 × $0.50 + 1,000 × $8 = $0.04 + $0.04 + $0.008
    const cost = costOf('openai:gpt-4.1', usage(100_000, 1_000, 80_000))
    expect(cost.priced && cost.usd).toBeCloseTo(0.088, 12)
  })

  it('charges Anthropic cache writes at the 5-minute write price', () => {
    // claude-sonnet-4-5: 10,000 × $3 + 30,000 × $0.30 + 10,000 × $3.75 + 2,000 × $15
    const cost = costOf('anthropic:claude-sonnet-4-5-20250929', usage(50_000, 2_000, 30_000, 10_000))
    expect(cost.priced && cost.usd).toBeCloseTo(0.1065, 12)
  })

  it('charges reasoning as output, since it is part of the output count', () => {
    // gpt-5: 2,000 × $1.25 + 5,000 × $10 (4,000 of them reasoning)
    const cost = costOf('openai-responses:gpt-5', { ...usage(2_000, 5_000), reasoning: 4_000 })
    expect(cost.priced && cost.usd).toBeCloseTo(0.0525, 12)
  })

  it('falls back to the input price for cache columns a row does not have', () => {
    // gpt-4 has no prompt caching: all 1,000,000 input tokens at $30
    const cost = costOf('openai:gpt-4', usage(1_000_000, 0, 400_000, 0))
    expect(cost.priced && cost.usd).toBeCloseTo(30, 12)
  })

  it('never charges negative input when a server reports more cached than prompt tokens', () => {
    // gpt-4o: 0 uncached + 2,000 × $1.25
    const cost = costOf('openai:gpt-4o', usage(1_000, 0, 2_000))
    expect(cost.priced && cost.usd).toBeCloseTo(0.0025, 12)
  })

  it('is zero for zero usage of a priced model', () => {
    expect(costOf('anthropic:claude-haiku-4-5', usage(0, 0))).toEqual({ usd: 0, priced: true, table: priceTableDate })
  })
})

describe('model names', () => {
  const perMillionInput = (spec: string) => {
    const cost = costOf(spec, usage(1_000_000, 0))
    return cost.priced ? cost.usd : cost.reason
  }

  it('matches dated snapshots and aliases by longest prefix', () => {
    expect(perMillionInput('openai:gpt-4o-2024-08-06')).toBeCloseTo(2.5, 12)
    expect(perMillionInput('openai:gpt-4o-2024-05-13')).toBeCloseTo(5, 12)
    expect(perMillionInput('openai:gpt-4o-mini-2024-07-18')).toBeCloseTo(0.15, 12)
    expect(perMillionInput('openai:gpt-5-mini-2025-08-07')).toBeCloseTo(0.25, 12)
    expect(perMillionInput('openai:o3-2025-04-16')).toBeCloseTo(2, 12)
    expect(perMillionInput('openai:gpt-4-0613')).toBeCloseTo(30, 12)
    expect(perMillionInput('anthropic:claude-sonnet-4-5-20250929')).toBeCloseTo(3, 12)
    expect(perMillionInput('anthropic:claude-opus-4-20250514')).toBeCloseTo(15, 12)
    expect(perMillionInput('anthropic:claude-opus-4-1-20250805')).toBeCloseTo(15, 12)
    expect(perMillionInput('anthropic:claude-3-5-haiku-latest')).toBeCloseTo(0.8, 12)
    expect(perMillionInput('anthropic:Claude-Haiku-4-5-20251001')).toBeCloseTo(1, 12)
  })

  it('tells newer models from their prefix instead of pricing them as it', () => {
    expect(perMillionInput('anthropic:claude-opus-4-6')).toBeCloseTo(5, 12)
    expect(perMillionInput('anthropic:claude-opus-4-9')).toMatch(/no price for anthropic:claude-opus-4-9/)
    expect(perMillionInput('anthropic:claude-sonnet-5-5')).toMatch(/no price/)
    expect(perMillionInput('openai:gpt-5.4')).toMatch(/no price/)
    expect(perMillionInput('openai:gpt-5-codex')).toMatch(/no price/)
  })

  it('does not price offline models', () => {
    expect(costOf('baseline', usage(10, 10))).toEqual({ priced: false, reason: 'baseline is an offline model' })
    expect(costOf('scripted:fixtures/weather.json', usage(10, 10))).toEqual({ priced: false, reason: 'scripted is an offline model' })
  })

  it('does not price unknown models, unknown providers or openai-compatible servers', () => {
    expect(costOf('openai:gpt-unknown', usage(10, 10))).toEqual({
      priced: false,
      reason: `no price for openai:gpt-unknown in the ${priceTableDate} table: add it under prices:`,
    })
    expect(costOf('mystery:gpt-4o', usage(10, 10))).toMatchObject({ priced: false, reason: expect.stringMatching(/unknown provider "mystery"/) })
    // an OpenAI model name behind some other server is not billed at OpenAI's price
    expect(costOf('openai-compatible:gpt-4o', usage(10, 10))).toMatchObject({ priced: false, reason: expect.stringMatching(/full spec/) })
    expect(costOf('openai-compatible:qwen3:8b', usage(10, 10))).toMatchObject({ priced: false })
  })
})
