import type { ExpectedCall } from '../core/case.ts'
import type { Failure, FailureKind } from '../core/result.ts'
import type { TranscriptCall } from '../core/transcript.ts'
import { splitFailures, verdictOf } from '../core/verdict.ts'
import { describe } from '../matchers/argument-matchers.ts'
import { compareArguments, sentText, wrongArguments } from '../matchers/compare-arguments.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { judgedArguments } from '../loop/parse-arguments.ts'
import { argumentDiffText } from '../report/argument-diff.ts'
import type { ScoredCase } from '../runner/run-one-case.ts'

// The assertions behind the `toolgauge/vitest` matchers, as pure functions of a scored case: no vitest here, so
// they are testable on their own and the main entry never needs vitest. A matcher may ask a narrower question than
// the suite does, but it reads the scorer's verdicts: a call the scorer rejected (malformed or duplicate-key
// arguments, a schema violation, an invented tool or parameter) satisfies no call matcher, and an errored case
// answers none (matchers.ts).

/** The outcome of one assertion: whether it holds, the failure kind it names, and what to diff. */
export type AssertionOutcome = {
  readonly pass: boolean
  /** The failure kind (README "Failure kinds") that explains a failed assertion, or a budget/verdict label. */
  readonly kind: FailureKind | 'over_tool_token_budget' | 'case_failed'
  /** One line saying what held or what did not. */
  readonly summary: string
  readonly expected: unknown
  readonly actual: unknown
}

/**
 * A call of a scored case with its turn and the scorer's verdict on it: the failures it found (none = accepted) and
 * the argument keys it invented (an argument holding one is wrong by that key, which `rejected` reports).
 */
type ScoredCall = { readonly turn: number; readonly call: TranscriptCall; readonly rejected: readonly Failure[]; readonly invented: readonly string[] }

/** Every call of a scored case, in order, with its turn and the scorer's verdict on it. */
function callsOf(scored: ScoredCase): ScoredCall[] {
  const verdicts = new Map(scored.score.calls.map((verdict) => [`${verdict.turn}:${verdict.index}`, verdict]))
  return scored.transcript.turns.flatMap((turn) => turn.calls.map((call, index) => {
    const verdict = verdicts.get(`${turn.index}:${index}`)
    return { turn: turn.index, call, rejected: verdict?.failures ?? [], invented: verdict?.hallucinatedParams ?? [] }
  }))
}

/** The outcome every matcher gives an errored case (an outage, the suite's own code): no verdict on the model. */
export function erroredCase(scored: ScoredCase): AssertionOutcome | undefined {
  if (verdictOf(scored.result) !== 'errored') return undefined
  const { errors } = splitFailures(scored.result.failures)
  const first = errors[0] ?? scored.result.failures[0]
  return {
    pass: false,
    kind: first?.kind ?? 'case_failed',
    summary: `the case errored (${errors.map((failure) => `${failure.kind}: ${failure.message}`).join('; ') || 'no verdict'}): no verdict on the model, so no matcher holds or fails on it`,
    expected: [],
    actual: scored.result.failures,
  }
}

/** A call as the diff's received side shows it: the same two fields as the expected side (`DiffedCall`). */
type DiffedCall = { readonly name: string; readonly arguments: unknown }

function diffedCall(call: TranscriptCall): DiffedCall {
  return { name: call.name, arguments: call.arguments !== undefined ? call.arguments : call.rawArguments }
}

/**
 * The expected side of the diff against one call, with the received side's field names: an argument that matched
 * (or that no matcher names) shows the value sent, so vitest's diff marks only the arguments that did not match;
 * one that did not match shows its matcher as written.
 */
function expectedAgainst(expected: ExpectedCall, call: TranscriptCall | undefined): DiffedCall {
  const same = call?.name === expected.name ? call : undefined
  const sent = same?.arguments
  if (!expected.args) return { name: expected.name, arguments: same ? diffedCall(same).arguments : '(any arguments)' }
  if (!same || !isPlainObject(sent)) return { name: expected.name, arguments: expected.args }
  const wrong = new Set(compareArguments(expected.args, judgedArguments(same)).filter((row) => !row.matches).map((row) => row.argument.split('.')[0]))
  const shown: Record<string, unknown> = {}
  for (const key of new Set([...Object.keys(expected.args), ...Object.keys(sent)])) {
    if (wrong.has(key)) shown[key] = expected.args[key]
    else if (Object.hasOwn(sent, key)) shown[key] = sent[key]
  }
  return { name: expected.name, arguments: shown }
}

