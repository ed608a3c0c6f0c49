import Table from 'cli-table3'
import type { ModelSummary } from './summary.ts'

const percent = (value: number) => `${(value * 100).toFixed(2)}%`

const groupLabels: readonly [keyof ModelSummary['groups'], string][] = [
  ['non_live', 'Non-Live AST (BFCL group)'],
  ['live', 'Live AST (BFCL group)'],
  ['hallucination', 'Irrelevance detection (BFCL group)'],
  ['relevance', 'Relevance detection (BFCL group)'],
  ['multi_turn', 'Multi Turn (BFCL group)'],
]

/**
 * The console table: one row per category, then BFCL's group aggregates; one column per model. A group with a
 * category not run is marked `*` (BFCL counts the missing category as 0 and shows N/A).
 */
export function renderScoreTable(summaries: readonly ModelSummary[], options: { readonly color?: boolean } = {}): string {
  const table = new Table({
    head: ['category', ...summaries.map((summary) => summary.model)],
    style: { head: options.color ? ['cyan'] : [], border: options.color ? ['grey'] : [] },
  })
  const categories = [...new Set(summaries.flatMap((summary) => Object.keys(summary.categories)))].sort()
  for (const category of categories) {
    table.push([category, ...summaries.map((summary) => {
      const score = summary.categories[category]
      return score ? `${percent(score.accuracy)} (${score.correct}/${score.total})` : '—'
    })])
  }
  for (const [key, label] of groupLabels) {
    table.push([label, ...summaries.map((summary) => {
      const group = summary.groups[key]
      return `${percent(group.accuracy)}${group.complete ? '' : ' *'}`
    })])
  }
  return `${table.toString()}\n* a category of this group was not run; BFCL counts it as 0 (its board shows N/A).\n`
}
