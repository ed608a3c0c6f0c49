// The checks beyond the scorer's that a case names — `expect.custom` (custom-check.ts) and `final.judge`
// (judge.ts) — run once the loop is over, on the case-level expectation and on each conversation message's. Their
// failures join the scorer's (scoring/score-case.ts `CaseCheck`), so the verdict is still decided in one place.
import type { Case, Expectation } from '../core/case.ts'
import type { CheckRecord, Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { deepFreeze, ownCopy } from '../loop/snapshot.ts'
import { checkLabel, runCustomCheck, type CheckCall, type CheckInput } from './custom-check.ts'

/** What the checks of one case × model × repeat run with. */
export type CaseChecksContext = {
  /** The model under test's id. */
  readonly model: string
  readonly repeat: number
  /** Milliseconds a custom check may take (the case's stub timeout). */
  readonly timeoutMs: number
}

/** The checks' failures (joined with the scorer's) and what each said (stored on the result as `checks`). */
export type CaseChecksOutcome = { readonly failures: readonly Failure[]; readonly records: readonly CheckRecord[] }

/** One expectation's scope: the turns it judges (half-open), the state after them, and its message (absent: the case's). */
type Scope = { readonly expect: Expectation; readonly firstTurn: number; readonly endTurn: number; readonly state?: unknown; readonly userMessage?: number }

/** Whether a case names any check that runs after the loop (most do not: nothing is copied for them). */
export function hasCaseChecks(testCase: Case): boolean {
  return named(testCase.expect) || (testCase.conversation ?? []).some((message) => message.expect !== undefined && named(message.expect))
}

function named(expect: Expectation): boolean {
  return (expect.custom?.length ?? 0) > 0
}

/**
 * Runs a case's custom checks on its transcript: each conversation message's (on the turns answering it and the
 * state after it), then the case-level ones (on the whole transcript and the final state). A transcript an outage,
 * the harness or the simulated user ended is not judged (the case is errored whatever a check would say).
 */
export async function runCaseChecks(testCase: Case, transcript: Transcript, context: CaseChecksContext): Promise<CaseChecksOutcome> {
  if (transcript.stop !== 'no-calls' && transcript.stop !== 'max-turns') return { failures: [], records: [] }
  const evidence = deepFreeze(ownCopy(transcript))
  const failures: Failure[] = []
  const records: CheckRecord[] = []
  for (const scope of scopes(testCase, evidence)) {
    for (const spec of scope.expect.custom ?? []) {
      const judged = await runCustomCheck(spec, checkLabel(spec, testCase.file), checkInput(testCase, evidence, scope, context), context.timeoutMs)
      for (const failure of judged.failures) failures.push(failure)
      if (judged.record) records.push(judged.record)
    }
  }
  return { failures, records }
}

/** The scopes of a case's expectations: each conversation message's that was reached, then the whole case. */
function scopes(testCase: Case, transcript: Transcript): Scope[] {
  const steps = transcript.conversation ?? []
  const own: Scope[] = []
  steps.forEach((step, index) => {
    const expect = testCase.conversation?.[index]?.expect
    if (expect) own.push({ expect, firstTurn: step.firstTurn, endTurn: step.endTurn, ...(step.state !== undefined ? { state: step.state } : {}), userMessage: index })
  })
  const finalState = steps.length > 0 ? steps.at(-1)?.state : transcript.initialState
  own.push({ expect: testCase.expect, firstTurn: 0, endTurn: transcript.turns.length, ...(finalState !== undefined ? { state: finalState } : {}) })
  return own
}

function checkInput(testCase: Case, transcript: Transcript, scope: Scope, context: CaseChecksContext): CheckInput {
  const turns = transcript.turns.slice(scope.firstTurn, scope.endTurn)
  const calls: CheckCall[] = turns.flatMap((turn) => turn.calls.map((call): CheckCall => ({
    turn: turn.index,
    id: call.id,
    name: call.name,
    rawArguments: call.rawArguments,
    ...(call.arguments !== undefined ? { arguments: call.arguments } : {}),
  })))
  return deepFreeze({
    suite: testCase.suite,
    caseId: testCase.id,
    model: context.model,
    repeat: context.repeat,
    ...(scope.userMessage !== undefined ? { userMessage: scope.userMessage } : {}),
    calls,
    finalText: turns.at(-1)?.text ?? '',
    ...(scope.state !== undefined ? { state: scope.state } : {}),
    transcript,
  })
}
