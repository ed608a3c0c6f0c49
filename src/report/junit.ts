import type { Report } from '../core/report.ts'
import { callsOf } from './result-calls.ts'
import type { CaseResult } from '../core/result.ts'

/**
 * JUnit XML: one `<testsuite>` per suite × model, one `<testcase>` per case × model × repeat. Provider failures are
 * `<error>` (infrastructure), every other failure kind a `<failure>` (the model), the split CI systems show.
 */
export function toJunit(report: Report): string {
  const groups = groupBy(report.results, (r) => `${r.suite}\u0000${r.model}`)
  const repeated = repeatedCases(report.results)
  const suites = [...groups.values()].map((results) => testSuite(results, repeated, report.run.startedAt))
  const counts = tally(report.results)
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="toolgauge" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" time="${seconds(counts.ms)}">`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n')
}

function testSuite(results: readonly CaseResult[], repeated: ReadonlySet<string>, timestamp: string): string {
  const first = results[0]!
  const counts = tally(results)
  const attributes = `name="${escapeXml(`${first.suite} [${first.model}]`)}" tests="${counts.tests}" failures="${counts.failures}" errors="${counts.errors}" skipped="0" time="${seconds(counts.ms)}" timestamp="${escapeXml(timestamp)}"`
  return [`  <testsuite ${attributes}>`, ...results.map((r) => testCase(r, repeated)), '  </testsuite>'].join('\n')
}

function testCase(result: CaseResult, repeated: ReadonlySet<string>): string {
  // The repeat goes into the name only when the case was repeated, so single runs keep stable, plain names.
  const suffix = repeated.has(key(result)) ? ` #${result.repeat + 1}` : ''
  const open = `    <testcase classname="${escapeXml(result.suite)}" name="${escapeXml(`${result.case} [${result.model}]${suffix}`)}" time="${seconds(result.latencyMs)}"`
  if (result.passed) return `${open}/>`
  const errors = result.failures.filter((f) => f.kind === 'provider_error')
  const failures = result.failures.filter((f) => f.kind !== 'provider_error')
  const body = [
    ...(failures.length > 0 || errors.length === 0 ? [element('failure', failures, result)] : []),
    ...(errors.length > 0 ? [element('error', errors, result)] : []),
  ]
  return [`${open}>`, ...body, '    </testcase>'].join('\n')
}

function element(tag: 'failure' | 'error', failures: CaseResult['failures'], result: CaseResult): string {
  const kinds = [...new Set(failures.map((f) => f.kind))].join(',') || 'failed'
  const message = failures.map((f) => `${f.kind}: ${f.message}`).join('; ') || 'case failed'
  const lines = [
    ...failures.map((f) => `${f.kind}: ${f.message}${f.path ? ` (at ${f.path})` : ''}`),
    ...(callsOf(result).length > 0 ? ['', 'calls:', ...callsOf(result).map((c) => `  turn ${c.turn}: ${c.name}(${c.rawArguments})`)] : []),
    ...(result.expectedTools.length > 0 ? [`expected tools: ${result.expectedTools.join(', ')}`] : []),
  ]
  return `      <${tag} type="${escapeXml(kinds)}" message="${escapeXml(message)}">${escapeXmlContent(lines.join('\n'))}</${tag}>`
}

function tally(results: readonly CaseResult[]): { tests: number; failures: number; errors: number; ms: number } {
  const errors = results.filter((r) => !r.passed && r.failures.some((f) => f.kind === 'provider_error')).length
  const failed = results.filter((r) => !r.passed).length
  return { tests: results.length, failures: failed - errors, errors, ms: results.reduce((sum, r) => sum + r.latencyMs, 0) }
}

function repeatedCases(results: readonly CaseResult[]): Set<string> {
  return new Set([...groupBy(results, key)].filter(([, group]) => group.length > 1).map(([k]) => k))
}

function key(result: CaseResult): string {
  return `${result.suite}\u0000${result.case}\u0000${result.model}`
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item])
  return groups
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
