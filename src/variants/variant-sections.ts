import { cell, codeSpan } from '../report/markdown-text.ts'
import { mostConfused, type ConfusionRow } from './confusion-rows.ts'
import type { VariantComparison, VariantMetricDelta } from './variant-deltas.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** Column titles of the variant comparison table (Markdown and HTML). */
export const comparisonHead = ['Model', 'Variant', 'Paired cases', 'Accuracy', 'Selection', 'Tool tokens/request'] as const

function pct(value: number): string {
  return `${(value * 100).toFixed(1)}%`
}

function change(delta: VariantMetricDelta, points: boolean): string {
  const magnitude = points ? `${Math.abs(delta.delta * 100).toFixed(1)} pts` : `${Math.abs(Math.round(delta.delta))}`
  const sign = delta.delta > 0 ? '+' : delta.delta < 0 ? '−' : '±'
  const values = points ? `${pct(delta.base)} → ${pct(delta.value)}` : `${Math.round(delta.base)} → ${Math.round(delta.value)}`
  const p = delta.pValue < 0.001 ? 'p < 0.001' : `p = ${delta.pValue.toFixed(3)}`
  return `${values} (${sign}${magnitude}, ${p}${delta.significant ? ', significant' : ''})`
}

/** One text row per non-base variant: its figures against the base, with the paired tests' p-values. */
export function comparisonRows(report: { readonly [field: string]: unknown }): string[][] {
  const comparisons = (report.variantComparisons ?? []) as readonly VariantComparison[]
  return comparisons.map((c) => [c.model, c.variant, String(c.pairedCases), change(c.accuracy, true), change(c.selection, true), change(c.toolTokensPerRequest, false)])
}

/** The most confused pairs per model × variant (at most `limit` each), from report.json `confusion[]`. */
function confusedPairs(report: { readonly [field: string]: unknown }, limit = 5): { model: string; variant: string; pairs: ConfusionRow[] }[] {
  const rows = mostConfused((report.confusion ?? []) as readonly ConfusionRow[])
  const groups = new Map<string, { model: string; variant: string; pairs: ConfusionRow[] }>()
  for (const row of rows) {
    const key = JSON.stringify([row.model, row.variant])
    const group = getOrCreate(groups, key, () => ({ model: row.model, variant: row.variant, pairs: [] }))
    if (group.pairs.length < limit) group.pairs.push(row)
  }
  return [...groups.values()]
}

/** The Markdown section of a run with variants: each variant against the base, then the most confused pairs. */
export function variantsMarkdown(report: { readonly [field: string]: unknown }): string[] {
  const rows = comparisonRows(report)
  if (rows.length === 0) return []
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`
  const confusion = confusedPairs(report).flatMap((group) => [
    `- ${codeSpan(group.model)} · **${cell(group.variant)}**: ${group.pairs.map((p) => `${cell(p.expected)} → ${cell(p.actual)} (${p.count}×)`).join(', ')}`,
  ])
  return [
    '### Variants against base (same cases, paired tests)',
    '',
    // Not the overview's pooled rates: per-case means over the cases both sides ran, as the tests compare them.
    'Over the paired cases only: accuracy is the mean per-case pass rate, selection the mean per-case selection rate (cases expecting no call left out).',
    '',
    line([...comparisonHead]),
    line(['---', '---', ...Array(4).fill('---:')]),
    ...rows.map((cells) => line(cells.map(cell))),
    '',
    ...(confusion.length > 0 ? ['**Most confused tools** (expected → called instead):', '', ...confusion, ''] : []),
  ]
}
