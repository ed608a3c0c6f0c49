import type { Report } from '../core/report.ts'
import { streamOf, type StreamedReport } from './json.ts'
import { callsOf } from './result-calls.ts'
import type { CaseResult } from '../core/result.ts'
import { splitFailures, verdictOf } from '../core/verdict.ts'
import { repeatLabel } from './repeat-label.ts'
import { keyOf } from '../core/case-key.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { conversationLines } from './conversation-lines.ts'
import { argumentDiffText } from './argument-diff.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import type { NotRunTask } from '../runner/bail.ts'
import { runStops, type RunStop } from './run-stops.ts'
import { inertLines } from './terminal-text.ts'
import { inertResult } from './inert-result.ts'
import { escapeMarkup } from './escape-markup.ts'

/**
 * JUnit XML: one `<testsuite>` per suite × model, one `<testcase>` per case × model × repeat. An errored result
 * (core/verdict.ts: an outage, the user's harness code) is an `<error>`, a failed one a `<failure>` (the model):
 * the split CI systems show. A cut run's case runs that never started (`run.cut.notRun`) are `<skipped>` test
 * cases, counted in `skipped`; a cut or interrupted run says so in each suite's `<properties>` and `<system-out>`.
 */
export function toJunit(report: Report | StreamedReport): string {
  return [...junitChunks(streamOf(report))].join('')
}

/** Counts of one `<testsuite>` (or of all of them), its suite and model. */
type Group = { readonly suite: string; readonly model: string; tests: number; failures: number; errors: number; skipped: number; ms: number; readonly notRun: SkippedTask[] }

/** A case run that never started, with the stop that cut it. */
type SkippedTask = { readonly task: NotRunTask; readonly stop: RunStop }

/**
 * The JUnit XML in pieces, reading the results as a stream: one pass to count per suite × model (the
 * `<testsuite>` attributes come first), then one pass per group — memory holds counts, never every result.
 */
export function* junitChunks(report: StreamedReport): Generator<string> {
  const stops = runStops(report.run)
  const groups = new Map<string, Group>()
  const runsPerCase = new Map<string, number>()
  const all = { tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0 }
  const groupOf = (suite: string, model: string) =>
    getOrCreate(groups, keyOf(suite, model), (): Group => ({ suite, model, tests: 0, failures: 0, errors: 0, skipped: 0, ms: 0, notRun: [] }))
  for (const r of report.eachResult()) {
    const verdict = verdictOf(r)
    for (const counts of [groupOf(r.suite, r.model), all]) {
      counts.tests++
      if (verdict === 'errored') counts.errors++
      else if (verdict === 'failed') counts.failures++
      counts.ms += r.latencyMs
    }
    runsPerCase.set(key(r), (runsPerCase.get(key(r)) ?? 0) + 1)
  }
  for (const stop of stops) {
    for (const task of stop.tasks) {
      const group = groupOf(task.suite, task.model)
      group.notRun.push({ task, stop })
      for (const counts of [group, all]) { counts.tests++; counts.skipped++ }
      runsPerCase.set(key(task), (runsPerCase.get(key(task)) ?? 0) + 1)
    }
  }
  const repeated = new Set([...runsPerCase].filter(([, runs]) => runs > 1).map(([k]) => k))
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="toolgauge" tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" skipped="${all.skipped}" time="${seconds(all.ms)}">\n`
  // A run stopped before any result still says why, in a suite of its own.
  if (groups.size === 0 && stops.length > 0) groupOf('toolgauge', 'run')
  for (const [groupKey, group] of groups) {
    yield `  <testsuite name="${escapeXml(`${group.suite} [${group.model}]`)}" tests="${group.tests}" failures="${group.failures}" errors="${group.errors}" skipped="${group.skipped}" time="${seconds(group.ms)}" timestamp="${escapeXml(report.run.startedAt)}">\n`
    yield stopProperties(stops)
    for (const r of report.eachResult()) if (keyOf(r.suite, r.model) === groupKey) yield `${testCase(r, repeated)}\n`
    for (const { task, stop } of group.notRun) yield `${testCaseOpen(task, repeated, '0.000')}>\n      <skipped message="${escapeXml(`not run: cut by ${stop.by}`)}"/>\n    </testcase>\n`
    if (stops.length > 0) yield `    <system-out>${escapeXmlContent(stops.map((stop) => stop.text).join('\n'))}</system-out>\n`
    yield '  </testsuite>\n'
  }
  yield '</testsuites>\n'
}

