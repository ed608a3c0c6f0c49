import type { ModelSummary } from '../core/report.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { kSeries, percent } from './metric-text.ts'
import { flakyCases } from './flaky-cases.ts'

const maxFlaky = 20

/**
 * With repeats, the console lines under the table (docs/ci.md "Repeats"): pass@k and pass^k for k = 1..n per
 * summary row, then the flaky cases (passed c of n) per row. [] for a run without repeats. The summaries are the
 * caller's inert copies (labels and case ids come from files).
 */
export function repeatLines(summaries: readonly ModelSummary[]): string[] {
  const rows = summaries.map((s) => ({ label: summaryLabel(s), at: kSeries(s.passAtK), hat: kSeries(s.passHatK) }))
  if (!rows.some((row) => row.at.length > 1)) return []
  const width = rows.reduce((most, row) => Math.max(most, row.label.length), 0)
  const lines = ['', 'pass@k: at least one of k tries passes · pass^k: all k tries pass (unbiased, averaged over cases):']
  for (const row of rows) {
    const at = row.at.map(([k, value]) => `pass@${k} ${percent(value)}`).join('  ')
    const hat = row.hat.map(([k, value]) => `pass^${k} ${percent(value)}`).join('  ')
    lines.push(`  ${row.label.padEnd(width)}  ${at || '—'}  │  ${hat || '—'}`)
  }
  const flaky = flakyCases(summaries)
  if (flaky.length > 0) {
    lines.push('', `Flaky cases (${flaky.length}; passed c of n runs):`)
    for (const { label, tally } of flaky.slice(0, maxFlaky)) lines.push(`  ~ ${tally.suite}/${tally.case} [${label}] ${tally.passed} of ${tally.runs}`)
    if (flaky.length > maxFlaky) lines.push(`  … and ${flaky.length - maxFlaky} more (report.json summary[].flakiness)`)
  }
  return lines
}
