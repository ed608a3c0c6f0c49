import type { CaseResult } from '../core/result.ts'
import type { ModelSummary } from '../core/report.ts'

/** A summary row's prompt-cache figures, as the report files carry them (README "Cutting the cost of a run"). */
export type CacheFigures = {
  /** Tokens read from the provider's prompt cache (`usage.cacheRead`). */
  readonly read: number
  /** Tokens written to it (`usage.cacheWrite`; Anthropic bills them above the input price). */
  readonly written: number
  /** The tool-definition tokens served from the cache (`toolTokens.cached`), when tool tokens were counted. */
  readonly toolTokensCached?: number
  /** That share of all tool-definition tokens (`toolTokens.cachedShare`). */
  readonly toolTokensCachedShare?: number | null
  /** What the row cost, and what it would have cost with nothing cached (`cost.usd`, `cost.uncachedUsd`). */
  readonly usd?: number
  readonly uncachedUsd?: number
}

/** Running sum behind a row's `cost.uncachedUsd`: what its priced results would have cost with nothing cached. */
export class UncachedCostTally {
  private readonly uncached: number[] = []
  private anyCache = false

  /** Folds in one result. */
  add(result: CaseResult): void {
    if (usedCache(result.usage)) this.anyCache = true
    const cost = result.cost
    if (cost?.priced === true) this.uncached.push(cost.uncachedUsd ?? cost.usd)
  }

  /** Nothing when no result read or wrote a cache (the row's cost stays as it was). */
  finish(): number | undefined {
    if (!this.anyCache) return undefined
    let total = 0
    // Summed in sorted order, as the row's cost is, so the figure does not depend on the order results finished in.
    for (const usd of [...this.uncached].sort((a, b) => a - b)) total += usd
    return total
  }
}

/** Whether a result or row read from or wrote to a provider's prompt cache. */
export function usedCache(usage: { readonly cacheRead: number; readonly cacheWrite: number }): boolean {
  return usage.cacheRead > 0 || usage.cacheWrite > 0
}

/** The cache figures of a summary row, or undefined when it read and wrote nothing cached. */
function cacheFigures(summary: ModelSummary): CacheFigures | undefined {
  const { cacheRead, cacheWrite } = summary.usage
  if (cacheRead === 0 && cacheWrite === 0) return undefined
  const tokens = summary.toolTokens as { cached?: unknown; cachedShare?: unknown } | undefined
  const cost = summary.cost as { priced?: boolean; usd?: unknown; uncachedUsd?: unknown } | undefined
  return {
    read: cacheRead,
    written: cacheWrite,
    ...(typeof tokens?.cached === 'number' ? { toolTokensCached: tokens.cached } : {}),
    ...(typeof tokens?.cachedShare === 'number' || tokens?.cachedShare === null ? { toolTokensCachedShare: tokens.cachedShare } : {}),
    ...(cost?.priced === true && typeof cost.usd === 'number' ? { usd: cost.usd } : {}),
    ...(cost?.priced === true && typeof cost.uncachedUsd === 'number' ? { uncachedUsd: cost.uncachedUsd } : {}),
  }
}

/** USD as the report prints it: four decimals under a cent, else two. */
export function usdText(usd: number): string {
  return `$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`
}

/** The cache table of the Markdown and HTML reports: its head and one row of cells per row that used a cache. */
export function cacheTable(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): { head: string[]; rows: string[][] } {
  const head = ['Model', 'Cache reads', 'Cache writes', 'Tool tokens cached', 'Cost', 'Uncached cost']
  const rows: string[][] = []
  for (const summary of summaries) {
    const figures = cacheFigures(summary)
    if (!figures) continue
    const share = figures.toolTokensCachedShare
    rows.push([
      label(summary),
      String(figures.read),
      String(figures.written),
      figures.toolTokensCached === undefined ? '—' : `${figures.toolTokensCached}${typeof share === 'number' ? ` (${Math.round(share * 100)}%)` : ''}`,
      figures.usd === undefined ? '—' : usdText(figures.usd),
      figures.uncachedUsd === undefined ? '—' : usdText(figures.uncachedUsd),
    ])
  }
  return { head, rows }
}
