import type { Expectation } from '../core/case.ts'
import type { Failure } from '../core/result.ts'
import { describe, matchArguments, type MatchOutcome } from '../matchers/argument-matchers.ts'
import { compareArguments, mismatchClauses, wrongArguments } from '../matchers/compare-arguments.ts'
import { judgedArguments } from '../loop/parse-arguments.ts'
import { maxWeightAssignment } from './assignment.ts'
import { orderedAssignment } from './ordered-assignment.ts'
import type { CallValidity } from './call-validity.ts'
import type { FlatCall } from './flat-calls.ts'

/** How expected calls were matched to actual ones. */
export type CallMatching = {
  readonly failures: readonly Failure[]
  /** For each expected call, the index into the flat calls it was paired with (same tool name), or -1. */
  readonly pairs: readonly number[]
  /** Paired calls whose arguments satisfied the expectation. */
  readonly argumentsMatched: readonly boolean[]
}

const nameAndArguments = 3
const nameOnly = 1
const forbiddenDiscount = 0.5

/**
 * Pairs expected calls with actual calls (a pair needs the same tool name; pairs whose arguments match are
 * preferred, and calls the case forbids are paired last), then reports one failure per unmatched expectation or
 * surplus call: `wrong_argument_value`, `wrong_tool`, `missing_call`, `unexpected_call`, and `wrong_order`.
 * `order: any` pairs by an optimal order-free assignment; `in_order` and `strict` take the best pairing that keeps
 * the expected order when it is as good as the order-free one, else report `wrong_order` over the order-free one.
 * With `extra_calls: allow` surplus calls are accepted — under `strict` only before or after the expected calls,
 * never between them. A surplus call that is already a failure of its own (a hallucinated tool, a forbidden call)
 * absorbs one unmatched expectation; without `extra_calls: allow` so does a call to another tool (`wrong_tool`).
 */
export function matchCalls(expect: Expectation, calls: readonly FlatCall[], validity: readonly CallValidity[], forbidden: readonly boolean[]): CallMatching {
  const failures: Failure[] = []
  const outcomes = expect.calls.map((expected) =>
    calls.map((flat) => {
      if (flat.call.name !== expected.name) return undefined
      if (!expected.args) return { ok: true as const }
      return flat.call.check.wellFormed ? matchArguments(expected.args, judgedArguments(flat.call)) : { ok: false as const, path: '', expected: 'well-formed arguments', actual: flat.call.rawArguments }
    }))
  // A forbidden call weighs a little less, so an expectation it also fits takes another call when there is one.
  const weights = outcomes.map((row) => row.map((outcome, column) =>
    (outcome === undefined ? 0 : outcome.ok ? nameAndArguments : nameOnly) - (outcome !== undefined && forbidden[column] ? forbiddenDiscount : 0)))
  const free = maxWeightAssignment(weights)
  let pairs: readonly number[] = free
  let inOrder = true
  if (expect.order !== 'any') {
    const ordered = orderedAssignment(weights, expect.order === 'strict')
    if (ordered.weight >= totalWeight(weights, free)) pairs = ordered.pairs
    else inOrder = false
  }
  const argumentsMatched = pairs.map((column, row) => column !== -1 && outcomes[row]?.[column]?.ok === true)

  pairs.forEach((column, row) => {
    const outcome = column === -1 ? undefined : outcomes[row]?.[column]
    const flat = calls[column]
    const own = validity[column]
    // A broken schema rule (malformed, missing_required, schema_violation) is the failure: a wrong value would repeat it.
    if (!outcome || outcome.ok || !flat || (own?.schemaBroken && own.failures.some((failure) => failure.kind !== 'hallucinated_param'))) return
    const failure = argumentFailure(flat, expect.calls[row]?.args, outcome, own?.hallucinatedParams ?? [])
    if (failure) failures.push(failure)
  })

  const allow = expect.extraCalls === 'allow'
  const ownFailure = (column: number) => validity[column]?.hallucinatedTool === true || forbidden[column] === true
  const paired = new Set(pairs.filter((column) => column !== -1))
  const surplus = calls.map((_, index) => index).filter((index) => !paired.has(index))
  // Allowed extra calls stand in for no expectation: the expected call is missing, whatever else was called.
  const standIns = allow ? surplus.filter(ownFailure) : [...surplus]
  const unmatched = expect.calls.map((_, index) => index).filter((index) => pairs[index] === -1)
  const absorbed = new Set<number>()
  for (const row of unmatched) {
    const expected = expect.calls[row]
    const column = standIns.shift()
    const flat = column === undefined ? undefined : calls[column]
    if (column === undefined || !flat) {
      failures.push({ kind: 'missing_call', message: `expected a call to ${expected?.name}${expected?.args ? ` with ${describe(expected.args)}` : ''}, none was made`, path: `expect.calls[${row}]` })
      continue
    }
    absorbed.add(column)
    if (!ownFailure(column)) failures.push({ kind: 'wrong_tool', message: `expected a call to ${expected?.name}, the model called ${flat.call.name}`, path: `${flat.path}.name` })
  }
  // Reduces, not spreads into Math.min/max: no argument list that grows with the input.
  const first = [...paired].reduce((low, column) => Math.min(low, column), Infinity)
  const last = [...paired].reduce((high, column) => Math.max(high, column), -Infinity)
  for (const column of surplus) {
    const flat = calls[column]
    if (!flat || absorbed.has(column) || ownFailure(column)) continue
    if (!allow) {
      failures.push({
        kind: 'unexpected_call',
        message: expect.calls.length === 0 ? `expected no tool call, the model called ${flat.call.name}` : `unexpected extra call to ${flat.call.name}`,
        path: flat.path,
      })
    } else if (expect.order === 'strict' && inOrder && column > first && column < last) {
      failures.push({ kind: 'unexpected_call', message: `call to ${flat.call.name} between the expected calls (order: strict allows extra calls only before or after them)`, path: flat.path })
    }
  }

  if (!inOrder) failures.push({ kind: 'wrong_order', message: orderMessage(expect, calls, pairs, pairs.flatMap((column, row) => (column === -1 ? [] : [row]))) })
  return { failures, pairs, argumentsMatched }
}

