// Issue 27, "Tool definitions cached, not re-bought": usage with cache reads is priced correctly, the summary keeps
// the uncached cost beside the actual one, the tool-token figures gain the share served from the cache, and the
// console table, Markdown and HTML show cache reads and writes per model. Rows that read no cache stay as they were.
import { describe, expect, it } from 'vitest'
import type { Usage } from '../../src/core/model-turn.ts'
import type { CaseResult, ResultTurn } from '../../src/core/result.ts'
import { costOf, priceTableDate, uncachedUsdOf } from '../../src/pricing/index.ts'
import { findPrice } from '../../src/pricing/lookup.ts'
import { defaultPriceTable } from '../../src/pricing/cost.ts'
import { summaryGroup } from '../../src/report/summarize.ts'
import { GroupedSummaries } from '../../src/report/summary-accumulator.ts'
import { renderTable } from '../../src/report/table.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf, sampleResults } from './sample-report.ts'

const usage = (input: number, output: number, cacheRead = 0, cacheWrite = 0): Usage => ({ input, output, cacheRead, cacheWrite })

describe('the cost of usage with a cached share', () => {
  it('anthropic: reads at the cached price, writes at the write price, and the uncached figure beside it', () => {
    // claude-sonnet-4-5: actual 10,000 × $3 + 30,000 × $0.30 + 10,000 × $3.75 + 2,000 × $15 = $0.1065;
    // uncached 50,000 × $3 + 2,000 × $15 = $0.18
    const cost = costOf('anthropic:claude-sonnet-4-5-20250929', usage(50_000, 2_000, 30_000, 10_000))
    expect(cost).toEqual({ usd: expect.closeTo(0.1065, 12), uncachedUsd: expect.closeTo(0.18, 12), priced: true, table: priceTableDate })
  })

  it('openai: cached input at the cached price; uncached at the input price', () => {
    // gpt-4.1: actual 20,000 × $2 + 80,000 × $0.50 + 1,000 × $8 = $0.088; uncached 100,000 × $2 + $0.008 = $0.208
    const cost = costOf('openai:gpt-4.1', usage(100_000, 1_000, 80_000))
    expect(cost.priced && cost.uncachedUsd).toBeCloseTo(0.208, 12)
    const found = findPrice(defaultPriceTable, 'openai:gpt-4.1')
    expect(found.found && uncachedUsdOf(usage(100_000, 1_000, 80_000), found.price)).toBeCloseTo(0.208, 12)
  })

  it('usage without cache tokens carries no uncached figure (results stay as they were)', () => {
    expect(costOf('openai:gpt-4.1-mini', usage(10_000, 2_000))).toEqual({ usd: expect.closeTo(0.0072, 12), priced: true, table: priceTableDate })
  })
})

const turnWith = (cacheRead: number): ResultTurn => ({ index: 0, text: '', calls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: usage(1_000, 10, cacheRead) }) as unknown as ResultTurn

/** A 2-request case whose tools count 300 tokens a request: the first request wrote the cache, the second read 500. */
function cachedResult(caseId: string): CaseResult {
  return makeResult({
    case: caseId,
    passed: true,
    turns: [turnWith(0), turnWith(500)],
    usage: usage(2_000, 20, 500, 400),
    toolTokens: { perRequest: 300, requests: 2, total: 600, method: 'exact-render', confidence: 0 },
    cost: { priced: true, usd: 0.01, uncachedUsd: 0.03, table: priceTableDate },
  })
}

function summaries(results: readonly CaseResult[]) {
  const grouped = new GroupedSummaries(summaryGroup)
  for (const result of results) grouped.add(result)
  return grouped.finish()
}

describe('the summary of a run that read a prompt cache', () => {
  const cached = summaries([cachedResult('a'), cachedResult('b')])[0]!

  it('sums the uncached cost beside the actual one, and the cache reads and writes', () => {
    expect(cached.cost).toEqual({ priced: true, usd: expect.closeTo(0.02, 12), uncachedUsd: expect.closeTo(0.06, 12), table: priceTableDate })
    expect(cached.usage).toMatchObject({ cacheRead: 1_000, cacheWrite: 800 })
  })

  it('tool tokens gain the cached share: per request, its tool tokens up to its cache reads', () => {
    // Each case: request 1 read nothing, request 2 read 500 ≥ 300 tool tokens → 300 of 600 cached.
    expect(cached.toolTokens).toMatchObject({ total: 1_200, cached: 600, cachedShare: 0.5 })
  })

  it('a result without cache tokens costs its actual figure uncached; a run without any has no cache fields', () => {
    const mixed = summaries([cachedResult('a'), makeResult({ case: 'c', passed: true, cost: { priced: true, usd: 0.005, table: priceTableDate } })])[0]!
    expect((mixed.cost as { uncachedUsd: number }).uncachedUsd).toBeCloseTo(0.035, 12)
    const plain = summaries([makeResult({ case: 'c', passed: true, cost: { priced: true, usd: 0.005, table: priceTableDate }, toolTokens: { perRequest: 300, requests: 1, total: 300, method: 'exact-render', confidence: 0 } })])[0]!
    expect(plain.cost).not.toHaveProperty('uncachedUsd')
    expect(plain.toolTokens).not.toHaveProperty('cached')
  })

  it('the console table shows cache read/write, the cached share and the uncached cost; a plain run shows none', () => {
    const table = renderTable([cached])
    expect(table).toContain('cache read/write')
    expect(table).toContain('1000 / 800')
    expect(table).toContain('50.0% cached')
    expect(table).toContain('$0.02 (uncached $0.06)')
    const plain = renderTable(summaries([makeResult({ case: 'c', passed: true })]))
    expect(plain).not.toContain('cache')
  })

  it('Markdown and HTML carry a "Prompt cache" table per model; without cache use neither has one', () => {
    // The cases' own sections come from sample results; the summary row is the cached one above.
    const report = reportOf(sampleResults())
    const withCache = { ...report, summary: [cached] }
    const markdown = toMarkdown(withCache)
    expect(markdown).toContain('### Prompt cache')
    expect(markdown).toMatch(/\| `model-a` \| 1000 \| 800 \| 600 \(50%\) \| \$0\.02 \| \$0\.06 \|/)
    const html = toHtml(withCache)
    expect(html).toContain('<h2>Prompt cache</h2>')
    expect(html).toContain('<td>600 (50%)</td>')
    const plain = reportOf(sampleResults())
    expect(toMarkdown(plain)).not.toContain('Prompt cache')
    expect(toHtml(plain)).not.toContain('Prompt cache')
  })
})
