import type { Matcher } from '../core/case.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { compareNumbers, containsExactNumber, exactJsonText, firstNonFinite, isJsonObject, isNumberValue, literalEquals } from '../core/exact-number.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { shorten } from '../core/shorten.ts'
import { inlineFlagsProblem } from './inline-flags.ts'

/** Outcome of matching one value against a matcher. */
export type MatchOutcome =
  | { readonly ok: true }
  | { readonly ok: false; readonly path: string; readonly expected: string; readonly actual: unknown }

/**
 * The keys that turn an object into a matcher operator rather than a nested-object matcher. `literal` is the escape
 * for an argument object that really has such a key: `{ literal: { regex: "a+" } }` matches that object exactly.
 */
export const operatorKeys = ['regex', 'range', 'anyOf', 'absent', 'any', 'literal'] as const
const operatorExtras: Record<(typeof operatorKeys)[number], readonly string[]> = {
  regex: ['flags'],
  range: [],
  anyOf: [],
  absent: [],
  any: [],
  literal: [],
}

/** Marks an argument the model did not send (distinct from `undefined` inside JSON, which cannot occur). */
export const absentValue: unique symbol = Symbol('absent')

const ok: MatchOutcome = { ok: true }

/**
 * Matches a value against a matcher (README "Argument matchers"). `value` is `absentValue` when the key is missing.
 * Literals compare deeply (numbers by exact value: a model's number JavaScript cannot hold is an ExactNumber); a list lists acceptable values with `""` meaning "may be
 * omitted" (an array among them is one acceptable array, `[[a, b]]`); operators are `{regex, flags?}`, `{range:[min,max]}`, `{anyOf}`, `{absent:true}`, `{any:true}`, `{literal}`;
 * other objects match key by key (keys the matcher does not name are ignored here — the schema judges them).
 */
export function matchValue(matcher: Matcher, value: unknown, path = ''): MatchOutcome {
  if (Array.isArray(matcher)) return matchList(matcher, value, path)
  if (isJsonObject(matcher)) {
    const operator = operatorKeys.find((key) => key in matcher)
    if (operator) return matchOperator(operator, matcher, value, path)
    return matchObject(matcher, value, path)
  }
  if (value === absentValue) return fail(path, describe(matcher), value)
  return literalEquals(matcher, value) ? ok : fail(path, describe(matcher), value)
}

/** Matches an arguments object against `{ key: matcher }` (every named key must match; absent keys included). */
export function matchArguments(matchers: { readonly [key: string]: Matcher }, args: unknown, path = ''): MatchOutcome {
  return matchObject(matchers, args, path)
}

function matchList(alternatives: readonly Matcher[], value: unknown, path: string): MatchOutcome {
  const accepts = value === absentValue
    ? (alternative: Matcher) => alternative === '' || acceptsAbsent(alternative)
    : (alternative: Matcher) => (Array.isArray(alternative) ? matchElements(alternative, value) : matchValue(alternative, value, path).ok)
  return alternatives.some(accepts) ? ok : fail(path, `one of ${describe(alternatives)}`, value)
}

/**
 * An array inside a list of acceptable values is one acceptable array (BFCL's `[[a, b]]`): same length, each
 * element matched by its own matcher, nested arrays again literal.
 */
function matchElements(elements: readonly Matcher[], value: unknown): boolean {
  return Array.isArray(value) && value.length === elements.length
    && elements.every((element, index) => (Array.isArray(element) ? matchElements(element, value[index]) : matchValue(element, value[index]).ok))
}

function acceptsAbsent(matcher: Matcher): boolean {
  return matchValue(matcher, absentValue).ok
}

function matchOperator(
  operator: (typeof operatorKeys)[number],
  matcher: Record<string, unknown>,
  value: unknown,
  path: string,
): MatchOutcome {
  switch (operator) {
    case 'absent':
      return value === absentValue ? ok : fail(path, 'no value (absent)', value)
    case 'any':
      return value !== absentValue ? ok : fail(path, 'any value', value)
    case 'literal':
      return value !== absentValue && literalEquals(matcher.literal, value) ? ok : fail(path, describe(matcher.literal), value)
    case 'anyOf': {
      const options = matcher.anyOf as readonly Matcher[]
      return options.some((option) => matchValue(option, value, path).ok) ? ok : fail(path, `any of ${describe(options)}`, value)
    }
    case 'regex': {
      const pattern = new RegExp(matcher.regex as string, (matcher.flags as string | undefined) ?? '')
      return typeof value === 'string' && pattern.test(value) ? ok : fail(path, `a string matching /${pattern.source}/${pattern.flags}`, value)
    }
    case 'range': {
      const [min, max] = matcher.range as [number, number]
      return isNumberValue(value) && compareNumbers(value, min) >= 0 && compareNumbers(value, max) <= 0 ? ok : fail(path, `a number in [${min}, ${max}]`, value)
    }
  }
}