/**
 * Every argument mismatch of a call against an expectation (`city: expected "Paris", got "Lyon"; …`), or undefined
 * when it matches — as the scorer compares (`wrongArguments`): an argument wrong only by a key the scorer found
 * invented is that key's rejection, not a mismatch.
 */
function argumentMismatch(expected: ExpectedCall, { call, invented }: ScoredCall): string | undefined {
  if (call.name !== expected.name) return `called ${call.name}, not ${expected.name}`
  if (!expected.args) return undefined
  if (call.arguments === undefined) return `arguments are not a JSON object: ${describe(call.rawArguments)}`
  const wrong = wrongArguments(compareArguments(expected.args, judgedArguments(call)), invented)
  if (wrong.length === 0) return undefined
  return wrong.map((row) => `${row.argument || '(arguments)'}: expected ${row.expected}, got ${sentText(row)}`).join('; ')
}

/** The per-argument diff of a call against an expectation, as text lines (report/argument-diff.ts), or [] when nothing differs. */
function diffLines(expected: ExpectedCall, call: TranscriptCall): string[] {
  if (!expected.args || call.name !== expected.name || call.arguments === undefined) return []
  const rows = compareArguments(expected.args, judgedArguments(call))
  return rows.some((row) => !row.matches) ? argumentDiffText({ arguments: rows }, '  ') : []
}

/** The call an expectation is diffed against: the one of the same name with the fewest wrong arguments, else the first. */
function closestCall(expected: ExpectedCall, calls: readonly ScoredCall[]): TranscriptCall | undefined {
  const wrongCount = (call: TranscriptCall) => (expected.args && isPlainObject(call.arguments) ? compareArguments(expected.args, judgedArguments(call)).filter((row) => !row.matches).length : 0)
  const sameName = calls.filter(({ call }) => call.name === expected.name)
  return sameName.reduce<ScoredCall | undefined>((best, entry) => (best === undefined || wrongCount(entry.call) < wrongCount(best.call) ? entry : best), undefined)?.call ?? calls[0]?.call
}

/** The two sides of the diff for a list of expected calls: each expectation against its closest call, and every call made. */
function diffedLists(expected: readonly ExpectedCall[], calls: readonly ScoredCall[]): { expected: DiffedCall[]; actual: DiffedCall[] } {
  return { expected: expected.map((wanted) => expectedAgainst(wanted, closestCall(wanted, calls))), actual: calls.map(({ call }) => diffedCall(call)) }
}

const matches = (expected: ExpectedCall, entry: ScoredCall): boolean => argumentMismatch(expected, entry) === undefined

/** Whether a call answers an expected call: the scorer accepted it and it matches. */
const fits = (expected: ExpectedCall, entry: ScoredCall): boolean => entry.rejected.length === 0 && matches(expected, entry)

/** What the scorer found wrong with a call, on one line. */
const rejection = (entry: ScoredCall): string => entry.rejected.map((failure) => `${failure.kind}: ${failure.message}`).join('; ')

/**
 * Everything that keeps a call of the expected tool from answering the expectation: its wrong arguments and the
 * scorer's rejection, both — a wrong value never hides the key the model invented beside it, as the run reports both.
 */
function faults(expected: ExpectedCall, entry: ScoredCall): string {
  const mismatch = argumentMismatch(expected, entry)
  return [...(mismatch ? [mismatch] : []), ...(entry.rejected.length > 0 ? [`rejected by the scorer: ${rejection(entry)}`] : [])].join('; ')
}

