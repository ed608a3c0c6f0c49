import { mostConfused, type ConfusionRow } from './confusion-rows.ts'

/** `--by confusion`: the most confused expected → actual pairs, per model and variant, most frequent first. */
export function formatConfusion(rows: readonly ConfusionRow[], limit = 20): string {
  const confused = mostConfused(rows)
  if (confused.length === 0) return 'Tool confusion: none (every expected tool was called, and no call came unexpected).\n'
  const withVariant = new Set(rows.map((row) => row.variant)).size > 1
  const lines = confused.slice(0, limit).map((row) => {
    const where = withVariant ? `${row.model} [${row.variant}]` : row.model
    return `  ${String(row.count).padStart(4)}×  ${row.expected} → ${row.actual}   ${where}`
  })
  const more = confused.length > limit ? [`  … and ${confused.length - limit} more pairs (report.json confusion[])`] : []
  return `Most confused tools (expected → called instead; (none): no call, (hallucinated): a tool not offered):\n${[...lines, ...more].join('\n')}\n`
}