/** `toolgauge.cut` (what cut it) / `toolgauge.interrupted`, each with its `.notRun` count: what a CI script can read. */
function stopProperties(stops: readonly RunStop[]): string {
  if (stops.length === 0) return ''
  const properties = stops.flatMap((stop) => [
    [`toolgauge.${stop.kind}`, stop.kind === 'cut' ? stop.by : 'true'],
    ...(stop.notRun !== undefined ? [[`toolgauge.${stop.kind}.notRun`, String(stop.notRun)]] : []),
  ])
  return `    <properties>\n${properties.map(([name, value]) => `      <property name="${escapeXml(name!)}" value="${escapeXml(value!)}"/>\n`).join('')}    </properties>\n`
}

// A case run's `<testcase` (one that never started named as its result would be, so CI tools line them up): two
// variants are two test cases; the repeat only of a repeated case, so single runs keep stable, plain names.
function testCaseOpen(run: NotRunTask, repeated: ReadonlySet<string>, time: string): string {
  const suffix = repeated.has(key(run)) ? ` ${repeatLabel(run.repeat)}` : ''
  return `    <testcase classname="${escapeXml(run.suite)}" name="${escapeXml(`${run.case} [${summaryLabel(run)}]${suffix}`)}" time="${time}"`
}

function testCase(result: CaseResult, repeated: ReadonlySet<string>): string {
  const open = testCaseOpen(result, repeated, seconds(result.latencyMs))
  const verdict = verdictOf(result)
  if (verdict === 'passed') return `${open}/>`
  // The body is drawn from an inert copy, as show draws it: a model's newline in a tool name, raw arguments or a
  // quoted value is written \n, so only the body's own lines (and a message's indented continuation lines) are lines.
  const shown = inertResult(result)
  // An errored result carries its errored failures alone (the scorer reports nothing else on an outage).
  const { errors, failures } = splitFailures(shown.failures)
  const body = verdict === 'errored'
    ? [element('error', errors.length > 0 ? errors : shown.failures, shown)]
    : [element('failure', failures, shown)]
  return [`${open}>`, ...body, '    </testcase>'].join('\n')
}

function element(tag: 'failure' | 'error', failures: CaseResult['failures'], result: CaseResult): string {
  const kinds = [...new Set(failures.map((f) => f.kind))].join(',') || 'failed'
  const message = failures.map((f) => `${f.kind}: ${f.message}`).join('; ') || 'case failed'
  const lines = [
    ...failures.flatMap((f) => [`${f.kind}: ${f.message}${f.path ? ` (at ${f.path})` : ''}`, ...argumentDiffText(f, '  ')]),
    // A conversation lists its calls by user message, with the world's state after each reply. Turns are numbered
    // from 1 to people, as in show and the HTML report (`ResultCall.turn` is the 0-based index).
    ...(conversationLines(result) ?? (callsOf(result).length > 0 ? ['', 'calls:', ...callsOf(result).map((c) => `  turn ${c.turn + 1}: ${c.name}(${c.rawArguments})`)] : [])),
    ...(result.expectedTools.length > 0 ? [`expected tools: ${result.expectedTools.join(', ')}`] : []),
  ]
  return `      <${tag} type="${escapeXml(kinds)}" message="${escapeXml(message)}">${escapeXmlContent(lines.join('\n'))}</${tag}>`
}

function key(result: Pick<CaseResult, 'suite' | 'case' | 'model' | 'variant'>): string {
  return keyOf(result.suite, result.case, summaryLabel(result))
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}

// Characters XML 1.0 forbids even as references: C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
// Models emit them (NUL in arguments, surrogate halves from split tokens); one would make the whole file unparsable.
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Escapes text for XML content and attribute values; characters XML cannot carry become U+FFFD. */
function escapeXml(text: string): string {
  return escapeXmlContent(text)
    // Attribute values normalise raw newlines and tabs to spaces; character references keep them. (No CR is left
    // raw: escapeXmlContent writes it `\r`, as every control but LF and TAB.)
    .replace(/\n/g, '&#10;')
    .replace(/\t/g, '&#9;')
}

function escapeXmlContent(text: string): string {
  // Controls and bidi characters written visibly first (`\x1b`, `\u202e`, as the terminal shows them): CI systems
  // print and render this text, where an ESC or an override would act. What is left that XML forbids (a lone
  // surrogate, U+FFFE/U+FFFF) becomes U+FFFD.
  return escapeMarkup(inertLines(text).replace(forbidden, '\uFFFD'), '&apos;')
}
