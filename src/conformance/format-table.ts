import Table from 'cli-table3'
import { cell } from '../report/markdown-text.ts'
import { inert } from '../report/terminal-text.ts'
import type { ResultVerdict } from '../core/verdict.ts'
import { probeIds, type ProbeId } from './probe-ids.ts'
import type { ConformanceRow, ProbeOutcome } from './probe-results.ts'
import { probeOf } from './probes.ts'

// The conformance table: a row per probe, a column per model and mode. Errored is shown apart from failed
// ("error": the host did not answer the probe's request, or toolgauge did not send it, so there is no verdict on it),
// like every output.

const terminalCell: Record<ResultVerdict, string> = { passed: 'pass', failed: 'FAIL', errored: 'error' }
const markdownCell: Record<ResultVerdict, string> = { passed: '✅ pass', failed: '❌ fail', errored: '⚠️ error' }

function columnTitle(row: ConformanceRow): string {
  return row.stream ? `${row.spec} (stream)` : row.spec
}

function grid(rows: readonly ConformanceRow[], outcomes: readonly ProbeOutcome[]): { id: ProbeId; cells: (ProbeOutcome | undefined)[] }[] {
  return probeIds
    .map((id) => ({ id, cells: rows.map((row) => outcomes.find((outcome) => outcome.id === id && outcome.spec === row.spec && outcome.stream === row.stream)) }))
    .filter((line) => line.cells.some((outcome) => outcome !== undefined))
}

function notPassed(outcomes: readonly ProbeOutcome[]): ProbeOutcome[] {
  return outcomes.filter((outcome) => outcome.verdict !== 'passed')
}

/** The table for a terminal, then one line per probe that did not pass (model text in messages printed inert). */
export function conformanceTable(rows: readonly ConformanceRow[], outcomes: readonly ProbeOutcome[], color = false): string {
  const table = new Table({ head: ['probe', ...rows.map((row) => inert(columnTitle(row)))], style: { head: color ? ['cyan'] : [], border: color ? ['grey'] : [] } })
  for (const line of grid(rows, outcomes)) {
    table.push([`${line.id}${probeOf(line.id).required ? ' *' : ''}`, ...line.cells.map((outcome) => (outcome ? terminalCell[outcome.verdict] : '—'))])
  }
  const misses = notPassed(outcomes).map((outcome) => `  ${outcome.verdict === 'failed' ? '✗' : '!'} ${inert(columnTitle(outcome))} ${outcome.id}: ${inert(outcome.message)}`)
  const legend = '* required: a failure exits 1, an error 3 · error = the host did not answer the probe, or toolgauge did not send it (no verdict, never a failure) · details: toolgauge show <report.json> --case <probe>'
  return [table.toString(), legend, ...(misses.length > 0 ? ['', 'Not passed:', ...misses] : [])].join('\n')
}

/** The table as GitHub Markdown, for a PR comment; probes that did not pass listed under it. */
export function conformanceMarkdown(rows: readonly ConformanceRow[], outcomes: readonly ProbeOutcome[]): string {
  const head = `| probe | required | ${rows.map((row) => cell(columnTitle(row))).join(' | ')} |`
  const rule = `|---|---|${rows.map(() => '---|').join('')}`
  const lines = grid(rows, outcomes).map((line) => `| \`${line.id}\` | ${probeOf(line.id).required ? 'yes' : ''} | ${line.cells.map((outcome) => (outcome ? markdownCell[outcome.verdict] : '—')).join(' | ')} |`)
  const misses = notPassed(outcomes).map((outcome) => `- **${cell(columnTitle(outcome))}** \`${outcome.id}\` (${outcome.verdict}): ${cell(outcome.message)}`)
  return ['## Tool-calling conformance', '', head, rule, ...lines, '', ...(misses.length > 0 ? ['### Not passed', '', ...misses, ''] : []),
    '_error_: the host did not answer the probe\'s request, or toolgauge did not send it (no verdict). Probe list: docs/conformance.md.', ''].join('\n')
}
