import { createHash } from 'node:crypto'
import type { ModelSummary, Report } from '../../core/report.ts'
import { ConfusionTally } from '../confusion.ts'
import { streamOf, type StreamedReport } from '../json.ts'
import { gateName } from '../markdown.ts'
import { gatesHeadline, reportGates } from '../report-gates.ts'
import { unmetMustPassOf, unmetMustPassText } from '../../compare/must-pass.ts'
import { accuracyInterval, nothingMeasured, overviewFigures, percent } from '../metric-text.ts'
import { caseEntries } from './cases.ts'
import { flakyLookup } from '../flaky-cases.ts'
import { confusionHtml, gridLimit } from './confusion.ts'
import { accuracyScatter, metricBars } from './charts.ts'
import { summaryLabel } from '../../variants/variant-cells.ts'
import { comparisonHead, comparisonRows } from '../../variants/variant-sections.ts'
import { escapeHtml } from './escape.ts'
import { cacheHtml } from '../cache-summary.ts'
import { runStops } from '../run-stops.ts'
import { conversationTable, hasConversations } from '../conversation-summary.ts'
import { script } from './script.ts'
import { style } from './style.ts'

/**
 * The self-contained HTML report: overview, metric bars, accuracy vs. tool tokens, confusion matrices and a
 * per-case drill-down with transcripts. No network resources. Model output is escaped everywhere; on top of that a
 * Content-Security-Policy allows only the page's own script (by hash), so a missed escape still could not run code.
 */
export function toHtml(report: Report | StreamedReport): string {
  return [...htmlChunks(streamOf(report))].join('')
}

/** The HTML report in pieces, reading the results as a stream (confusion cells in one pass, then the case list). */
export function* htmlChunks(report: StreamedReport): Generator<string> {
  const scriptHash = createHash('sha256').update(script).digest('base64')
  const csp = `default-src 'none'; style-src 'unsafe-inline'; img-src data:; script-src 'sha256-${scriptHash}'; base-uri 'none'; form-action 'none'`
  const summaries = report.summary
  // One matrix per summary row: per model, or per model × variant in runs with variants.
  const confusion = new Map(report.summary.map((row) => [summaryLabel(row), new ConfusionTally()]))
  let count = 0
  for (const result of report.eachResult()) {
    count++
    confusion.get(summaryLabel(result))?.add(result)
  }
  yield `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>toolgauge report</title>
<style>${style}</style>
</head>
<body>
<h1>toolgauge report</h1>
<div class="muted">${count} results · ${report.run.models.length} model(s) · suites: ${escapeHtml(report.run.suites.map((s) => s.name).join(', ') || 'none')} · started ${escapeHtml(report.run.startedAt)} · toolgauge ${escapeHtml(report.run.toolgaugeVersion)}</div>
${stopsSection(report.run)}${gatesSection(report)}
<h2>Overview</h2>
${overviewTable(summaries)}
${conversationsTable(summaries)}
${cacheHtml(summaries, summaryLabel)}
<h2>Metrics per model</h2>
<div class="grid-cards">${summaries.map((s) => `<div class="card"><h3>${escapeHtml(summaryLabel(s))}</h3>${metricBars(s)}</div>`).join('')}</div>
${variantsHtml(report)}
<h2>Accuracy vs. tool tokens</h2>
<div class="card">${accuracyScatter(summaries)}</div>
<h2>Tool confusion matrix</h2>
<p class="muted small">Rows: the tool a case expected; columns: the tool the model called. (none) counts missed and extra calls. Beyond ${gridLimit} tools: the top confused pairs and the diagonal totals.</p>
<div class="grid-cards">${[...confusion].map(([label, tally]) => `<div class="card"><h3>${escapeHtml(label)}</h3>${confusionHtml(tally.matrix())}</div>`).join('')}</div>
<h2>Cases</h2>
<div class="controls"><input id="case-search" type="search" placeholder="filter by suite, case or model"><select id="case-status"><option value="all">all</option><option value="fail">failing</option><option value="flaky">flaky</option><option value="errored">errored</option><option value="pass">passing</option></select><button id="expand-all" type="button">expand all</button><button id="collapse-all" type="button">collapse all</button></div>
`
  yield* caseEntries(report.eachResult, flakyLookup(summaries), report.toolSets)
  yield `<script>${script}</script>
</body>
</html>
`
}

