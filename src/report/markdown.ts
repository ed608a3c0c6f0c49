import type { ModelSummary, Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { streamOf, type StreamedReport } from './json.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { variantsMarkdown } from '../variants/variant-sections.ts'
import { caseRunName, repeatLabel } from './repeat-label.ts'
import { accuracyInterval, nothingMeasured, overviewFigures, percent } from './metric-text.ts'
import { verdictOf } from '../core/verdict.ts'
import { conversationTable, hasConversations } from './conversation-summary.ts'
import { collapsedBlock, conversationsMarkdown } from './conversation-markdown.ts'
import { argumentDiff, diffLineText } from './argument-diff.ts'
import { cacheMarkdown } from './cache-summary.ts'
import { runStops } from './run-stops.ts'
import { flakyCases, type FlakyCase } from './flaky-cases.ts'
import { cell, codeSpan, inlineText, maxCellLength, oneLine, tableRow } from './markdown-text.ts'
import { unmetMustPassOf, unmetMustPassText } from '../compare/must-pass.ts'
import { gatesHeadline, reportGates, type GateVerdict } from './report-gates.ts'

// A GitHub step summary holds 1 MiB; long failure lists are cut well below that.
const maxFailingRows = 100

/** A Markdown summary sized for `$GITHUB_STEP_SUMMARY`: overview per model, gates, flaky, failing and errored cases. */
export function toMarkdown(input: Report | StreamedReport): string {
  const report = streamOf(input)
  const gates = reportGates(report)
  const unmet = unmetMustPassOf('report.json', { run: report.run, gates }, report.eachResult())
  const { count, failing, errored } = scan(report.eachResult())
  const sections = [
    '## toolgauge results',
    '',
    `${count} results · ${report.run.models.length} model(s) · ${report.run.suites.map((s) => cell(s.name)).join(', ') || 'no suites'} · ${cell(report.run.startedAt)}`,
    '',
    ...stopsSection(report.run),
    ...overview(report.summary),
    ...conversationsOverview(report.summary),
    ...cacheMarkdown(report.summary, (s) => code(summaryLabel(s))),
    ...variantsMarkdown(report),
    ...(gates.length > 0 ? gatesSection(gates, unmet) : []),
    ...flakySection(flakyCases(report.summary)),
    ...(failing.count === 0 ? ['### Failing cases', '', 'None.', ''] : [
      ...resultsTable(`### Failing cases (${failing.count})`, failing), ...argumentDiffSection(failing.shown), ...conversationsMarkdown(failing.shown),
    ]),
    ...(errored.count > 0 ? resultsTable(`### Errored cases (${errored.count}: an outage or the suite's own code, no verdict on the model)`, errored) : []),
  ]
  return `${sections.join('\n')}\n`
}

/** A cut or interrupted run's warning, above everything else: the figures below cover part of the plan. */
function stopsSection(run: Report['run']): string[] {
  const stops = runStops(run)
  if (stops.length === 0) return []
  return [...stops.flatMap((stop, index) => [...(index > 0 ? ['>'] : []), `> **Partial run.** ${inlineText(stop.text)}`]), '']
}

function overview(summaries: readonly ModelSummary[]): string[] {
  const rows = summaries.map((s) => {
    const ci = accuracyInterval(s)
    return tableRow([code(summaryLabel(s)), `${percent(s.accuracy)}${ci ? ` (${percent(ci[0])}–${percent(ci[1])})` : ''}`, ...overviewFigures(s)])
  })
  return [
    '### Overview',
    '',
    tableRow(['Model', 'Accuracy (95% CI)', 'pass^k', 'Passed', 'Selection', 'Arguments', 'Halluc. tools', 'Halluc. params', 'Schema violations', 'Tool tokens/request', 'Latency p50']),
    tableRow(['---', ...Array(10).fill('---:')]),
    ...rows,
    '',
  ]
}

/** The conversation figures per model, when the run has conversations (README "Report metrics"). */
function conversationsOverview(summaries: readonly ModelSummary[]): string[] {
  if (!summaries.some(hasConversations)) return []
  const { head, rows } = conversationTable(summaries)
  return [
    '### Conversations',
    '',
    tableRow(['Model', ...head]),
    tableRow(['---', ...head.map(() => '---:')]),
    ...rows.map((cells, index) => tableRow([code(summaryLabel(summaries[index]!)), ...cells])),
    '',
  ]
}

function gatesSection(gates: readonly GateVerdict[], unmet: readonly CaseResult[]): string[] {
  const why = unmetMustPassText(unmet)
  return [
    `### ${gatesHeadline(gates, unmet)}`,
    '',
    tableRow(['Gate', 'Model', 'Value', 'Threshold', 'Verdict']),
    tableRow(['---', '---', '---:', '---:', '---']),
    ...gates.map((g) => tableRow([`${cell(g.name)}${scopeOf(g) ? ` (${cell(scopeOf(g)!)})` : ''}`, g.model && g.model !== '*' ? code(g.model) : 'all', g.value === null ? `${nothingMeasured} measured nothing` : number(g.value), number(g.threshold), g.passed ? '✅ pass' : '❌ fail'])),
    '',
    ...(why !== undefined ? [`❌ ${inlineText(why)}`, ''] : []),
  ]
}

/** The flaky cases the summary decided, in its order (as report.json and the console list them). */
function flakySection(flaky: readonly FlakyCase[]): string[] {
  if (flaky.length === 0) return []
  return [
    `### Flaky cases (${flaky.length})`,
    '',
    tableRow(['Model', 'Suite', 'Case', 'Passed']),
    tableRow(['---', '---', '---', '---:']),
    ...flaky.slice(0, maxFailingRows).map(({ label, tally: t }) => tableRow([code(label), cell(t.suite), code(t.case), `${t.passed} of ${t.runs}`])),
    ...(flaky.length > maxFailingRows ? ['', `… and ${flaky.length - maxFailingRows} more`] : []),
    '',
  ]
}

/** The first results of one verdict (failed or errored) and how many there were. */
type Listed = { readonly shown: CaseResult[]; count: number }

// Each diff is a collapsed block; a few dozen keep the summary readable and far below its size limit.
const maxDiffs = 30

/** Expected against actual arguments of the listed failing results, one collapsed `diff` block per failing call. */
function argumentDiffSection(results: readonly CaseResult[]): string[] {
  const blocks = results.flatMap((r) => r.failures.filter((f) => argumentDiff(f).length > 0).map((f) => ({ r, f })))
  if (blocks.length === 0) return []
  return [
    '#### Arguments: expected (-) against actual (+)',
    '',
    ...blocks.slice(0, maxDiffs).flatMap(({ r, f }) => collapsedBlock(oneLine(`${caseRunName(r)}: ${f.message}`), 'diff', argumentDiff(f).map(diffLineText))),
    ...(blocks.length > maxDiffs ? [`… and ${blocks.length - maxDiffs} more (see report.html)`, ''] : []),
  ]
}

function resultsTable(title: string, listed: Listed): string[] {
  return [
    title,
    '',
    tableRow(['Model', 'Suite', 'Case', 'Repeat', 'Kinds', 'First message']),
    tableRow(['---', '---', '---', '---:', '---', '---']),
    ...listed.shown.map((r) => tableRow([
      code(summaryLabel(r)), cell(r.suite), code(r.case), repeatLabel(r.repeat),
      cell([...new Set(r.failures.map((f) => f.kind))].join(', ')), cell(firstFailure(r)),
    ])),
    ...(listed.count > maxFailingRows ? ['', `… and ${listed.count - maxFailingRows} more (see report.json or report.html)`] : []),
    '',
  ]
}

/** The first failure's message; a conversation's says which user message's reply failed (1-based). */
function firstFailure(result: CaseResult): string {
  const failure = result.failures[0]
  if (!failure) return ''
  return failure.userMessage === undefined ? failure.message : `message ${failure.userMessage + 1}: ${failure.message}`
}

/**
 * One pass over the results: their count and the first failed and errored results that the summary lists — never
 * every result at once.
 */
function scan(results: Iterable<CaseResult>) {
  const failing: Listed = { shown: [], count: 0 }
  const errored: Listed = { shown: [], count: 0 }
  let count = 0
  for (const r of results) {
    count++
    const verdict = verdictOf(r)
    if (verdict !== 'passed') {
      const listed = verdict === 'errored' ? errored : failing
      listed.count++
      if (listed.shown.length < maxFailingRows) listed.shown.push(r)
    }
  }
  return { count, failing, errored }
}

/** A gate's name with its scope (`max-tool-tokens (suite weather, tool get_forecast)`), as the console prints it. */
export function gateName(gate: Pick<GateVerdict, 'name' | 'scope'>): string {
  const scope = scopeOf(gate)
  return scope ? `${gate.name} (${scope})` : gate.name
}

function scopeOf(gate: Pick<GateVerdict, 'scope'>): string | undefined {
  return typeof gate.scope === 'string' && gate.scope !== '' ? gate.scope : undefined
}

function number(value: number | null): string {
  if (value === null || !Number.isFinite(value)) return '–'
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(4)))
}

// Ids in code spans read better; a long one is cut as a cell is.
function code(text: string): string {
  return text.length > maxCellLength ? cell(text) : codeSpan(text)
}
