import { InputError } from '../core/errors.ts'
import type { Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { resultKey } from '../report/journal.ts'
import { repeatLabel } from '../report/repeat-label.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { verdictOf } from '../core/verdict.ts'

/**
 * A result that must pass whatever the gates say (report.json `run.merged.mustPass`): one that came from a run with
 * no metric gate, so its run's exit code asked it to pass and no other run's gate covers it.
 */
export type MustPassEntry = Pick<CaseResult, 'suite' | 'case' | 'model' | 'repeat' | 'variant'>

/**
 * The result keys (`resultKey`) an input asks to pass: every result of a report that recorded no metric gate (its
 * run's exit code asked that); of one that did, those its own merge recorded in `run.merged.mustPass` — a merged
 * report's gates cover its gated runs' models only, and without the record a merge of merges would let them cover
 * every result (a failed case of an ungated run exiting 0).
 */
export function mustPassKeys(file: string, report: Report, gated: boolean): string[] {
  if (!gated) return report.results.map(resultKey)
  const merged = report.run.merged
  const recorded = isPlainObject(merged) ? merged.mustPass : undefined
  if (recorded === undefined) return []
  const field = 'run.merged.mustPass'
  if (!Array.isArray(recorded)) throw new InputError('expected a list of results (suite, case, model, repeat)', { file, field })
  return recorded.map((entry: unknown, index) => resultKey(entryOf(entry, (what, at) => new InputError(`expected ${what}`, { file, field: `${field}[${index}]${at}` }))))
}

/** What a merged report records of the results that must pass: their keys, in report order. */
export function mustPassRecord(results: readonly CaseResult[]): MustPassEntry[] {
  return results.map(({ suite, case: id, model, variant, repeat }) => ({ suite, case: id, model, ...(variant !== undefined ? { variant } : {}), repeat }))
}

/**
 * Why a merge whose gates all passed still exits 1: the failed results that had to pass (`mustPass`), named — the
 * gate lines alone show only ✓. Undefined when none failed.
 */
export function unmetMustPassText(mustPass: readonly CaseResult[], shown = 5): string | undefined {
  const failed = mustPass.filter((result) => verdictOf(result) === 'failed')
  if (failed.length === 0) return undefined
  const names = failed.slice(0, shown).map((r) => `${r.suite}/${r.case} [${summaryLabel(r)}] ${repeatLabel(r.repeat)}`)
  const more = failed.length > shown ? `, and ${failed.length - shown} more` : ''
  return `${failed.length} case run(s) failed that no gate covers (from reports without metric gates, whose every case must pass, as their runs' exit codes asked): ${names.join(', ')}${more}`
}

function entryOf(entry: unknown, fail: (what: string, at: string) => InputError): MustPassEntry {
  if (!isPlainObject(entry)) throw fail('a result key object (suite, case, model, repeat)', '')
  for (const field of ['suite', 'case', 'model'] as const) if (typeof entry[field] !== 'string') throw fail(`the ${field} name (a string)`, `.${field}`)
  if (!Number.isInteger(entry.repeat)) throw fail('the repeat index (an integer)', '.repeat')
  if (entry.variant !== undefined && typeof entry.variant !== 'string') throw fail('the variant name (a string)', '.variant')
  return entry as MustPassEntry
}