/**
 * One `wrong_argument_value` failure per paired call, naming every argument that did not match (the message and
 * `path` name the only one when one is wrong) and carrying every argument compared, for the per-argument diff.
 * An argument holding an undeclared key (`undeclared`, the call's `hallucinated_param`s) is wrong by that key, which
 * is reported already: left out, and no failure when nothing else is wrong — but a wrong value beside it is named.
 */
function argumentFailure(flat: FlatCall, matchers: Expectation['calls'][number]['args'], outcome: Extract<MatchOutcome, { ok: false }>, undeclared: readonly string[]): Failure | undefined {
  const rows = matchers && flat.call.check.wellFormed ? compareArguments(matchers, judgedArguments(flat.call)) : []
  const wrong = wrongArguments(rows, undeclared)
  if (wrong.length === 0) {
    if (undeclared.length > 0) return undefined
    return {
      kind: 'wrong_argument_value',
      message: `${flat.call.name}: argument ${outcome.path || '(arguments)'} was ${describe(outcome.actual)}, expected ${outcome.expected}`,
      path: `${flat.path}.arguments${outcome.path ? `.${outcome.path}` : ''}`,
    }
  }
  const only = wrong.length === 1 ? wrong[0]?.argument : undefined
  return {
    kind: 'wrong_argument_value',
    message: `${flat.call.name}: ${mismatchClauses(wrong).join('; ')}`,
    path: `${flat.path}.arguments${only ? `.${only}` : ''}`,
    arguments: rows,
  }
}

function totalWeight(weights: readonly (readonly number[])[], pairs: readonly number[]): number {
  return pairs.reduce((sum, column, row) => sum + (column === -1 ? 0 : weights[row]?.[column] ?? 0), 0)
}

/**
 * `calls came in the order A → B, expected B → A` over the paired calls: the actual order is the order the model
 * made them in; when one tool appears more than once, each call is named with its arguments so the orders differ.
 */
function orderMessage(expect: Expectation, calls: readonly FlatCall[], pairs: readonly number[], rows: readonly number[]): string {
  const withArguments = new Set(rows.map((row) => expect.calls[row]?.name)).size < rows.length
  // Flat calls are in transcript order, so sorting the paired columns gives the order the model made them in.
  const actual = rows.map((row) => pairs[row] as number).sort((a, b) => a - b).map((column) => calls[column]?.call)
  const actualText = actual.map((call) => (withArguments ? `${call?.name} ${call?.rawArguments}` : call?.name)).join(' → ')
  const expectedText = rows.map((row) => {
    const expected = expect.calls[row]
    return withArguments && expected?.args ? `${expected.name} ${describe(expected.args)}` : expected?.name
  }).join(' → ')
  return `calls came in the order ${actualText}, expected ${expectedText}`
}
