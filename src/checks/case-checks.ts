// The checks beyond the scorer's that a case names — `expect.custom` (custom-check.ts) and `final.judge`
// (judge-prompt.ts, runner/judges.ts) — run once the loop is over, on the case-level expectation and on each conversation message's. Their
// failures join the scorer's (scoring/score-case.ts `CaseCheck`), so the verdict is still decided in one place.
import type { Case, Expectation, JudgeSpec } from '../core/case.ts'
import { providerFailureFacts } from '../core/errors.ts'
import type { CheckRecord, Failure, JudgeRecord } from '../core/result.ts'
import { turnCalls } from '../core/turn-calls.ts'
import type { Transcript } from '../core/transcript.ts'
import { deepFreeze, ownCopy } from '../loop/snapshot.ts'
import type { JudgeOutcome, JudgeRequest } from '../runner/judges.ts'
import { checkLabel, runCustomCheck, type CheckCall, type CheckInput } from './custom-check.ts'
import { judgePromptHash, judgePromptVersion } from './judge-prompt.ts'
import { valueInMessage } from '../core/shorten.ts'

/** Where a case's judges answer (runner/judges.ts `Judges`: built once per spec before the run's first call). */
export type JudgeSource = { judge(request: JudgeRequest): Promise<JudgeOutcome> }

/** What the checks of one case × model × repeat run with. */
export type CaseChecksContext = {
  /** The model under test's id. */
  readonly model: string
  readonly repeat: number
  /** Milliseconds a custom check may take (the case's stub timeout). */
  readonly timeoutMs: number
  /** The run's judges (`final.judge`); without them a judged case is `judge_error`. */
  readonly judges?: JudgeSource
  readonly signal?: AbortSignal
}

/** The checks' failures (joined with the scorer's) and what each said (stored on the result as `checks`). */
export type CaseChecksOutcome = { readonly failures: readonly Failure[]; readonly records: readonly CheckRecord[] }

/** One expectation's scope: the turns it judges (half-open), the state after them, and its message (absent: the case's). */
type Scope = {
  readonly expect: Expectation
  readonly firstTurn: number
  readonly endTurn: number
  readonly state?: unknown
  readonly userMessage?: number
  /** The user's last message before the judged reply (what a judge is shown beside the answer). */
  readonly question: string
  /** Whether the judged reply ran out of max_turns (the scorer already says so: no final answer to judge). */
  readonly cutShort: boolean
}

/** Whether a case names any check that runs after the loop (most do not: nothing is copied for them). */
export function hasCaseChecks(testCase: Case): boolean {
  return named(testCase.expect) || (testCase.conversation ?? []).some((message) => message.expect !== undefined && named(message.expect))
}

function named(expect: Expectation): boolean {
  return (expect.custom?.length ?? 0) > 0 || expect.final?.judge !== undefined
}

/**
 * Runs a case's custom checks and judges on its transcript: each conversation message's (on the turns answering it and the
 * state after it), then the case-level ones (on the whole transcript and the final state). A transcript an outage,
 * the harness or the simulated user ended is not judged (the case is errored whatever a check would say).
 */
export async function runCaseChecks(testCase: Case, transcript: Transcript, context: CaseChecksContext): Promise<CaseChecksOutcome> {
  if (transcript.stop !== 'no-calls' && transcript.stop !== 'max-turns') return { failures: [], records: [] }
  const evidence = deepFreeze(ownCopy(transcript))
  const failures: Failure[] = []
  const records: CheckRecord[] = []
  let judgeIndex = 0
  for (const scope of scopes(testCase, evidence)) {
    for (const spec of scope.expect.custom ?? []) {
      const judged = await runCustomCheck(spec, checkLabel(spec, testCase.file), checkInput(testCase, evidence, scope, context), context.timeoutMs)
      for (const failure of judged.failures) failures.push(failure)
      if (judged.record) records.push(judged.record)
    }
    const judge = scope.expect.final?.judge
    if (judge) {
      const judged = await judgeScope(testCase, evidence, scope, judge, judgeIndex++, context)
      for (const failure of judged.failures) failures.push(failure)
      if (judged.record) records.push(judged.record)
    }
  }
  return { failures, records }
}

/**
 * `final.judge` on one scope's final answer: the judge's score below the threshold is `final_answer_mismatch` with
 * its reason; a judge that fails or answers outside the documented shape is `judge_error` (errored). A reply with
 * no text is not sent to the judge: `final_answer_mismatch`, or nothing when max_turns cut it (already reported).
 */
async function judgeScope(testCase: Case, transcript: Transcript, scope: Scope, judge: JudgeSpec, index: number, context: CaseChecksContext): Promise<{ failures: Failure[]; record?: JudgeRecord }> {
  const at = scope.userMessage !== undefined ? { userMessage: scope.userMessage } : {}
  const last = scope.endTurn > scope.firstTurn ? transcript.turns[scope.endTurn - 1] : undefined
  const answer = last?.text ?? ''
  const path = last ? { path: `turns[${last.index}].text` } : {}
  if (answer.trim() === '') return { failures: scope.cutShort ? [] : [{ kind: 'final_answer_mismatch', message: `no final answer for the judge (${judge.model}) to grade`, ...path, ...at }] }
  const outcome = context.judges
    ? await context.judges.judge({ testCase, judge, index, ...at, question: scope.question, answer, ...(context.signal ? { signal: context.signal } : {}) })
    : { error: `no judge was prepared for ${judge.model}` }
  if ('error' in outcome) return { failures: [{ kind: 'judge_error', message: outcome.error, ...providerFailureFacts(outcome), ...at }] }
  const { score, reason } = outcome.verdict
  const pass = score >= judge.threshold
  // The outcome is stored with the record, so no output compares the score with the threshold again.
  const record: JudgeRecord = { kind: 'judge', spec: judge.model, promptVersion: judgePromptVersion, promptHash: judgePromptHash(judge.rubric), score, threshold: judge.threshold, pass, reason, ...at }
  const failures: Failure[] = !pass
    ? [{ kind: 'final_answer_mismatch', message: `the judge (${judge.model}) scored the final answer ${score}, below ${judge.threshold}: ${valueInMessage(reason)}`, ...path, ...at }]
    : []
  return { failures, record }
}

/** The scopes of a case's expectations: each conversation message's that was reached, then the whole case. */
function scopes(testCase: Case, transcript: Transcript): Scope[] {
  const steps = transcript.conversation ?? []
  const own: Scope[] = []
  steps.forEach((step, index) => {
    const expect = testCase.conversation?.[index]?.expect
    const cutShort = index === steps.length - 1 && transcript.stop === 'max-turns'
    if (expect) own.push({ expect, firstTurn: step.firstTurn, endTurn: step.endTurn, ...(step.state !== undefined ? { state: step.state } : {}), userMessage: index, question: step.user, cutShort })
  })
  const finalState = steps.length > 0 ? steps.at(-1)?.state : transcript.initialState
  // A single request's question is the last user message of its prompt.
  const question = steps.at(-1)?.user ?? transcript.initialMessages.findLast((message) => message.role === 'user')?.content ?? ''
  own.push({ expect: testCase.expect, firstTurn: 0, endTurn: transcript.turns.length, ...(finalState !== undefined ? { state: finalState } : {}), question, cutShort: transcript.stop === 'max-turns' })
  return own
}

function checkInput(testCase: Case, transcript: Transcript, scope: Scope, context: CaseChecksContext): CheckInput {
  const turns = transcript.turns.slice(scope.firstTurn, scope.endTurn)
  const calls: CheckCall[] = turnCalls(turns)
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
