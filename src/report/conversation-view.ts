import type { SimulatorRecord } from '../core/conversation.ts'
import type { CaseResult, Failure, ResultTurn } from '../core/result.ts'
import { describe } from '../matchers/argument-matchers.ts'
import { matchState } from '../matchers/state-matchers.ts'
import { verdictOfFailures, type ResultVerdict } from '../core/verdict.ts'

// A conversation result read by user message, for every output that draws one (show, HTML, JUnit, vitest
// messages): which turns answered each message, the world's state after it and the failures of that reply. Storage
// is 0-based; `number` here is what people read (1-based).

/** One user message of a result, with what answered it. */
export type MessageView = {
  /** 1-based, as every output prints it. */
  readonly number: number
  readonly user: string
  readonly turns: readonly ResultTurn[]
  /** Whether the step carries the world's snapshot (a case without a world has none). */
  readonly hasState: boolean
  readonly state?: unknown
  /**
   * What the reply changed in the world, path by path (`orders.O-1.status: "delivered" → "return_requested"`),
   * against the state before it; absent when there is no state before it to compare with.
   */
  readonly changes?: readonly StateChange[]
  /** The tools exposed while answering it, when `add_tools` changed them. */
  readonly toolNames?: readonly string[]
  /** Failures of this reply (`Failure.userMessage` = its index). */
  readonly failures: readonly Failure[]
  /**
   * What this reply's failures make (core/verdict.ts): `passed` (none), `failed`, or `errored` — an outage or the
   * suite's own code ended the conversation here, no verdict on the model — so no output calls that reply failed.
   */
  readonly verdict: ResultVerdict
}

/** One path where a reply changed the world: its value before and after, as JSON (or `(absent)`). */
export type StateChange = { readonly path: string; readonly before: string; readonly after: string }

/** A conversation result by message, and the failures of the case-level expectation (no `userMessage`). */
export type ConversationView = {
  readonly messages: readonly MessageView[]
  readonly hasInitialState: boolean
  readonly initialState?: unknown
  readonly caseFailures: readonly Failure[]
  /** A simulated-user case: who played the user (its spec and prompt hash). */
  readonly simulator?: SimulatorRecord
}

/** The result by user message; undefined for a single-request result (no `conversation`). */
export function conversationView(result: CaseResult): ConversationView | undefined {
  const steps = result.conversation
  if (!steps) return undefined
  // Each reply's changes are taken against the snapshot before it: the initial state, then the previous reply's.
  let before: { readonly state: unknown } | undefined = 'initialState' in result ? { state: result.initialState } : undefined
  const messages = steps.map((step, index): MessageView => {
    const previous = before
    before = 'state' in step ? { state: step.state } : undefined
    const failures = result.failures.filter((failure) => failure.userMessage === index)
    return {
      number: index + 1,
      user: step.user,
      turns: result.turns.slice(step.firstTurn, step.endTurn),
      hasState: 'state' in step,
      ...('state' in step ? { state: step.state } : {}),
      ...('state' in step && previous ? { changes: stateChanges(previous.state, step.state) } : {}),
      ...(step.toolNames ? { toolNames: step.toolNames } : {}),
      failures,
      verdict: verdictOfFailures(failures),
    }
  })
  // A failure naming no message (or one past the end, from a damaged report) belongs to the whole conversation.
  const caseFailures = result.failures.filter((failure) => failure.userMessage === undefined || failure.userMessage < 0 || failure.userMessage >= steps.length)
  return {
    messages,
    hasInitialState: 'initialState' in result,
    ...('initialState' in result ? { initialState: result.initialState } : {}),
    caseFailures,
    ...(result.simulator ? { simulator: result.simulator } : {}),
  }
}

/** `message 2 of 3`, how outputs head a user message. */
export function messageLabel(view: MessageView, of: number): string {
  return `message ${view.number} of ${of}`
}

/** A world's state as one line of JSON, cut at `max` characters (saying how much was cut). */
export function stateLine(state: unknown, max = 400): string {
  const json = JSON.stringify(state) ?? 'undefined'
  return json.length > max ? `${json.slice(0, max)}… (${json.length - max} more characters)` : json
}

/** `simulated user: <spec> (prompt sha256 1a2b3c4d…)`, how outputs name a simulated-user case's user. */
export function simulatorLine(simulator: SimulatorRecord): string {
  return `simulated user: ${simulator.spec} (prompt sha256 ${simulator.promptHash.slice(0, 12)}…)`
}

/** Every path where `after` differs from `before` (keys added, removed or changed), each side as JSON. */
export function stateChanges(before: unknown, after: unknown): StateChange[] {
  return matchState({ literal: before }, after).map((difference) => ({ path: difference.path, before: difference.expected, after: describe(difference.actual) }))
}

/** The lines of a reply's changes (`  orders.O-1.status: "delivered" → "return_requested"`), at most `limit` and a count of the rest. */
export function changeLines(changes: readonly StateChange[], indent: string, limit = 20): string[] {
  const lines = changes.slice(0, limit).map((change) => `${indent}${change.path}: ${change.before} → ${change.after}`)
  return changes.length > limit ? [...lines, `${indent}… and ${changes.length - limit} more`] : lines
}
