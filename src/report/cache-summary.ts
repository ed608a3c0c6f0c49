import type { ModelSummary } from '../core/report.ts'
import { tableRow } from './markdown-text.ts'
import { escapeHtml } from './html/escape.ts'

/** Whether a result or row read from or wrote to a provider's prompt cache. */
export function usedCache(usage: { readonly cacheRead: number; readonly cacheWrite: number }): boolean {
  return usage.cacheRead > 0 || usage.cacheWrite > 0
}

/** USD as the report prints it: four decimals under a cent, else two. */
export function usdText(usd: number): string {
  return `$${usd < 0.01 ? usd.toFixed(4) : usd.toFixed(2)}`
}

/**
 * The cache table of the Markdown and HTML reports (README "Cutting the cost of a run"): its head and one row of
 * cells per summary row that read or wrote a cache — tokens read and written, the tool-definition tokens served from
 * the cache with their share (`toolTokens.cached`, `cachedShare`), the cost and what it would have been uncached.
 */
function cacheTable(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): { head: string[]; rows: string[][] } {
  const head = ['Model', 'Cache reads', 'Cache writes', 'Tool tokens cached', 'Cost', 'Uncached cost']
  const rows = summaries.filter((summary) => usedCache(summary.usage)).map((summary) => {
    const tokens = summary.toolTokens as { cached?: unknown; cachedShare?: unknown } | undefined
    const cost = summary.cost as { priced?: boolean; usd?: unknown; uncachedUsd?: unknown } | undefined
    const usd = (value: unknown) => (cost?.priced === true && typeof value === 'number' ? usdText(value) : '—')
    const share = typeof tokens?.cachedShare === 'number' ? ` (${Math.round(tokens.cachedShare * 100)}%)` : ''
    return [
      label(summary),
      String(summary.usage.cacheRead),
      String(summary.usage.cacheWrite),
      typeof tokens?.cached === 'number' ? `${tokens.cached}${share}` : '—',
      usd(cost?.usd),
      usd(cost?.uncachedUsd),
    ]
  })
  return { head, rows }
}

const cacheNote = 'Tokens read from and written to the providers\' prompt caches (--cache-tools marks the tool definitions cacheable); tool tokens cached = per request, its tool tokens up to its cache reads; uncached cost = the same tokens with none cached.'

/** The Markdown report's "Prompt cache" section, when a row read or wrote a cache; `label` gives the row's model cell. */
export function cacheMarkdown(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): string[] {
  const { head, rows } = cacheTable(summaries, label)
  if (rows.length === 0) return []
  return ['### Prompt cache', '', cacheNote, '', tableRow(head), tableRow(['---', ...head.slice(1).map(() => '---:')]), ...rows.map(tableRow), '']
}

/**
 * The HTML report's "Prompt cache" table, when a row read or wrote a cache; `label` gives the row's model name. Every
 * cell is escaped, the counts too: a report file's usage is not checked to hold numbers.
 */
export function cacheHtml(summaries: readonly ModelSummary[], label: (summary: ModelSummary) => string): string {
  const { head, rows } = cacheTable(summaries, label)
  if (rows.length === 0) return ''
  const body = rows.map((cells) => `<tr>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')
  return `<h2>Prompt cache</h2><p class="muted small">${escapeHtml(cacheNote)}</p><table class="cache-summary"><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`
}
