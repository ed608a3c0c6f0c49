import type { CaseChange, MetricDelta } from './compare-model.ts'
import { caseId } from './compare-model.ts'
import { formatP, pairLabel, type Comparison, type JudgedComparison } from './compare-reports.ts'
import { toolTokenChangesMarkdown, toolTokenChangesText } from './tool-token-changes.ts'
import { percent } from '../report/metric-text.ts'
import { codeSpan, inlineText } from '../report/markdown-text.ts'

// Listings beyond this are summarized; a comparison of two 5000-case runs should still fit a terminal and a step summary.
const maxListed = 50

/** The comparison as plain text for a terminal. */
export function comparisonText(comparison: Comparison): string {
  const blocks = comparison.models.map((m) => [
    `${pairLabel(m)}: ${m.regression ? 'REGRESSION' : m.inconclusive ? 'INCONCLUSIVE' : m.deltaPoints < 0 ? 'NOT SIGNIFICANT' : 'ok'} — ${m.reason}`,
    `  ${m.pairedCases} paired cases${unpaired(m)}; ${testLine(m)}`,
    '',
    ...m.metrics.map((d) => `  ${d.name.padEnd(22)} ${percent(d.base).padStart(6)} → ${percent(d.head).padStart(6)}  ${signed(d.delta).padStart(7)} pts  ${d.interval ? `[${signed(d.interval[0])}, ${signed(d.interval[1])}]`.padEnd(16) : '(nothing to measure)'}${d.interval ? `  detectable ≥ ${points(d.detectable)}` : ''}`),
    '',
    ...listing('newly broken', m.broken),
    ...listing('newly fixed', m.fixed),
  ].join('\n'))
  const warnings = comparison.warnings.map((w) => `warning: ${w}\n`).join('')
  const tokens = toolTokenChangesText(comparison.toolTokens ?? [])
  return `${warnings}${warnings ? '\n' : ''}${blocks.join('\n\n')}\n\n${tokens.length > 0 ? `${tokens.join('\n')}\n` : ''}${comparison.regression ? 'Regression found.' : comparison.inconclusive ? 'Inconclusive: too few paired cases to rule out a drop of --max-drop.' : verdictLine(comparison)}\n`
}

/**
 * The comparison as Markdown, for a pull-request comment or `$GITHUB_STEP_SUMMARY`. Case ids, model and tool names
 * come from suite files, tool servers and reports: written through report/markdown-text.ts, none ends a table cell,
 * closes a code span or becomes HTML.
 */
export function comparisonMarkdown(comparison: Comparison): string {
  const sections = comparison.models.map((m) => [
    `### ${m.regression ? '❌' : m.inconclusive || m.deltaPoints < 0 ? '⚠️' : '✅'} ${codeSpan(m.baseModel)}${m.baseModel === m.headModel ? '' : ` → ${codeSpan(m.headModel)}`}`,
    '',
    `${m.inconclusive ? 'Inconclusive: ' : ''}${inlineText(m.reason)}. ${m.pairedCases} paired cases${unpaired(m) ? ` ${inlineText(unpaired(m))}` : ''}; ${inlineText(testLine(m))}.`,
    '',
    '| Metric | Base | Head | Δ (points) | 95% CI of Δ | Detectable Δ (80% power) |',
    '| --- | ---: | ---: | ---: | ---: | ---: |',
    ...m.metrics.map((d) => `| ${d.name} | ${percent(d.base)} | ${percent(d.head)} | ${arrow(d)} ${signed(d.delta)} | ${d.interval ? `${signed(d.interval[0])} to ${signed(d.interval[1])}` : '—'} | ${d.interval ? `≥ ${points(d.detectable)}` : '—'} |`),
    '',
    ...markdownListing('Newly broken', m.broken),
    ...markdownListing('Newly fixed', m.fixed),
  ].join('\n'))
  const warnings = comparison.warnings.map((w) => `> **Warning:** ${inlineText(w)}\n`).join('')
  const tokens = toolTokenChangesMarkdown(comparison.toolTokens ?? [])
  return `## toolgauge compare\n\n${warnings}${warnings ? '\n' : ''}${sections.join('\n')}\n${tokens.length > 0 ? `\n${tokens.join('\n')}\n` : ''}`
}

/** The last line of a comparison without regression: "No regression.", or that a drop was seen but not significant. */
function verdictLine(comparison: Comparison): string {
  const dropped = comparison.models.some((m) => m.deltaPoints < 0)
  if (!dropped) return 'No regression.'
  return comparison.policy.maxDropPoints === undefined
    ? 'No significant regression: accuracy dropped, too little for the paired test to tell from chance; --max-drop <points> fails on a drop of that size.'
    : `No significant regression: accuracy dropped, within --max-drop ${comparison.policy.maxDropPoints}.`
}

function testLine(m: JudgedComparison): string {
  return m.test.name === 'mcnemar'
    ? `exact McNemar: ${m.test.broken} broken, ${m.test.fixed} fixed, p = ${formatP(m.test.pValue)}`
    : `paired permutation test on per-case pass rates (${m.test.method}): p = ${formatP(m.test.pValue)}`
}

function unpaired(m: JudgedComparison): string {
  const errored = m.errored.base + m.errored.head
  const parts = [
    m.onlyInBase.length > 0 ? `${m.onlyInBase.length} only in base` : '',
    m.onlyInHead.length > 0 ? `${m.onlyInHead.length} only in head` : '',
    errored > 0 ? `${errored} errored result(s) left out` : '',
  ].filter(Boolean)
  return parts.length > 0 ? ` (${parts.join(', ')}, not compared)` : ''
}

function listing(title: string, changes: readonly CaseChange[]): string[] {
  return changes.length === 0 ? [`  ${title}: none`] : [`  ${title} (${changes.length}):`, ...listed(changes, '    ', caseId)]
}

function markdownListing(title: string, changes: readonly CaseChange[]): string[] {
  if (changes.length === 0) return []
  return [`<details><summary>${title} (${changes.length})</summary>`, '', ...listed(changes, '- ', (c) => codeSpan(caseId(c))), '', '</details>', '']
}

/** The first `maxListed` changes, a line each after `bullet` (the case's `id` and rates), then how many more there were. */
function listed(changes: readonly CaseChange[], bullet: string, id: (c: CaseChange) => string): string[] {
  return [...changes.slice(0, maxListed).map((c) => `${bullet}${id(c)}${rates(c)}`), ...(changes.length > maxListed ? [`${bullet}… and ${changes.length - maxListed} more`] : [])]
}

// With one run per side "broken" says it all; with repeats the rates show how much.
function rates(c: CaseChange): string {
  return c.base.runs === 1 && c.head.runs === 1 ? '' : ` (${c.base.passed}/${c.base.runs} → ${c.head.passed}/${c.head.runs})`
}

function arrow(d: MetricDelta): string {
  if (d.delta === null || d.delta === 0) return ''
  return (d.delta > 0) !== d.lowerIsBetter ? '▲' : '▼'
}

// The smallest detectable change, in points; null: not even 100 points.
function points(x: number | null): string {
  return x === null ? '100 pts (never)' : `${(x * 100).toFixed(1)} pts`
}

function signed(x: number | null): string {
  if (x === null) return '—'
  const points = x * 100
  return `${points > 0 ? '+' : points < 0 ? '−' : '±'}${Math.abs(points).toFixed(1)}`
}
