import type { Matcher } from '../core/case.ts'
import { literalEquals } from '../core/exact-number.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { maxWeightAssignment } from '../scoring/assignment.ts'
import { absentValue, describe, firstProblem, matcherProblem, matchValue, nonFiniteProblem, operatorKeys, type MatcherProblem } from './argument-matchers.ts'

// State expectations (`expect.state`, README "Conversations and worlds"): the argument matchers applied to a world's
// snapshot, reported as a structural diff — each path where the state differs, what was expected there and what
// was found, not two JSON blobs side by side. `{literal}` reports each difference inside it at its own path; an
// unordered list pairs each matcher with a distinct item by an optimal assignment, so a mismatch is reported
// against the item that came closest.

/** One place where the state differs from the expectation. */
export type StateDifference = {
  /** Where, as `statePath` writes it: `orders.O-1.status`, `refunds[0]`; `(root)` for the snapshot itself. */
  readonly path: string
  /** What the expectation wanted there: a value as JSON, or words (`a string matching /broken/`, `(absent)`). */
  readonly expected: string
  /** What the state has there; `absentValue` where it has nothing. */
  readonly actual: unknown
}

/** How a state is matched: `ignore` lists paths never compared (`*` and `[*]` match any one key or index). */
export type StateMatchOptions = { readonly ignore?: readonly string[] }

/** A path into a snapshot: object keys and list indexes. */
export type StateSegments = readonly (string | number)[]

/** One step of an ignore pattern: a key (also matching the index it spells), an index, or any one step. */
type PatternStep = { readonly key: string } | { readonly index: number } | { readonly any: true }

/** The one-line text of a list item the state lacks, or has beyond the expectation. */
const noItem = '(absent)'

/**
 * Every difference between `state` and the expectation `matcher` (empty: it matches). Ignored paths are skipped
 * with everything under them. The matcher is assumed well formed (`stateMatcherProblem` checks it at load).
 */
export function matchState(matcher: Matcher, state: unknown, options: StateMatchOptions = {}): StateDifference[] {
  const ignore = (options.ignore ?? []).map(parseIgnorePath)
  const differences: StateDifference[] = []
  walk(matcher, state, [], { ignore, differences })
  return differences
}

/** The text of a path: `orders.O-1.status`, `refunds[0].id`, `log["a.b"]`; `(root)` for the empty path. */
export function statePath(segments: StateSegments): string {
  if (segments.length === 0) return '(root)'
  let text = ''
  for (const segment of segments) {
    if (typeof segment === 'number') text += `[${segment}]`
    else if (plainKey.test(segment)) text += text === '' ? segment : `.${segment}`
    else text += `[${JSON.stringify(segment)}]`
  }
  return text
}

/**
 * The message of a state mismatch: one line per difference (`orders.O-1.status: expected "return_requested", got
 * "delivered"`), at most 20 of them and a count of the rest. Values are JSON, so what a model or a world
 * wrote reaches a terminal escaped.
 */
export function formatStateDifferences(differences: readonly StateDifference[]): string {
  const lines = differences.slice(0, 20).map((difference) => `${difference.path}: expected ${difference.expected}, got ${describe(difference.actual)}`)
  const rest = differences.length - lines.length
  const head = `the state differs at ${differences.length} ${differences.length === 1 ? 'path' : 'paths'}`
  return [head, ...lines.map((line) => `  ${line}`), ...(rest > 0 ? [`  … and ${rest} more`] : [])].join('\n')
}

/**
 * Checks that a state matcher is well formed; returns the problem with its path relative to the matcher, or
 * undefined. As `matcherProblem`, plus the list matcher `{ unordered, items }`, with lists and `anyOf` options read
 * by the state rules.
 */
