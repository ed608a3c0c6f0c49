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
  { title: 'tool tokens/req', value: (s) => toolTokens(s) },
]

function toolTokens(summary: ModelSummary): string {
  const tokens = summary.toolTokens as { perRequest?: number; share?: number } | undefined
  if (!tokens || tokens.perRequest === undefined) return '—'
  return tokens.share !== undefined ? `${Math.round(tokens.perRequest)} (${percent(tokens.share)} of input)` : `${Math.round(tokens.perRequest)}`
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
