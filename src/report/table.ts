import Table from 'cli-table3'
import type { ModelSummary } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { summarize } from './summarize.ts'

const percent = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `${(value * 100).toFixed(1)}%`)

/** The columns of the console table, one per summary metric. */
const columns: readonly { title: string; value: (summary: ModelSummary) => string }[] = [
  { title: 'model', value: (s) => s.model },
  { title: 'cases', value: (s) => `${s.passed}/${s.cases}` },
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
  const value = summary.cost as { priced: boolean; usd?: number } | undefined
  return value?.priced && value.usd !== undefined ? `$${value.usd < 0.01 ? value.usd.toFixed(4) : value.usd.toFixed(2)}` : '—'
}

type ToolTokensSummary = { perRequest: number; total: number; share: number | null; method: string; measuredPerRequest?: number }

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
  return tokens.share === null ? String(tokens.total) : `${tokens.total} (${percent(tokens.share)} of input)`
}

/** The results table: one row per model, or per model × suite with `bySuite`. */
export function renderTable(summaries: readonly ModelSummary[], results: readonly CaseResult[], options: { bySuite?: boolean; color?: boolean } = {}): string {
  const withSuite = options.bySuite === true
  const table = new Table({
    head: [...(withSuite ? ['suite'] : []), ...columns.map((column) => column.title)],
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['grey'] : [] },
  })
  if (!withSuite) {
    for (const summary of summaries) table.push(columns.map((column) => column.value(summary)))
    return table.toString()
  }
  const suites = [...new Set(results.map((result) => result.suite))]
  for (const suite of suites) {
    for (const summary of summarize(results.filter((result) => result.suite === suite))) {
      table.push([suite, ...columns.map((column) => column.value(summary))])
    }
  }
  return table.toString()
}