export function stateMatcherProblem(matcher: Matcher, path: (string | number)[] = []): MatcherProblem | undefined {
  if (Array.isArray(matcher)) return firstProblem(matcher.map((item, index) => [item, [...path, index]]), stateMatcherProblem)
  if (!isPlainObject(matcher)) return nonFiniteProblem(matcher, path)
  if (isListMatcher(matcher)) {
    const extra = Object.keys(matcher).find((key) => key !== 'unordered' && key !== 'items')
    if (extra) return { path: [...path, extra], expected: 'no other key beside "unordered" and "items"' }
    if (typeof matcher.unordered !== 'boolean') return { path: [...path, 'unordered'], expected: 'true or false' }
    if (!Array.isArray(matcher.items)) return { path: [...path, 'items'], expected: 'the list of item matchers' }
    return firstProblem(matcher.items.map((item, index) => [item, [...path, 'items', index]]), stateMatcherProblem)
  }
  const operator = operatorKeys.find((key) => key in matcher)
  if (!operator) return firstProblem(Object.entries(matcher).map(([key, child]) => [child, [...path, key]]), stateMatcherProblem)
  const problem = matcherProblem(matcher, path)
  if (problem || operator !== 'anyOf') return problem
  return firstProblem((matcher.anyOf as readonly Matcher[]).map((option, index) => [option, [...path, 'anyOf', index]]), stateMatcherProblem)
}

