import type { Matcher } from '../core/case.ts'
import { containsExactNumber, exactJsonText, isJsonObject, plainValue } from '../core/exact-number.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { ArgumentComparison } from '../core/result.ts'
import { shorten } from '../core/shorten.ts'
import { absentValue, describe, matchValue, operatorKeys } from './argument-matchers.ts'

/**
 * Every argument of a call against an expectation's matchers, for a `wrong_argument_value` failure's diff: each
 * argument the expectation names (matched or not; a nested object matcher key by key, so each wrong field is its
 * own row) and each argument it does not name (`matches: true`, no `expected`). Arguments that are not an object
 * give one row for the whole value. `args` are the judged arguments (`judgedArguments`: numbers exact).
 */
export function compareArguments(matchers: { readonly [key: string]: Matcher }, args: unknown): ArgumentComparison[] {
  const rows: ArgumentComparison[] = []
  if (!isJsonObject(args)) rows.push(row('', 'an object', args, false))
  else compareObject(matchers, args, '', rows)
  return rows
}

/**
 * The rows that did not match, less those holding a key the scorer found undeclared (`undeclared`: the call's
 * `hallucinated_param` paths, `a.b[0].c`): such an argument is wrong by that key, which its own failure reports.
 * The scorer's `wrong_argument_value` and the vitest matchers read the same rows.
 */
export function wrongArguments(rows: readonly ArgumentComparison[], undeclared: readonly string[]): ArgumentComparison[] {
  return rows.filter((entry) => !entry.matches && !undeclared.some((key) => isWithin(key, entry.argument)))
}

/** Whether argument path `key` (`a.b[0].c`) is `argument` or lies inside it. */
function isWithin(key: string, argument: string): boolean {
  return key === argument || key.startsWith(`${argument}.`) || key.startsWith(`${argument}[`)
}

/** The rows that did not match, as `argument city was "Paris", expected "London"` clauses. */
export function mismatchClauses(rows: readonly ArgumentComparison[]): string[] {
  return rows.filter((entry) => !entry.matches).map((entry) => `argument ${entry.argument || '(arguments)'} was ${sentText(entry)}, expected ${entry.expected}`)
}

/** What the model sent for a row's argument, as text: its exact JSON (`actualText`) when JavaScript's `actual` is not. */
export function sentText(entry: ArgumentComparison): string {
  return entry.actualText !== undefined ? shorten(entry.actualText, 120) : describe('actual' in entry ? entry.actual : absentValue)
}

function compareObject(matchers: { readonly [key: string]: Matcher }, value: Record<string, unknown>, prefix: string, rows: ArgumentComparison[]): void {
  for (const [key, matcher] of Object.entries(matchers)) {
    const path = prefix ? `${prefix}.${key}` : key
    const child = Object.hasOwn(value, key) ? value[key] : absentValue
    if (isNestedMatcher(matcher) && isJsonObject(child)) {
      compareObject(matcher, child, path, rows)
      continue
    }
    const outcome = matchValue(matcher, child, path)
    rows.push(outcome.ok ? row(path, describe(matcher), child, true) : row(outcome.path, outcome.expected, outcome.actual, false))
  }
  for (const key of Object.keys(value)) {
    if (!Object.hasOwn(matchers, key)) rows.push(row(prefix ? `${prefix}.${key}` : key, undefined, value[key], true))
  }
}

/** A plain object matcher that is no operator: it matches an object key by key. */
function isNestedMatcher(matcher: Matcher): matcher is { readonly [key: string]: Matcher } {
  return isPlainObject(matcher) && !operatorKeys.some((key) => key in matcher)
}

// The stored row leaves out `expected` for an argument no matcher names and `actual` for one the model did not send.
// A row is JSON in report.json: an exact number's `actual` is JavaScript's reading, its text in `actualText`.
function row(argument: string, expected: string | undefined, actual: unknown, matches: boolean): ArgumentComparison {
  const entry: { argument: string; expected?: string; actual?: unknown; actualText?: string; matches: boolean } = { argument, matches }
  if (expected !== undefined) entry.expected = expected
  if (actual !== absentValue) {
    const exact = containsExactNumber(actual)
    entry.actual = exact ? plainValue(actual) : actual
    if (exact) entry.actualText = exactJsonText(actual)
  }
  return entry
}
