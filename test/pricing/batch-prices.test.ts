// Batch prices (issue 27: "Costs are priced at the batch rate in the report; the price table gains batch prices
// with their date"): a turn a batch answered costs the provider's batch rate, cache columns included.
import { describe, expect, it } from 'vitest'
import type { Usage } from '../../src/core/model-turn.ts'
import { batchPrices, costOf, costOfTurns, mergePriceTable, priceTable202611 } from '../../src/pricing/index.ts'

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({ input, output, cacheRead, cacheWrite })

describe('batch prices', () => {
  it('are dated, sourced, and half the standard rate for each batch API', () => {
    expect(batchPrices.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(batchPrices.source).toMatch(/openai\.com.*claude\.com.*ai\.google\.dev/)
    expect(priceTable202611.batch).toBe(batchPrices)
    expect(batchPrices.share).toEqual({ openai: 0.5, 'openai-responses': 0.5, anthropic: 0.5, google: 0.5 })
  })

  it('price a batched turn at half, cache reads and writes included', () => {
    // gpt-4.1-mini: 0.4 in, 0.1 cached, 1.6 out per million.
    const direct = costOf('openai:gpt-4.1-mini', usage(10_000, 2_000, 4_000))
    const batched = costOf('openai:gpt-4.1-mini', usage(10_000, 2_000, 4_000), priceTable202611, { batch: true })
    expect(direct).toMatchObject({ priced: true, usd: expect.closeTo((6_000 * 0.4 + 4_000 * 0.1 + 2_000 * 1.6) / 1e6, 12) })
    expect(batched).toMatchObject({ priced: true, batch: true, usd: expect.closeTo((6_000 * 0.2 + 4_000 * 0.05 + 2_000 * 0.8) / 1e6, 12) })
    // claude-haiku-4-5: 1 in, 0.1 read, 1.25 write, 5 out — the cache multipliers stack on the batch rate.
    expect(costOf('anthropic:claude-haiku-4-5', usage(3_000, 1_000, 1_000, 1_000), priceTable202611, { batch: true }))
      .toMatchObject({ usd: expect.closeTo((1_000 * 0.5 + 1_000 * 0.05 + 1_000 * 0.625 + 1_000 * 2.5) / 1e6, 12), batch: true })
  })

  it('price the turns of a case by how each was sent', () => {
    const turns = [{ usage: usage(1_000, 100), batch: 'batch_1' }, { usage: usage(1_000, 100) }]
    const cost = costOfTurns('openai:gpt-4.1-mini', usage(2_000, 200), turns)
    expect(cost).toMatchObject({ priced: true, batch: true, usd: expect.closeTo((1_000 * 0.2 + 100 * 0.8 + 1_000 * 0.4 + 100 * 1.6) / 1e6, 12) })
    // No batched turn: the standard price of the total, as before.
    expect(costOfTurns('openai:gpt-4.1-mini', usage(2_000, 200), [{ usage: usage(2_000, 200) }])).toEqual(costOf('openai:gpt-4.1-mini', usage(2_000, 200)))
  })

  it('apply the provider\'s share to a config row; a model without a batch API keeps its price', () => {
    const table = mergePriceTable(priceTable202611, { 'gemini-2.5-flash': { input: 0.3, output: 2.5 }, 'google:gemini-2.5-flash': { input: 0.3, output: 2.5 }, 'openai-compatible:qwen3:8b': { input: 0.2, output: 0.6 } })
    expect(costOf('google:gemini-2.5-flash', usage(1_000_000, 0), table, { batch: true })).toMatchObject({ usd: 0.15, table: 'config', batch: true })
    expect(costOf('openai-compatible:qwen3:8b', usage(1_000_000, 0), table, { batch: true })).toEqual({ usd: 0.2, priced: true, table: 'config' })
  })
})