/** Why each call of the expected tool does not answer the expectation (`turn 1: …`), or '' when there is none. */
function whyNot(expected: ExpectedCall, calls: readonly ScoredCall[]): string {
  return calls.filter(({ call }) => call.name === expected.name).map((entry) => `turn ${entry.turn + 1}: ${faults(expected, entry)}`).join('; ')
}

/** The outcome when the only calls that would answer the expectation are calls the scorer rejected, if so. */
function rejectedStandIn(expected: readonly ExpectedCall[], calls: readonly ScoredCall[], shown: unknown, actual: unknown): AssertionOutcome | undefined {
  const standIn = calls.find((entry) => entry.rejected.length > 0 && expected.some((wanted) => matches(wanted, entry)))
  const first = standIn?.rejected[0]
  if (!standIn || !first) return undefined
  return { pass: false, kind: first.kind, summary: `called ${standIn.call.name} in turn ${standIn.turn + 1}, but the scorer rejected the call (${rejection(standIn)})`, expected: shown, actual }
}

/** `toCallTool(name, args?)`: some call the scorer accepted, in any turn, has this name and matching arguments. */
export function callsTool(scored: ScoredCase, expected: ExpectedCall): AssertionOutcome {
  const calls = callsOf(scored)
  // One call on each side, under the same field names: the diff shows only what differs.
  const closest = closestCall(expected, calls)
  const shown = expectedAgainst(expected, closest)
  const actual = closest ? diffedCall(closest) : null
  if (calls.some((entry) => fits(expected, entry))) {
    return { pass: true, kind: 'missing_call', summary: `called ${expected.name} as expected`, expected: shown, actual }
  }
  const rejected = rejectedStandIn([expected], calls, shown, actual)
  if (rejected) return rejected
  const sameName = calls.filter(({ call }) => call.name === expected.name)
  if (sameName.length > 0) {
    const why = sameName.map((entry) => faults(expected, entry)).join('; ')
    const diff = closest ? diffLines(expected, closest) : []
    return { pass: false, kind: 'wrong_argument_value', summary: [`called ${expected.name}, but not with the expected arguments (${why})`, ...diff].join('\n'), expected: shown, actual }
  }
  const kind = calls.length === 0 ? 'missing_call' : 'wrong_tool'
  const summary = calls.length === 0 ? `expected a call to ${expected.name}; the model made no call` : `expected a call to ${expected.name}; the model called ${calls.map(({ call }) => call.name).join(', ')}`
  return { pass: false, kind, summary, expected: shown, actual }
}

/** `toCallToolsInParallel([...])`: one assistant turn holds a distinct accepted, matching call for every expected call. */
export function callsToolsInParallel(scored: ScoredCase, expected: readonly ExpectedCall[]): AssertionOutcome {
  const calls = callsOf(scored)
  const { expected: shown, actual } = diffedLists(expected, calls)
  const turnWithAll = scored.transcript.turns.find((turn) => assignable(expected, calls.filter((entry) => entry.turn === turn.index)))
  if (turnWithAll) return { pass: true, kind: 'not_parallel', summary: `turn ${turnWithAll.index + 1} made all ${expected.length} calls`, expected: shown, actual }
  if (assignable(expected, calls)) return { pass: false, kind: 'not_parallel', summary: `the ${expected.length} expected calls were made, but not in one turn`, expected: shown, actual }
  return notAllMade(expected, calls, shown, actual)
}

/** `toCallToolsInOrder([...])`: the expected calls appear in this order among the model's accepted calls (others may interleave). */
export function callsToolsInOrder(scored: ScoredCase, expected: readonly ExpectedCall[]): AssertionOutcome {
  const calls = callsOf(scored)
  const { expected: shown, actual } = diffedLists(expected, calls)
  // Greedy earliest matching decides whether an ordered subsequence exists.
  let next = 0
  for (const entry of calls) if (next < expected.length && fits(expected[next] as ExpectedCall, entry)) next++
  if (next === expected.length) return { pass: true, kind: 'wrong_order', summary: `made the ${expected.length} calls in order`, expected: shown, actual }
  if (assignable(expected, calls)) {
    return { pass: false, kind: 'wrong_order', summary: `made the expected calls, but in the order ${calls.map(({ call }) => call.name).join(' → ')}`, expected: shown, actual }
  }
  return notAllMade(expected, calls, shown, actual)
}

