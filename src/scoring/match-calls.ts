import type { Expectation } from '../core/case.ts'
import type { Failure } from '../core/result.ts'
import { describe, matchArguments } from '../matchers/argument-matchers.ts'
import { maxWeightAssignment } from './assignment.ts'
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

/**
 * Pairs expected calls with actual calls by an optimal assignment (order-free; a pair needs the same tool name,
 * and pairs whose arguments match are preferred), then reports one failure per unmatched expectation or surplus
 * call: `wrong_argument_value`, `wrong_tool`, `missing_call`, `unexpected_call`, and `wrong_order` when the
 * expectation is strict. Hallucinated-tool calls are already failures of their own and absorb one unmatched
 * expectation each.
 */
export function matchCalls(expect: Expectation, calls: readonly FlatCall[], validity: readonly CallValidity[]): CallMatching {
  const failures: Failure[] = []
  const outcomes = expect.calls.map((expected) =>
    calls.map((flat) => {
      if (flat.call.name !== expected.name) return undefined
      if (!expected.args) return { ok: true as const }
      return flat.call.check.wellFormed ? matchArguments(expected.args, flat.call.arguments) : { ok: false as const, path: '', expected: 'well-formed arguments', actual: flat.call.rawArguments }
    }))
  const weights = outcomes.map((row) => row.map((outcome) => (outcome === undefined ? 0 : outcome.ok ? nameAndArguments : nameOnly)))
  const pairs = maxWeightAssignment(weights)
  const argumentsMatched = pairs.map((column, row) => column !== -1 && outcomes[row]?.[column]?.ok === true)

  pairs.forEach((column, row) => {
    const outcome = column === -1 ? undefined : outcomes[row]?.[column]
    const flat = calls[column]
    if (!outcome || outcome.ok || !flat || validity[column]?.schemaBroken) return
    failures.push({
      kind: 'wrong_argument_value',
      message: `${flat.call.name}: argument ${outcome.path || '(arguments)'} was ${describe(outcome.actual)}, expected ${outcome.expected}`,
      path: `${flat.path}.arguments${outcome.path ? `.${outcome.path}` : ''}`,
    })
  })

  const paired = new Set(pairs.filter((column) => column !== -1))
  const surplus = calls.map((_, index) => index).filter((index) => !paired.has(index))
  const unmatched = expect.calls.map((_, index) => index).filter((index) => pairs[index] === -1)
  for (const row of unmatched) {
    const expected = expect.calls[row]
    const column = surplus.shift()
    const flat = column === undefined ? undefined : calls[column]
    if (!flat) {
      failures.push({ kind: 'missing_call', message: `expected a call to ${expected?.name}${expected?.args ? ` with ${describe(expected.args)}` : ''}, none was made`, path: `expect.calls[${row}]` })
    } else if (!validity[column as number]?.hallucinatedTool) {
      failures.push({ kind: 'wrong_tool', message: `expected a call to ${expected?.name}, the model called ${flat.call.name}`, path: `${flat.path}.name` })
    }
  }
  for (const column of surplus) {
    const flat = calls[column]
    if (!flat || validity[column]?.hallucinatedTool) continue
    failures.push({
      kind: 'unexpected_call',
      message: expect.calls.length === 0 ? `expected no tool call, the model called ${flat.call.name}` : `unexpected extra call to ${flat.call.name}`,
      path: flat.path,
    })
  }

  if (expect.order === 'strict') {
    const rows = pairs.flatMap((column, row) => (column === -1 ? [] : [row]))
    const positions = rows.map((row) => pairs[row] as number)
    if (positions.some((column, index) => index > 0 && column < (positions[index - 1] as number))) {
      failures.push({ kind: 'wrong_order', message: orderMessage(expect, calls, pairs, rows) })
    }
  }
  return { failures, pairs, argumentsMatched }
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
