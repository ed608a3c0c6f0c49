import { didYouMean } from '../core/did-you-mean.ts'
import { InputError } from '../core/errors.ts'
import { isTokenCount } from '../core/model-turn.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { shorten } from '../core/shorten.ts'
import type { CaseResult } from '../core/result.ts'
import { resultVerdicts, verdictConflict, type VerdictFields } from '../core/verdict.ts'

// A result read back from a file — report.json's results (show, merge, compare) or a journal line (--resume) — is
// someone's file: checked to be a result before any output reads it, so a damaged one is an InputError naming the
// field instead of a TypeError's stack trace, a verdict printed "undefined", or an outage kept as passed.

/** Where a stored result sits: its file, the journal line, and the field path prefix (`results[3]`, or none). */
export type StoredResultPlace = { readonly file: string; readonly line?: number; readonly field?: string }

/**
 * Checks that a parsed value is a result every output can read: an object with its identity (suite, case, model,
 * repeat), its failures (each a kind and a message), its turns, messages and expected tools as lists, its metrics as
 * an object, its and each turn's usage as token counts, each call's id, name and argument text as strings, and a
 * verdict that is one of the three and agrees with its failures (`verdictConflict`).
 */
export function checkStoredResult(value: unknown, place: StoredResultPlace): asserts value is CaseResult {
  const prefix = place.field ?? ''
  const fail = (field: string, message: string): never => {
    const name = field === '' ? prefix || 'result' : prefix === '' ? field : `${prefix}.${field}`
    throw new InputError(message, { file: place.file, ...(place.line !== undefined ? { line: place.line } : {}), field: name })
  }
  const wrong = (field: string, expected: string, got: unknown): never => fail(field, `expected ${expected}, got ${describe(got)}`)
  if (!isPlainObject(value)) return wrong('', 'a result object', value)
  for (const field of ['suite', 'case', 'model'] as const) if (typeof value[field] !== 'string') wrong(field, 'a string', value[field])
  if (typeof value.repeat !== 'number' || !Number.isInteger(value.repeat) || value.repeat < 0) wrong('repeat', 'a whole number ≥ 0', value.repeat)
  if (!Array.isArray(value.failures)) return wrong('failures', 'a list of failures', value.failures)
  for (const [index, failure] of value.failures.entries()) {
    if (!isPlainObject(failure)) wrong(`failures[${index}]`, 'a failure object', failure)
    else for (const field of ['kind', 'message'] as const) if (typeof failure[field] !== 'string') wrong(`failures[${index}].${field}`, 'a string', failure[field])
  }
  for (const field of ['turns', 'messages', 'expectedTools'] as const) if (!Array.isArray(value[field])) wrong(field, 'a list', value[field])
  if (!isPlainObject(value.metrics)) wrong('metrics', 'an object', value.metrics)
  // Counts and call text are printed as they are stored (report.md's cache table, `12 in / 3 out`, `name(arguments)`).
  const checkUsage = (field: string, usage: unknown): void => {
    if (!isPlainObject(usage)) return wrong(field, 'a usage object', usage)
    for (const count of ['input', 'output', 'cacheRead', 'cacheWrite', 'reasoning'] as const) {
      if (!isTokenCount(usage[count]) && !(count === 'reasoning' && usage[count] === undefined)) wrong(`${field}.${count}`, 'a non-negative integer', usage[count])
    }
  }
  const checkCalls = (field: string, calls: unknown): void => {
    if (!Array.isArray(calls)) return wrong(field, 'a list of calls', calls)
    for (const [index, call] of calls.entries()) {
      if (!isPlainObject(call)) wrong(`${field}[${index}]`, 'a call object', call)
      else for (const key of ['id', 'name', 'rawArguments'] as const) if (typeof call[key] !== 'string') wrong(`${field}[${index}].${key}`, 'a string', call[key])
    }
  }
  checkUsage('usage', value.usage)
  for (const [index, turn] of (value.turns as unknown[]).entries()) {
    if (!isPlainObject(turn)) return wrong(`turns[${index}]`, 'a turn object', turn)
    checkUsage(`turns[${index}].usage`, turn.usage)
    checkCalls(`turns[${index}].calls`, turn.calls)
  }
  // Reports written before 0.2 keep the calls flattened here too (callsOf reads them when there are no turns).
  if (value.calls !== undefined) checkCalls('calls', value.calls)
  if (value.passed !== undefined && typeof value.passed !== 'boolean') wrong('passed', 'true or false', value.passed)
  const { verdict } = value
  if (verdict !== undefined && !(resultVerdicts as readonly unknown[]).includes(verdict)) {
    const hint = typeof verdict === 'string' ? didYouMean(verdict, resultVerdicts) : ''
    fail('verdict', `expected "passed", "failed" or "errored", got ${describe(verdict)}${hint}`)
  }
  const conflict = verdictConflict(value as VerdictFields)
  if (conflict !== undefined) fail('', `${conflict}: the runner writes both at once, so the file was edited or damaged`)
}

/** A found value in a message: its JSON, cut short (a whole result would bury the message). */
function describe(value: unknown): string {
  if (value === undefined) return 'nothing'
  return shorten(JSON.stringify(value), 60, '…')
}
