import type { Case, Expectation } from '../core/case.ts'
import type { ConversationExpectation, ConversationStep } from '../core/conversation.ts'
import { literalEquals } from '../core/exact-number.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { providerFailureFacts } from '../core/errors.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { isErroredKind, verdictOfFailures } from '../core/verdict.ts'
import { formatStateDifferences, matchState } from '../matchers/state-matchers.ts'
import { judgedArguments } from '../loop/parse-arguments.ts'
import { callValidity, type CallValidity } from './call-validity.ts'
import { forbiddenCallFailures, forbiddenCalls, tooManyCallsFailures } from './call-limits.ts'
import { caseScore, exchangeFailures } from './exchange-failures.ts'
import { finishFailures, withoutExplainedAbsences } from './finish-failures.ts'
import { flattenCalls, type FlatCall } from './flat-calls.ts'
import { matchCalls, type CallMatching } from './match-calls.ts'
import type { CaseCheck, CaseScore } from './score-case.ts'
import { finalAnswerFailures, loopEndFailures, parallelFailures } from './turn-checks.ts'

/** A message without `expect`: nothing is expected of its calls; its turns are still checked (validity, tool_choice, stops). */
const nothingExpected: Expectation = { calls: [], order: 'any', extraCalls: 'allow', parallel: false, noCall: false, matching: 'default' }

/** One user message judged: its failures (each with `userMessage`), its pairing, and its state check. */
type MessageJudgement = {
  readonly failures: readonly Failure[]
  readonly matching?: CallMatching
  readonly expected: number
  readonly state?: boolean
}

/**
 * Scores a conversation (README "Conversations and worlds"). Each user message's `expect` is judged on the turns
 * answering it, with the single-request scorers (exchange-failures.ts) — calls, order, extra_calls, forbid,
 * max_calls, final, tool_choice on its first request — and its `state` on the world's snapshot after the reply;
 * every failure carries the message (`userMessage`). The case-level `expect` is judged over the whole conversation:
 * its calls (when it lists any, or `no_call`), `forbid`, `max_calls`, `final` on the last reply and `state` on the
 * final snapshot. A conversation cut short by `max_turns` is `max_turns_exceeded`. An outage, the user's harness
 * code or the simulated user failing is the only failure (errored), as for a single request. A run's own `checks`
 * are judged on the whole transcript, beside the case-level expectation. The verdict comes from core/verdict.ts.
 */
export function scoreConversation(testCase: Case, transcript: Transcript, checks?: CaseCheck): CaseScore {
  const steps = transcript.conversation ?? []
  const calls = flattenCalls(transcript, testCase.tools)
  const validity = calls.map(callValidity)
  const messages = steps.map((step, index) => judgeMessage(testCase, transcript, step, index, index === steps.length - 1, calls, validity))
  const whole = judgeWhole(testCase, transcript, calls, validity, messages)
  const judged = [...messages.flatMap((message) => message.failures), ...whole.failures]
  const providerStops = finishFailures(transcript).filter((failure) => isErroredKind(failure.kind))
  const errored = loopErrors(testCase, transcript)
  const failures = errored.length > 0
    ? errored
    : providerStops.length > 0
      ? providerStops.map((failure) => atMessage(failure, messageOfPath(failure.path, transcript)))
      : [...judged, ...(checks ? checks(testCase, transcript) : [])]
  const verdict = verdictOfFailures(failures)
  const matchings = [...messages.flatMap((message) => (message.matching ? [message.matching] : [])), ...(whole.matching ? [whole.matching] : [])]
  const stateChecks = [...messages.map((message) => message.state), whole.state].filter((state): state is boolean => state !== undefined)
  const expectations = [...(testCase.conversation ?? []).map((message) => message.expect), testCase.expect]
  return caseScore(verdict, failures, calls, validity, {
    expectedCalls: messages.reduce((sum, message) => sum + message.expected, 0) + whole.expected,
    selectedCalls: matchings.reduce((sum, matching) => sum + matching.pairs.filter((column) => column !== -1).length, 0),
    correctArgumentCalls: matchings.reduce((sum, matching) => sum + matching.argumentsMatched.filter(Boolean).length, 0),
    parallelCase: expectations.some((expect) => expect?.parallel === true),
    irrelevanceCase: testCase.expect.noCall,
    messages: testCase.conversation?.length ?? steps.length,
    messagesPassed: messages.filter((message) => message.failures.length === 0).length,
    taskPassed: verdict === 'passed',
    stateChecks: stateChecks.length,
    stateMatches: stateChecks.filter(Boolean).length,
    repeatedCalls: repeatedCalls(calls),
  })
}

/** One message's expectation on the turns answering it (and the state after it), as one exchange. */
function judgeMessage(testCase: Case, transcript: Transcript, step: ConversationStep, index: number, last: boolean, calls: readonly FlatCall[], validity: readonly CallValidity[]): MessageJudgement {
  const expect = testCase.conversation?.[index]?.expect
  const view: Transcript = { ...transcript, turns: transcript.turns.slice(step.firstTurn, step.endTurn), stop: last && transcript.stop === 'max-turns' ? 'max-turns' : 'no-calls' }
  const positions = calls.flatMap((flat, position) => (flat.turn >= step.firstTurn && flat.turn < step.endTurn ? [position] : []))
  const own = (list: readonly CallValidity[] | readonly FlatCall[]) => positions.map((position) => list[position]!)
  const judged = exchangeFailures({ ...testCase, expect: expect ?? nothingExpected }, view, own(calls) as FlatCall[], own(validity) as CallValidity[])
  const state = expect?.state !== undefined ? stateFailures(expect, step.state, `conversation[${index}].state`) : undefined
  const failures = [...judged.failures, ...(state ?? [])].map((failure) => atMessage(failure, index))
  return {
    failures,
    ...(expect ? { matching: judged.matching } : {}),
    expected: expect?.calls.length ?? 0,
    ...(state ? { state: state.length === 0 } : {}),
  }
}

