import Table from 'cli-table3'
import type { ModelSummary } from '../core/report.ts'
import { erroredOf, passedText, percent } from './metric-text.ts'
import type { ToolTokensSummary } from './tool-tokens-summary.ts'
import { usdText, usedCache } from './cache-summary.ts'
import { conversationColumns, hasConversations } from './conversation-summary.ts'
import { annotateVariantCell, groupByModel, variantLegend } from '../variants/variant-cells.ts'
import type { VariantComparison } from '../variants/variant-deltas.ts'

/** The columns of the console table, one per summary metric. */
const columns: readonly { title: string; value: (summary: ModelSummary) => string }[] = [
  { title: 'model', value: (s) => s.model },
  // Passed out of the scored results: errored ones (an outage, harness code) are no verdict and have their own column.
  { title: 'cases', value: (s) => passedText(s) },
  { title: 'accuracy', value: (s) => percent(s.accuracy) },
  { title: 'selection', value: (s) => percent(s.selectionAccuracy) },
  { title: 'arguments', value: (s) => percent(s.argumentAccuracy) },
  { title: 'halluc. tool', value: (s) => percent(s.hallucinatedToolRate) },
  { title: 'halluc. param', value: (s) => percent(s.hallucinatedParamRate) },
  { title: 'schema viol.', value: (s) => percent(s.schemaViolationRate) },
  { title: 'parallel', value: (s) => percent(s.parallelAccuracy) },
  { title: 'irrelevance', value: (s) => percent(s.irrelevanceAccuracy) },
  { title: 'tool tok/req', value: (s) => perRequest(s) },
  { title: 'tool tok total', value: (s) => totalTokens(s) },
  { title: 'cost', value: (s) => cost(s) },
]

function cost(summary: ModelSummary): string {
  const value = summary.cost as { priced: boolean; usd?: number; uncachedUsd?: number } | undefined
  if (!value?.priced || value.usd === undefined) return '—'
  // With a prompt cache the uncached figure stays beside the actual one: the saving is shown, never hidden.
  return value.uncachedUsd !== undefined ? `${usdText(value.usd)} (uncached ${usdText(value.uncachedUsd)})` : usdText(value.usd)
}

/** Offline count per request (`~` marks an estimate), with the measured figure where the provider reported usage. */
function perRequest(summary: ModelSummary): string {
  const tokens = summary.toolTokens as ToolTokensSummary | undefined
  if (!tokens) return '—'
  const counted = `${tokens.method === 'exact-render' ? '' : '~'}${Math.round(tokens.perRequest)}`
  return tokens.measuredPerRequest !== undefined ? `${counted} (measured ${Math.round(tokens.measuredPerRequest)})` : counted
}

/** Total over the run, and its share of all input tokens where the provider reported them. */
function totalTokens(summary: ModelSummary): string {
  const tokens = summary.toolTokens as ToolTokensSummary | undefined
  if (!tokens) return '—'
  // With prompt-cache reads, the share of the tool tokens served from the cache.
  const parts = [...(tokens.share === null ? [] : [`${percent(tokens.share)} of input`]), ...(typeof tokens.cachedShare === 'number' ? [`${percent(tokens.cachedShare)} cached`] : [])]
  return parts.length === 0 ? String(tokens.total) : `${tokens.total} (${parts.join(', ')})`
}

// Shown after `accuracy` only when the run has conversations: a single-request run's table stays as it was.
const conversationConsoleColumns = conversationColumns.map(({ title, value }) => ({ title: title.toLowerCase(), value }))

const erroredColumn = { title: 'errored', value: (s: ModelSummary) => String(erroredOf(s)) }
// Tokens read from and written to the providers' prompt caches.
const cacheColumn = { title: 'cache read/write', value: (s: ModelSummary) => (usedCache(s.usage) ? `${s.usage.cacheRead} / ${s.usage.cacheWrite}` : '—') }

/**
 * The results table: one row per model, or with `bySuite` one per suite × model (rows carrying `suite`, from
 * the runner's per-suite aggregates or `summarize` over one suite's results). An `errored` column appears beside
 * `cases` when any result errored; the conversation figures (turns, tasks, state match, calls/case, repeated calls)
 * after `accuracy` when any row measured a conversation.
 */
export function renderTable(summaries: readonly ModelSummary[], options: { bySuite?: readonly ModelSummary[]; color?: boolean; comparisons?: readonly VariantComparison[] } = {}): string {
  const withSuite = options.bySuite !== undefined
  // With tool-description variants: a variant column, rows grouped by model, non-base rows marked against base.
  const rows = withSuite ? options.bySuite ?? [] : groupByModel(summaries)
  const withVariant = rows.some((row) => row.variant !== undefined)
  const conversation = rows.some(hasConversations) ? conversationConsoleColumns : []
  // The cache reads and writes appear before the cost only when a row read or wrote a prompt cache.
  const cache = rows.some((row) => usedCache(row.usage)) ? [cacheColumn] : []
  const shown = [...columns.slice(0, 2), ...(rows.some((row) => erroredOf(row) > 0) ? [erroredColumn] : []), columns[2]!, ...conversation, ...columns.slice(3, -1), ...cache, columns.at(-1)!]
  const [modelColumn, ...rest] = shown
  const table = new Table({
    head: [...(withSuite ? ['suite'] : []), 'model', ...(withVariant ? ['variant'] : []), ...rest.map((column) => column.title)],
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['grey'] : [] },
  })
  for (const row of rows) {
    table.push([
      ...(withSuite ? [String(row.suite)] : []),
      modelColumn?.value(row) ?? row.model,
      ...(withVariant ? [String(row.variant ?? '')] : []),
      ...rest.map((column) => (withSuite ? column.value(row) : annotateVariantCell(column.title, column.value(row), row, options.comparisons ?? []))),
    ])
  }
  return withVariant && !withSuite ? `${table.toString()}\n${variantLegend}` : table.toString()
}