/** `toNotCallTools()`: the model made no call at all. */
export function callsNoTools(scored: ScoredCase): AssertionOutcome {
  const actual = callsOf(scored).map(({ call }) => diffedCall(call))
  return actual.length === 0
    ? { pass: true, kind: 'unexpected_call', summary: 'made no call', expected: [], actual }
    : { pass: false, kind: 'unexpected_call', summary: `expected no call; the model called ${actual.map((call) => call.name).join(', ')}`, expected: [], actual }
}

/** `toHaveNoHallucinations()`: no call names a tool that was not offered, and no call invents a parameter. */
export function hasNoHallucinations(scored: ScoredCase): AssertionOutcome {
  // The scorer's verdict on each call, so a hallucination counts whatever else the case's verdict says.
  const found = callsOf(scored).flatMap((entry) => entry.rejected).filter((failure) => failure.kind === 'hallucinated_tool' || failure.kind === 'hallucinated_param')
  const first = found[0]
  return first === undefined
    ? { pass: true, kind: 'hallucinated_tool', summary: 'no hallucinated tool or parameter', expected: [], actual: [] }
    : { pass: false, kind: first.kind, summary: found.map((failure) => `${failure.kind}: ${failure.message}`).join('\n'), expected: [], actual: found }
}

/** `toStayWithinToolTokens(n)`: the tool definitions cost at most n tokens per request. */
export function staysWithinToolTokens(scored: ScoredCase, budget: number): AssertionOutcome {
  const perRequest = scored.result.toolTokens?.perRequest
  const pass = perRequest !== undefined && perRequest <= budget
  const summary = perRequest === undefined ? 'no tool-token count for this case' : `tool definitions cost ${perRequest} tokens per request (budget ${budget})`
  return { pass, kind: 'over_tool_token_budget', summary, expected: budget, actual: perRequest }
}

/** `toPassCase()`: the case passes its suite expectation (the verdict the runner stored). */
export function passesCase(scored: ScoredCase): AssertionOutcome {
  const failures = scored.result.failures
  const passed = verdictOf(scored.result) === 'passed'
  return {
    pass: passed,
    kind: failures[0]?.kind ?? 'case_failed',
    // A wrong argument brings its per-argument diff (the scorer's comparison, as every output draws it).
    summary: passed ? 'the case passed' : failures.flatMap((failure) => [`${failure.kind}: ${failure.message}`, ...argumentDiffText(failure, '  ')]).join('\n') || 'the case failed',
    expected: [],
    actual: failures,
  }
}

/** Whether each expected call can take a distinct accepted call that matches it (tiny sizes: backtracking is enough). */
function assignable(expected: readonly ExpectedCall[], calls: readonly ScoredCall[]): boolean {
  const used = new Set<number>()
  const place = (index: number): boolean => {
    if (index === expected.length) return true
    const wanted = expected[index] as ExpectedCall
    for (const [position, entry] of calls.entries()) {
      if (used.has(position) || !fits(wanted, entry)) continue
      used.add(position)
      if (place(index + 1)) return true
      used.delete(position)
    }
    return false
  }
  return place(0)
}

/** The outcome when some expected call has no accepted matching call of its own: a rejected stand-in, or missing_call. */
function notAllMade(expected: readonly ExpectedCall[], calls: readonly ScoredCall[], shown: unknown, actual: unknown): AssertionOutcome {
  // Each missing call with what was wrong with the calls of its tool, as toCallTool says it.
  const missing = expected.filter((wanted) => !calls.some((entry) => fits(wanted, entry))).map((wanted) => {
    const why = whyNot(wanted, calls)
    return why ? `${wanted.name} (${why})` : wanted.name
  })
  const why = missing.length > 0 ? `no matching call to ${missing.join(', ')}` : 'some calls match more than one expectation'
  return rejectedStandIn(expected, calls, shown, actual) ?? { pass: false, kind: 'missing_call', summary: `not every expected call was made (${why})`, expected: shown, actual }
}
