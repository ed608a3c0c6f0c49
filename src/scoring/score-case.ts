import type { Case } from '../core/case.ts'
import type { CaseMetrics, Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { verdictOfFailures, type ResultVerdict } from '../core/verdict.ts'
import { callValidity } from './call-validity.ts'
import { isErroredKind } from '../core/verdict.ts'
import { finishFailures, withoutExplainedAbsences } from './finish-failures.ts'
import { flattenCalls } from './flat-calls.ts'
import { forbiddenCallFailures, forbiddenCalls, tooManyCallsFailures } from './call-limits.ts'
import { matchCalls } from './match-calls.ts'
import { finalAnswerFailures, loopEndFailures, parallelFailures, toolChoiceFailures } from './turn-checks.ts'

/**
 * The scorer's verdict on one call on its own, before any expectation (`callValidity`): the failures it found
 * (none = the call is accepted). Matchers read it, so no matcher accepts a call the scorer rejected.
 */
export type CallVerdict = {
  /** The turn index and the call's index within that turn, as in the transcript. */
  readonly turn: number
  readonly index: number
  readonly failures: readonly Failure[]
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

type BfclScorer = (testCase: Case, transcript: Transcript) => Failure[]
let bfclScorer: BfclScorer | undefined

/**
 * Makes `matching: bfcl` cases scorable: BFCL's checker (two dozen modules) loads only for a run that has such a
 * case — the runner awaits this before scoring one; the library entry (index.ts) registers it up front.
 */
export async function loadBfclScoring(): Promise<void> {
  bfclScorer ??= (await import('./bfcl-mode.ts')).bfclFailures
}

/** Registers BFCL's scorer synchronously (the library entry, which loads it anyway). */
export function registerBfclScoring(scorer: BfclScorer): void {
  bfclScorer = scorer
}

/**
 * Scores a transcript against its case. Scorers read only the transcript and the case: per-call validity,
 * expected-vs-actual matching, parallelism, tool_choice, final answer, how each turn stopped (finish-failures.ts)
 * and how the loop ended; calls the case forbids and more calls than `max_calls` (call-limits.ts). With
 * `matching: bfcl` the call verdict comes from BFCL's checker rules instead of toolgauge's matchers. `checks` are
 * the run's own checks (CaseCheck), judged with the rest.
 */
export function scoreCase(testCase: Case, transcript: Transcript, checks?: CaseCheck): CaseScore {
  const calls = flattenCalls(transcript, testCase.tools)
  const validity = calls.map(callValidity)
  const forbidden = forbiddenCalls(testCase.expect, calls)
  const matching = matchCalls(testCase.expect, calls, validity, forbidden)
  const loopEnd = loopEndFailures(testCase, transcript, calls, matching.pairs)
  const stops = finishFailures(transcript)
  const providerStops = stops.filter((failure) => isErroredKind(failure.kind))
  // A provider failure or the user's hook throwing is not a verdict on the model: the case reports that alone.
  const failures: Failure[] = transcript.stop === 'provider-error' || transcript.stop === 'harness-error'
    ? loopEnd
    : providerStops.length > 0
      ? providerStops
      : [
          // A turn cut at the output limit or refused is the verdict on what did not come after it.
          ...withoutExplainedAbsences([
            ...(testCase.expect.matching === 'bfcl'
              ? bfclVerdict(testCase, transcript)
              : [
                ...validity.flatMap((entry) => entry.failures),
                ...matching.failures,
                ...parallelFailures(testCase, calls, matching.pairs),
                ...toolChoiceFailures(testCase, transcript),
                ...finalAnswerFailures(testCase, transcript),
                ...loopEnd,
              ]),
            // Limits on the trajectory hold whichever rules judge the arguments (toolgauge's or BFCL's).
            ...forbiddenCallFailures(testCase.expect, calls),
            ...tooManyCallsFailures(testCase.expect, calls),
          ], transcript),
          ...(checks ? checks(testCase, transcript) : []),
          ...stops,
        ]
  const selected = matching.pairs.filter((column) => column !== -1).length
  const verdict = verdictOfFailures(failures)
  return {
    verdict,
    passed: verdict === 'passed',
    failures,
    calls: calls.map((flat, position) => ({ turn: flat.turn, index: flat.index, failures: validity[position]?.failures ?? [] })),
    metrics: {
      calls: calls.length,
      knownToolCalls: validity.filter((entry) => !entry.hallucinatedTool).length,
      expectedCalls: testCase.expect.calls.length,
      selectedCalls: selected,
      correctArgumentCalls: matching.argumentsMatched.filter(Boolean).length,
      hallucinatedToolCalls: validity.filter((entry) => entry.hallucinatedTool).length,
      hallucinatedParamCalls: validity.filter((entry) => entry.hallucinatedParams.length > 0).length,
      schemaViolationCalls: validity.filter((entry) => entry.schemaBroken).length,
      parallelCase: testCase.expect.parallel,
      irrelevanceCase: testCase.expect.noCall,
    },
  }
}

function bfclVerdict(testCase: Case, transcript: Transcript): Failure[] {
  if (!bfclScorer) throw new Error('a matching: bfcl case needs BFCL\'s checker: await loadBfclScoring() before scoring it')
  return bfclScorer(testCase, transcript)
}