function matchObject(matchers: Record<string, unknown>, value: unknown, path: string): MatchOutcome {
  if (!isJsonObject(value)) return fail(path, 'an object', value)
  for (const [key, matcher] of Object.entries(matchers)) {
    const child = Object.hasOwn(value, key) ? value[key] : absentValue
    const outcome = matchValue(matcher, child, path ? `${path}.${key}` : key)
    if (!outcome.ok) return outcome
  }
  return ok
}

/** What is wrong with a matcher: where, relative to the matcher, and what was expected there. */
export type MatcherProblem = { path: (string | number)[]; expected: string }

/**
 * Checks that a matcher is well formed; returns the problem with its path relative to the matcher, or undefined.
 * Used by the suite loader so a bad matcher stops the run before any model call.
 */
export function matcherProblem(matcher: Matcher, path: readonly (string | number)[] = []): MatcherProblem | undefined {
  if (Array.isArray(matcher)) return firstProblem(matcher.map((item, index) => [item, [...path, index]]), matcherProblem)
  if (!isPlainObject(matcher)) return nonFiniteProblem(matcher, path)
  const operator = operatorKeys.find((key) => key in matcher)
  if (!operator) return firstProblem(Object.entries(matcher).map(([key, child]) => [child, [...path, key]]), matcherProblem)
  const extra = Object.keys(matcher).find((key) => key !== operator && !operatorExtras[operator].includes(key))
  if (extra) return { path: [...path, extra], expected: `no other key beside "${operator}"${didYouMean(extra, operatorExtras[operator])} (allowed: ${[operator, ...operatorExtras[operator]].join(', ')})` }
  const argument = matcher[operator]
  switch (operator) {
    case 'regex': {
      if (typeof argument !== 'string') return { path: [...path, 'regex'], expected: 'a regular expression string' }
      if (matcher.flags !== undefined && typeof matcher.flags !== 'string') return { path: [...path, 'flags'], expected: 'a string of RegExp flags' }
      const inline = inlineFlagsProblem(argument)
      if (inline) return { path: [...path, 'regex'], expected: `a JavaScript regular expression: ${inline}` }
      try {
        new RegExp(argument, (matcher.flags as string | undefined) ?? '')
      } catch (error) {
        return { path: [...path, 'regex'], expected: `a valid regular expression (${(error as Error).message})` }
      }
      return undefined
    }
    case 'range':
      return Array.isArray(argument) && argument.length === 2 && argument.every((n) => typeof n === 'number') && (argument[0] as number) <= (argument[1] as number)
        ? undefined
        : { path: [...path, 'range'], expected: '[min, max] with two numbers, min <= max' }
    case 'anyOf':
      if (!Array.isArray(argument) || argument.length === 0) return { path: [...path, 'anyOf'], expected: 'a non-empty list of matchers' }
      return matcherProblem(argument, [...path, 'anyOf'])
    case 'absent':
    case 'any':
      return argument === true ? undefined : { path: [...path, operator], expected: 'true' }
    case 'literal':
      return argument === undefined ? { path: [...path, 'literal'], expected: 'the exact value to match' } : nonFiniteProblem(argument, [...path, 'literal'])
  }
}

/**
 * A value to match that holds a YAML `.inf` or `.nan` can never be met: what it is compared with (a call's
 * arguments, a world's state) is JSON, which has neither. Only a `range` bound may be infinite.
 */
export function nonFiniteProblem(value: unknown, path: readonly (string | number)[]): MatcherProblem | undefined {
  const found = firstNonFinite(value, path)
  return found && { path: found.path, expected: 'a finite number: what it is compared with is JSON, which has no .inf or .nan, so it could never be met (a range: bound may be .inf)' }
}

/** The first problem `check` finds among matchers, each at its path. */
export function firstProblem(
  entries: readonly (readonly [Matcher, (string | number)[]])[],
  check: (matcher: Matcher, path: (string | number)[]) => MatcherProblem | undefined,
): MatcherProblem | undefined {
  for (const [matcher, path] of entries) {
    const problem = check(matcher, path)
    if (problem) return problem
  }
  return undefined
}

function fail(path: string, expected: string, actual: unknown): MatchOutcome {
  return { ok: false, path, expected, actual }
}

/** A short human rendering of a matcher or value for failure messages (a number as exact as the model wrote it). */
export function describe(value: unknown): string {
  if (value === absentValue) return '(absent)'
  const text = containsExactNumber(value) ? exactJsonText(value) : JSON.stringify(value)
  return text === undefined ? String(value) : shorten(text, 120)
}

