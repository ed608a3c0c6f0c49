import type { Case } from '../core/case.ts'
import type { CaseMetrics, Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { isErroredKind, verdictOfFailures, type ResultVerdict } from '../core/verdict.ts'
import { callValidity } from './call-validity.ts'
import { forbiddenCalls } from './call-limits.ts'
import { caseScore, exchangeFailures } from './exchange-failures.ts'
import { finishFailures } from './finish-failures.ts'
import { flattenCalls } from './flat-calls.ts'
import { matchCalls } from './match-calls.ts'
import { scoreConversation } from './score-conversation.ts'
import { loopEndFailures } from './turn-checks.ts'

/**
 * The scorer's verdict on one call on its own, before any expectation (`callValidity`): the failures it found
 * (none = the call is accepted). Matchers read it, so no matcher accepts a call the scorer rejected.
 */
export type CallVerdict = {
  /** The turn index and the call's index within that turn, as in the transcript. */
  readonly turn: number
  readonly index: number
  readonly failures: readonly Failure[]
  /** The argument keys it invented (`hallucinated_param`'s, as paths `a.b[0].c`): an argument holding one is wrong by that key alone. */
  readonly hallucinatedParams: readonly string[]
}

/** The verdict on one transcript: failures (empty = passed), each call's own verdict and the counts the summary aggregates. */
export type CaseScore = {
  /** passed / failed / errored: decided here, once, and stored on the result (core/verdict.ts). */
  readonly verdict: ResultVerdict
  readonly passed: boolean
  readonly failures: readonly Failure[]
  /** Every call of the transcript in order, with the scorer's verdict on it. */
  readonly calls: readonly CallVerdict[]
  readonly metrics: CaseMetrics
}

/**
 * Checks a run adds to the scorer's own (`RunOptions.caseChecks`): failures found in the transcript of a case, such
 * as `toolgauge conformance`'s probe rules. They join the verdict like any scorer's failure; never called for a case
 * a provider error or harness error ended (that case is errored, whatever the check would say).
 */
export type CaseCheck = (testCase: Case, transcript: Transcript) => readonly Failure[]

/**
 * A run's own checks with the identity their caller gives them (`RunOptions.caseChecks`). `id` names the rules the
 * check applies — a version string the caller changes whenever a rule changes (conformance passes its probe set's
 * version) — and goes into every result's fingerprint, so `--resume` never keeps a result other rules judged.
 * A function's source text would not do: it misses what the function calls.
 */
export type CaseCheckSet = { readonly id: string; readonly check: CaseCheck }

export { loadBfclScoring, registerBfclScoring } from './exchange-failures.ts'

/**
 * Scores a transcript against its case. Scorers read only the transcript and the case: per-call validity,
 * expected-vs-actual matching, parallelism, tool_choice, final answer, how each turn stopped (finish-failures.ts)
 * and how the loop ended; calls the case forbids and more calls than `max_calls` (call-limits.ts) — one
 * exchange's judgement (exchange-failures.ts). With `matching: bfcl` the call verdict comes from BFCL's checker
 * rules instead of toolgauge's matchers. A conversation is judged per message and as a whole (score-conversation.ts).
 * `checks` are the run's own checks (CaseCheck), judged with the rest.
 */
export function scoreCase(testCase: Case, transcript: Transcript, checks?: CaseCheck): CaseScore {
  if (transcript.conversation) return scoreConversation(testCase, transcript, checks)
  const calls = flattenCalls(transcript, testCase.tools)
  const validity = calls.map(callValidity)
  const stops = finishFailures(transcript)
  const providerStops = stops.filter((failure) => isErroredKind(failure.kind))
  const loopErrored = transcript.stop === 'provider-error' || transcript.stop === 'harness-error'
  const judged = loopErrored || providerStops.length > 0 ? undefined : exchangeFailures(testCase, transcript, calls, validity, checks)
  const matching = judged?.matching ?? matchCalls(testCase.expect, calls, validity, forbiddenCalls(testCase.expect, calls))
  // A provider failure or the user's hook throwing is not a verdict on the model: the case reports that alone.
  const failures: Failure[] = judged?.failures ?? (loopErrored ? loopEndFailures(testCase, transcript, calls, matching.pairs) : providerStops)
  const selected = matching.pairs.filter((column) => column !== -1).length
  const verdict = verdictOfFailures(failures)
  return caseScore(verdict, failures, calls, validity, {
    expectedCalls: testCase.expect.calls.length,
    selectedCalls: selected,
    correctArgumentCalls: matching.argumentsMatched.filter(Boolean).length,
    parallelCase: testCase.expect.parallel,
    irrelevanceCase: testCase.expect.noCall,
  })
}