function overviewTable(summaries: readonly ModelSummary[]): string {
  const header = ['Model', 'Accuracy', '95% CI', 'pass^k', 'Passed', 'Selection', 'Arguments', 'Halluc. tools', 'Halluc. params', 'Schema viol.', 'Tool tokens/req.', 'p50 latency']
  const rows = summaries.map((s) => {
    const ci = accuracyInterval(s)
    return [escapeHtml(summaryLabel(s)), percent(s.accuracy), ci ? `${percent(ci[0])} – ${percent(ci[1])}` : nothingMeasured, ...overviewFigures(s)]
  })
  // Figures never wrap (a 95% CI broken over two lines reads as two numbers); the CI cells are marked for that.
  const cellClass = (column: number) => (header[column] === '95% CI' ? ' class="ci"' : '')
  return `<table class="overview"><thead><tr>${header.map((h, i) => `<th${cellClass(i)}>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c, i) => `<td${cellClass(i)}>${c}</td>`).join('')}</tr>`).join('')}</tbody></table>`
}

/** The conversation figures per model, when the run has conversations (README "Report metrics"). */
function conversationsTable(summaries: readonly ModelSummary[]): string {
  if (!summaries.some(hasConversations)) return ''
  const { head, rows } = conversationTable(summaries)
  const body = rows.map((cells, index) => `<tr><td>${escapeHtml(summaryLabel(summaries[index]!))}</td>${cells.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')
  return `<h2>Conversations</h2><table class="conversation-summary"><thead><tr>${['Model', ...head].map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${body}</tbody></table>`
}

/** Each variant against the base (same cases, paired tests), when the run has variants. */
function variantsHtml(report: StreamedReport): string {
  const rows = comparisonRows(report)
  if (rows.length === 0) return ''
  return `<h2>Variants against base</h2><p class="muted small">Same cases on both sides (the paired cases only), so these are not the overview's pooled rates: accuracy is the mean per-case pass rate (each case's passes ÷ its runs, averaged over the paired cases), selection the mean per-case selection rate (cases expecting no call left out), tool tokens the mean per request. Accuracy tested by McNemar (or the paired permutation test with repeats), selection by the paired permutation test, tool tokens by the sign-flip test.</p><table><thead><tr>${comparisonHead.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(c)}</td>`).join('')}</tr>`).join('')}</tbody></table>`
}

/** A cut or interrupted run's warning, above the gates: every figure below covers part of the plan. */
function stopsSection(run: Report['run']): string {
  return runStops(run).map((stop) => `<p class="run-stop" data-stop="${stop.kind}"><strong>Partial run.</strong> ${escapeHtml(stop.text)}</p>`).join('')
}

function gatesSection(report: StreamedReport): string {
  const gates = reportGates(report)
  if (gates.length === 0) return ''
  const unmet = unmetMustPassOf('report.json', { run: report.run, gates }, report.eachResult())
  const why = unmetMustPassText(unmet)
  const rows = gates.map((g) => `<tr><td>${escapeHtml(gateName(g))}</td><td>${escapeHtml(g.model && g.model !== '*' ? g.model : 'all')}</td><td>${g.value === null ? `${nothingMeasured} measured nothing` : escapeHtml(String(Number(g.value.toPrecision(4))))}</td><td>${escapeHtml(String(g.threshold))}</td><td class="${g.passed ? 'gate-pass' : 'gate-fail'}">${g.passed ? 'pass' : 'FAIL'}</td></tr>`)
  return `<h2>${escapeHtml(gatesHeadline(gates, unmet))}</h2><table><thead><tr><th>Gate</th><th>Model</th><th>Value</th><th>Threshold</th><th>Verdict</th></tr></thead><tbody>${rows.join('')}</tbody></table>${why !== undefined ? `<p class="gate-fail unmet-must-pass">${escapeHtml(why)}</p>` : ''}`
}
