import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { resultKey } from '../report/journal.ts'
import { caseRunName } from '../report/repeat-label.ts'
import { hasMetricGate, unmetMustPass, type DecidingGate } from '../gates/unmet-must-pass.ts'
import { verdictOf } from '../core/verdict.ts'

/**
 * A result that must pass whatever the gates say (report.json `run.merged.mustPass`): one that came from a run with
 * no metric gate, so its run's exit code asked it to pass and no other run's gate covers it.
 */
export type MustPassEntry = Pick<CaseResult, 'suite' | 'case' | 'model' | 'repeat' | 'variant'>

/** The result keys a report records as must-pass (`run.merged.mustPass`); a damaged record is exit 2 with its file and field. */
export function recordedMustPassKeys(file: string, run: Report['run']): string[] {
  const merged = run.merged
  const recorded = isPlainObject(merged) ? merged.mustPass : undefined
  if (recorded === undefined) return []
  const field = 'run.merged.mustPass'
  if (!Array.isArray(recorded)) throw new InputError('expected a list of results (suite, case, model, repeat)', { file, field })
  return recorded.map((entry: unknown, index) => resultKey(entryOf(entry, (what, at) => new InputError(`expected ${what}`, { file, field: `${field}[${index}]${at}` }))))
}

/**
 * The decision `exitCodeFor` made of a report file's must-pass results, read back from the file (report.md,
 * report.html, `toolgauge show`): those its `run.merged.mustPass` records that failed, under its metric gates. With
 * gates but none a metric (a suite's `max_tool_tokens` budget alone), every case had to pass: its failed ones.
 */
export function unmetMustPassOf(file: string, report: { readonly run: Report['run']; readonly gates: readonly DecidingGate[] }, results: Iterable<CaseResult>): CaseResult[] {
  if (report.gates.length > 0 && !hasMetricGate(report.gates)) return [...results].filter((result) => verdictOf(result) === 'failed')
  const keys = new Set(recordedMustPassKeys(file, report.run))
  if (keys.size === 0) return []
  return unmetMustPass(report.gates, (function* () {
    for (const result of results) if (keys.has(resultKey(result))) yield result
  })())
}

/** What a merged report records of the results that must pass: their keys, in report order. */
export function mustPassRecord(results: readonly CaseResult[]): MustPassEntry[] {
  return results.map(({ suite, case: id, model, variant, repeat }) => ({ suite, case: id, model, ...(variant !== undefined ? { variant } : {}), repeat }))
}

/**
 * Why a report whose gates all passed still exits 1, as merge's console, report.md, report.html and `show` say it:
 * the failed results that had to pass (`unmetMustPass`'s decision), named — the gate lines alone show only ✓.
 * Undefined when none failed.
 */
export function unmetMustPassText(unmet: readonly CaseResult[], shown = 5): string | undefined {
  if (unmet.length === 0) return undefined
  const names = unmet.slice(0, shown).map(caseRunName)
  const more = unmet.length > shown ? `, and ${unmet.length - shown} more` : ''
  return `${unmetMustPassCount(unmet.length)} (from reports without metric gates, whose every case must pass, as their runs' exit codes asked): ${names.join(', ')}${more}`
}

/** The count of unmet must-pass results as every output words it (a gates headline reads it too). */
export function unmetMustPassCount(count: number): string {
  return `${count} case run(s) failed that no gate covers`
}

function entryOf(entry: unknown, fail: (what: string, at: string) => InputError): MustPassEntry {
  if (!isPlainObject(entry)) throw fail('a result key object (suite, case, model, repeat)', '')
  for (const field of ['suite', 'case', 'model'] as const) if (typeof entry[field] !== 'string') throw fail(`the ${field} name (a string)`, `.${field}`)
  if (!Number.isInteger(entry.repeat)) throw fail('the repeat index (an integer)', '.repeat')
  if (entry.variant !== undefined && typeof entry.variant !== 'string') throw fail('the variant name (a string)', '.variant')
  return entry as MustPassEntry
}
