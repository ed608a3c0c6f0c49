import type { Report } from '../core/report.ts'
import { streamOf, type StreamedReport } from './json.ts'
import { callsOf } from './result-calls.ts'
import type { CaseResult } from '../core/result.ts'
import { splitFailures, verdictOf } from '../core/verdict.ts'
import { repeatLabel } from './repeat-label.ts'
import { keyOf } from '../core/case-key.ts'
import { conversationLines } from './conversation-lines.ts'
import { argumentDiffText } from './argument-diff.ts'
import { summaryLabel } from '../variants/variant-cells.ts'

/**
 * JUnit XML: one `<testsuite>` per suite × model, one `<testcase>` per case × model × repeat. An errored result
 * (core/verdict.ts: an outage, the user's harness code) is an `<error>`, a failed one a `<failure>` (the model):
 * the split CI systems show.
 */
export function toJunit(report: Report | StreamedReport): string {
  return [...junitChunks(streamOf(report))].join('')
}

/**
 * The JUnit XML in pieces, reading the results as a stream: one pass to count per suite × model (the
 * `<testsuite>` attributes come first), then one pass per group — memory holds counts, never every result.
 */
export function* junitChunks(report: StreamedReport): Generator<string> {
  const groups = new Map<string, { first: CaseResult; tests: number; failures: number; errors: number; ms: number }>()
  const runsPerCase = new Map<string, number>()
  const all = { tests: 0, failures: 0, errors: 0, ms: 0 }
  for (const r of report.eachResult()) {
    const group = groups.get(keyOf(r.suite, r.model)) ?? { first: r, tests: 0, failures: 0, errors: 0, ms: 0 }
    for (const counts of [group, all]) countResult(counts, r)
    groups.set(keyOf(r.suite, r.model), group)
    runsPerCase.set(key(r), (runsPerCase.get(key(r)) ?? 0) + 1)
  }
  const repeated = new Set([...runsPerCase].filter(([, runs]) => runs > 1).map(([k]) => k))
  yield `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites name="toolgauge" tests="${all.tests}" failures="${all.failures}" errors="${all.errors}" time="${seconds(all.ms)}">\n`
  for (const [groupKey, group] of groups) {
    const { first } = group
    yield `  <testsuite name="${escapeXml(`${first.suite} [${first.model}]`)}" tests="${group.tests}" failures="${group.failures}" errors="${group.errors}" skipped="0" time="${seconds(group.ms)}" timestamp="${escapeXml(report.run.startedAt)}">\n`
    for (const r of report.eachResult()) if (keyOf(r.suite, r.model) === groupKey) yield `${testCase(r, repeated)}\n`
    yield '  </testsuite>\n'
  }
  yield '</testsuites>\n'
}

function countResult(counts: { tests: number; failures: number; errors: number; ms: number }, r: CaseResult): void {
  const verdict = verdictOf(r)
  counts.tests++
  if (verdict === 'errored') counts.errors++
  else if (verdict === 'failed') counts.failures++
  counts.ms += r.latencyMs
}

function testCase(result: CaseResult, repeated: ReadonlySet<string>): string {
  // The repeat goes into the name only when the case was repeated, so single runs keep stable, plain names.
  const suffix = repeated.has(key(result)) ? ` ${repeatLabel(result.repeat)}` : ''
  // The variant is in the name (summaryLabel): two variants of one case × model are two distinct test cases.
  const open = `    <testcase classname="${escapeXml(result.suite)}" name="${escapeXml(`${result.case} [${summaryLabel(result)}]${suffix}`)}" time="${seconds(result.latencyMs)}"`
  const verdict = verdictOf(result)
  if (verdict === 'passed') return `${open}/>`
  // An errored result carries its errored failures alone (the scorer reports nothing else on an outage).
  const { errors, failures } = splitFailures(result.failures)
  const body = verdict === 'errored'
    ? [element('error', errors.length > 0 ? errors : result.failures, result)]
    : [element('failure', failures, result)]
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

function key(result: CaseResult): string {
  return keyOf(result.suite, result.case, summaryLabel(result))
}

function seconds(ms: number): string {
  return (ms / 1000).toFixed(3)
}

// Characters XML 1.0 forbids even as references: C0 controls other than tab/LF/CR, lone surrogates, U+FFFE/U+FFFF.
// Models emit them (NUL in arguments, surrogate halves from split tokens); one would make the whole file unparsable.
const forbidden = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Escapes text for XML content and attribute values; characters XML cannot carry become U+FFFD. */
export function escapeXml(text: string): string {
  return escapeXmlContent(text)
    // Attribute values normalise raw newlines and tabs to spaces; character references keep them.
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;')
    .replace(/\t/g, '&#9;')
}

function escapeXmlContent(text: string): string {
  return text
    .replace(forbidden, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}
