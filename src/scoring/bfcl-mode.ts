import { bfclCaseVerdict, bfclFailureKind } from '../bfcl/case-verdict.ts'
import { isMultiTurnCategory } from '../bfcl/multi-turn/data.ts'
import { multiTurnMessageFailures } from '../bfcl/multi-turn/message-verdict.ts'
import type { Case } from '../core/case.ts'
import type { Failure } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'

/**
 * `matching: bfcl` (imported BFCL suites): the verdict of BFCL's own checker rules on the first assistant turn —
 * BFCL's categories are single-turn — so a run gives each case the verdict `bfcl score` gives the same output.
 * The BFCL error_type is kept in the failure message.
 */
export function bfclFailures(testCase: Case, transcript: Transcript): Failure[] {
  const bfcl = testCase.expect.bfcl
  if (!bfcl) return [{ kind: 'wrong_argument_value', message: 'matching: bfcl needs expect.bfcl (written by `toolgauge bfcl import`)' }]
  // A multi-turn case's message: BFCL's multi-turn checker over the conversation so far.
  if (isMultiTurnCategory(bfcl.category)) return multiTurnMessageFailures(testCase, transcript)
  const first = transcript.turns[0]
  const calls = first?.calls ?? []
  const verdict = bfclCaseVerdict(bfcl, { calls, text: first?.text ?? '' })
  if (verdict.valid) return []
  const errorType = verdict.errorType ?? 'unknown'
  return [{
    kind: bfclFailureKind(errorType, { actual: calls.length, expected: testCase.expect.calls.length }),
    message: `BFCL ${errorType}: ${verdict.error}`,
    path: 'turns[0]',
  }]
}
