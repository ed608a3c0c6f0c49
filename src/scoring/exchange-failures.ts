import type { Case } from '../core/case.ts'
import type { CaseMetrics, Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import type { ResultVerdict } from '../core/verdict.ts'
import { validityCounts, type CallValidity } from './call-validity.ts'
import { forbiddenCallFailures, forbiddenCalls, tooManyCallsFailures } from './call-limits.ts'
import { finishFailures, withoutExplainedAbsences } from './finish-failures.ts'
import type { FlatCall } from './flat-calls.ts'
import { matchCalls, type CallMatching } from './match-calls.ts'
import type { CaseCheck, CaseScore } from './score-case.ts'
import { finalAnswerFailures, loopEndFailures, parallelFailures, toolChoiceFailures } from './turn-checks.ts'

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

/** An exchange's failures against its expectation, and how its expected calls were paired. */
export type ExchangeJudgement = { readonly failures: Failure[]; readonly matching: CallMatching }

/**
 * The failures of one exchange (a single request, or the turns answering one user message) against
 * `testCase.expect`, when the loop ended without an outage: per-call validity, expected-vs-actual matching,
 * parallelism, tool_choice, the final answer, how the exchange ended, `forbid` and `max_calls` — an absence a
 * stopped last turn explains left out — then each turn's finish reason. With `matching: bfcl` the call verdict
 * comes from BFCL's checker rules instead of toolgauge's matchers. `calls` and `validity` are the exchange's;
 * `checks` (a run's own, `CaseCheck`) join before the finish reasons.
 */
export function exchangeFailures(testCase: Case, transcript: Transcript, calls: readonly FlatCall[], validity: readonly CallValidity[], checks?: CaseCheck): ExchangeJudgement {
  const forbidden = forbiddenCalls(testCase.expect, calls)
  const matching = matchCalls(testCase.expect, calls, validity, forbidden)
  const failures = [
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
          ...loopEndFailures(testCase, transcript, calls, matching.pairs),
        ]),
      // Limits on the trajectory hold whichever rules judge the arguments (toolgauge's or BFCL's).
      ...forbiddenCallFailures(testCase.expect, calls),
      ...tooManyCallsFailures(testCase.expect, calls),
    ], transcript),
    ...(checks ? checks(testCase, transcript) : []),
    ...finishFailures(transcript),
  ]
  return { failures, matching }
}

/** A transcript's score: its verdict and failures, every call in order with its own verdict, and the call counts beside `metrics`. */
export function caseScore(verdict: ResultVerdict, failures: readonly Failure[], calls: readonly FlatCall[], validity: readonly CallValidity[], metrics: Omit<CaseMetrics, keyof ReturnType<typeof validityCounts>>): CaseScore {
  return {
    verdict,
    passed: verdict === 'passed',
    failures,
    calls: calls.map((flat, position) => ({ turn: flat.turn, index: flat.index, failures: validity[position]?.failures ?? [], hallucinatedParams: validity[position]?.hallucinatedParams ?? [] })),
    metrics: { ...validityCounts(validity), ...metrics },
  }
}

function bfclVerdict(testCase: Case, transcript: Transcript): Failure[] {
  if (!bfclScorer) throw new Error('a matching: bfcl case needs BFCL\'s checker: await loadBfclScoring() before scoring it')
  return bfclScorer(testCase, transcript)
}