/** Why an ignore path cannot be read (`orders.*.updated_at`, `refunds[0]`, `log["a.b"]`), or undefined. */
export function ignorePathProblem(path: string): string | undefined {
  try {
    parseIgnorePath(path)
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

/** Keys written bare in a path; any other key is written `["…"]` (JSON), so no key is mistaken for another. */
const plainKey = /^[A-Za-z0-9_$-]+$/

type Walk = { readonly ignore: readonly (readonly PatternStep[])[]; readonly differences: StateDifference[] }

function walk(matcher: Matcher, value: unknown, at: StateSegments, context: Walk): void {
  if (ignored(at, context.ignore)) return
  if (Array.isArray(matcher)) return walkList(matcher, value, at, context)
  if (isPlainObject(matcher)) {
    if (isListMatcher(matcher)) {
      const items = matcher.items as readonly Matcher[]
      return matcher.unordered === true ? walkUnordered(items, value, at, context) : walkList(items, value, at, context)
    }
    const operator = operatorKeys.find((key) => key in matcher)
    if (operator === 'literal') return walkExact(matcher.literal, value, at, context)
    if (operator === 'anyOf') {
      const options = matcher.anyOf as readonly Matcher[]
      if (!options.some((option) => differencesOf(option, value, at, context).length === 0)) differ(context, at, `any of ${describe(options)}`, value)
      return
    }
    if (operator) {
      const outcome = matchValue(matcher, value)
      if (!outcome.ok) differ(context, at, outcome.expected, value)
      return
    }
    if (!isPlainObject(value)) return differ(context, at, `an object like ${describe(matcher)}`, value)
    for (const [key, child] of Object.entries(matcher)) walk(child, Object.hasOwn(value, key) ? value[key] : absentValue, [...at, key], context)
    return
  }
  if (value === absentValue || !literalEquals(matcher, value)) differ(context, at, describe(matcher), value)
}

/** A list item by item: item i against matcher i; an item either side lacks is reported at its index. */
function walkList(items: readonly Matcher[], value: unknown, at: StateSegments, context: Walk): void {
  if (!Array.isArray(value)) return differ(context, at, `a list like ${describe(items)}`, value)
  const length = Math.max(items.length, value.length)
  for (let index = 0; index < length; index++) {
    const where = [...at, index]
    if (index >= value.length) {
      if (!ignored(where, context.ignore)) differ(context, where, describe(items[index]), absentValue)
    } else if (index >= items.length) {
      if (!ignored(where, context.ignore)) differ(context, where, noItem, value[index])
    } else walk(items[index], value[index], where, context)
  }
}

/**
 * A list in any order: an optimal assignment pairs each matcher with a distinct item — items it matches first,
 * then the closest (fewest differences) — and reports the paired items' differences at their own indexes, the
 * matchers left without an item at the list, and the items left over at theirs.
 */
function walkUnordered(items: readonly Matcher[], value: unknown, at: StateSegments, context: Walk): void {
  if (!Array.isArray(value)) return differ(context, at, `a list (in any order) like ${describe(items)}`, value)
  const outcomes = items.map((item) => value.map((element, index) => differencesOf(item, element, [...at, index], context)))
  // A full match outweighs any sum of partial ones (each below 1), so the assignment never trades one away.
  const full = items.length + 1
  const pairs = maxWeightAssignment(outcomes.map((row) => row.map((found) => (found.length === 0 ? full : 1 / (1 + found.length)))))
  pairs.forEach((column, row) => {
    if (column === -1) differ(context, at, `an item like ${describe(items[row])}`, absentValue)
    else for (const found of outcomes[row]?.[column] ?? []) context.differences.push(found)
  })
  const paired = new Set(pairs)
  value.forEach((element, index) => {
    const where = [...at, index]
    if (!paired.has(index) && !ignored(where, context.ignore)) differ(context, where, noItem, element)
  })
}

/** Exact equality (`literal`): every key and item on both sides, each difference at its own path. */
function walkExact(expected: unknown, value: unknown, at: StateSegments, context: Walk): void {
  if (ignored(at, context.ignore)) return
  if (Array.isArray(expected) && Array.isArray(value)) {
    const length = Math.max(expected.length, value.length)
    for (let index = 0; index < length; index++) {
      walkExact(index < expected.length ? expected[index] : absentValue, index < value.length ? value[index] : absentValue, [...at, index], context)
    }
    return
  }
  if (isPlainObject(expected) && isPlainObject(value)) {
    for (const key of Object.keys(expected)) walkExact(expected[key], Object.hasOwn(value, key) ? value[key] : absentValue, [...at, key], context)
    for (const key of Object.keys(value)) if (!Object.hasOwn(expected, key)) walkExact(absentValue, value[key], [...at, key], context)
    return
  }
  if (expected === absentValue) {
    if (value !== absentValue) differ(context, at, noItem, value)
    return
  }
  if (value === absentValue || !literalEquals(expected, value)) differ(context, at, describe(expected), value)
}

/** The differences one matcher finds at a place, without adding them to the walk's. */
function differencesOf(matcher: Matcher, value: unknown, at: StateSegments, context: Walk): StateDifference[] {
  const own: Walk = { ignore: context.ignore, differences: [] }
  walk(matcher, value, at, own)
  return own.differences
}

function differ(context: Walk, at: StateSegments, expected: string, actual: unknown): void {
  context.differences.push({ path: statePath(at), expected, actual })
}

function ignored(at: StateSegments, patterns: readonly (readonly PatternStep[])[]): boolean {
  return patterns.some((pattern) => pattern.length === at.length && pattern.every((step, index) => stepMatches(step, at[index] as string | number)))
}

function stepMatches(step: PatternStep, segment: string | number): boolean {
  if ('any' in step) return true
  if ('index' in step) return segment === step.index
  return segment === step.key || (typeof segment === 'number' && String(segment) === step.key)
}

/** Reads `a.b[0]["c.d"].*[*]` into steps; throws an Error saying what is wrong where. */
function parseIgnorePath(path: string): PatternStep[] {
  const steps: PatternStep[] = []
  let rest = path
  const fail = (what: string) => new Error(`cannot read the path "${path}": ${what} at "${rest}" (write keys as a.b, indexes as [0], other keys as ["a.b"], * or [*] for any)`)
  if (rest === '') throw fail('an empty path')
  let first = true
  while (rest !== '') {
    if (rest.startsWith('[')) {
      const close = bracketEnd(rest)
      if (close === -1) throw fail('an unclosed [')
      const inside = rest.slice(1, close)
      if (inside === '*') steps.push({ any: true })
      else if (/^\d+$/.test(inside)) steps.push({ index: Number(inside) })
      else if (inside.startsWith('"')) {
        let key: unknown
        try {
          key = JSON.parse(inside)
        } catch {
          throw fail('a bad quoted key')
        }
        steps.push({ key: key as string })
      } else throw fail('a bracket that is neither an index, * nor a quoted key')
      rest = rest.slice(close + 1)
    } else {
      if (!first) {
        if (!rest.startsWith('.')) throw fail('a key without a dot before it')
        rest = rest.slice(1)
      }
      const name = /^(\*|[A-Za-z0-9_$-]+)/.exec(rest)?.[0]
      if (!name) throw fail('a missing key')
      steps.push(name === '*' ? { any: true } : { key: name })
      rest = rest.slice(name.length)
    }
    first = false
  }
  return steps
}

/** The index of the `]` closing a bracket that starts `text`, skipping a JSON string inside; -1 if none. */
function bracketEnd(text: string): number {
  if (text[1] !== '"') return text.indexOf(']')
  for (let index = 2; index < text.length; index++) {
    if (text[index] === '\\') index++
    else if (text[index] === '"') return text[index + 1] === ']' ? index + 1 : -1
  }
  return -1
}

/** `{ unordered, items }`: the state list matcher (a state object with such a key is matched with `literal`). */
function isListMatcher(matcher: Record<string, unknown>): boolean {
  return 'unordered' in matcher
}