/** The case-level expectation over the whole conversation; the per-call checks were each message's. */
function judgeWhole(testCase: Case, transcript: Transcript, calls: readonly FlatCall[], validity: readonly CallValidity[], messages: readonly MessageJudgement[]): MessageJudgement {
  const expect = testCase.expect
  // Calls are judged over the conversation only when the case-level expect names some (or no_call): the messages judge theirs.
  const judgeCalls = expect.calls.length > 0 || expect.noCall
  const matching = judgeCalls ? matchCalls(expect, calls, validity, forbiddenCalls(expect, calls)) : undefined
  const steps = transcript.conversation ?? []
  // The last reply's snapshot, whatever it is (null too: `??` would judge a wiped world on the state it started with).
  const final = steps.length > 0 ? steps.at(-1)!.state : transcript.initialState
  const state = expect.state !== undefined ? stateFailures(expect, final, steps.length > 0 ? `conversation[${steps.length - 1}].state` : 'initialState') : undefined
  const failures = withoutExplainedAbsences([
    ...(matching ? [...matching.failures, ...parallelFailures(testCase, calls, matching.pairs)] : []),
    ...finalAnswerFailures(testCase, transcript),
    ...forbiddenCallFailures(expect, calls),
    ...tooManyCallsFailures(expect, calls),
    ...(state ?? []),
    ...cutShort(testCase, transcript, messages),
  ], transcript)
  return { failures, ...(matching ? { matching } : {}), expected: judgeCalls ? expect.calls.length : 0, ...(state ? { state: state.length === 0 } : {}) }
}

/** `state_mismatch`: the state differs from the expectation; the message is the structural diff (each path, expected, actual). */
function stateFailures(expect: ConversationExpectation, state: unknown, path: string): Failure[] {
  const differences = matchState(expect.state, state, expect.ignore ? { ignore: expect.ignore } : {})
  return differences.length === 0 ? [] : [{ kind: 'state_mismatch', message: formatStateDifferences(differences), path }]
}

/**
 * `max_turns_exceeded` for a fixed conversation that ended before its last message because a reply ran out of
 * turns (the messages after it were never sent), unless that reply's own judgement already says so.
 */
function cutShort(testCase: Case, transcript: Transcript, messages: readonly MessageJudgement[]): Failure[] {
  const planned = testCase.conversation?.length ?? 0
  const reached = transcript.conversation?.length ?? 0
  if (transcript.stop !== 'max-turns' || reached >= planned) return []
  if (messages.at(-1)?.failures.some((failure) => failure.kind === 'max_turns_exceeded')) return []
  return [{
    kind: 'max_turns_exceeded',
    message: `the conversation ended at message ${reached} of ${planned}: the model was still calling tools after max_turns (${testCase.maxTurns}) turns`,
    userMessage: reached - 1,
  }]
}

/** An outage, the user's harness code or the simulated user failing: the case reports that alone (errored). */
function loopErrors(testCase: Case, transcript: Transcript): Failure[] {
  // The driver records the step of the message whose reply failed before it stops.
  const message = transcript.conversation?.length ? transcript.conversation.length - 1 : undefined
  if (transcript.stop === 'simulator-error') {
    return [atMessage({ kind: 'simulator_error', message: transcript.error ?? 'the simulated user failed', ...providerFailureFacts(transcript) }, transcript.conversation?.length)]
  }
  if (transcript.stop !== 'provider-error' && transcript.stop !== 'harness-error') return []
  return loopEndFailures(testCase, transcript, [], []).map((failure) => atMessage(failure, message))
}

function atMessage(failure: Failure, message: number | undefined): Failure {
  return message === undefined ? failure : { ...failure, userMessage: message }
}

/** The user message of the turn a failure's path (`turns[3]…`) points at. */
function messageOfPath(path: string | undefined, transcript: Transcript): number | undefined {
  const turn = path === undefined ? undefined : /^turns\[(\d+)\]/.exec(path)?.[1]
  return turn === undefined ? undefined : transcript.turns[Number(turn)]?.message
}

/**
 * Calls repeating an earlier call of the case: the same tool with the same arguments (key order aside, numbers by
 * exact value: `literalEquals`; malformed ones by their text).
 */
function repeatedCalls(calls: readonly FlatCall[]): number {
  // Each tool's distinct arguments so far: a call is compared only with its own tool's.
  const seen = new Map<string, unknown[]>()
  let repeated = 0
  for (const { call } of calls) {
    const args = call.check.wellFormed ? judgedArguments(call) : call.rawArguments
    const earlier = getOrCreate(seen, call.name, () => [])
    if (earlier.some((other) => literalEquals(other, args))) repeated++
    else earlier.push(args)
  }
  return repeated
}
