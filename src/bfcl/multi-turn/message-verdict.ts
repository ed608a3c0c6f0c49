import type { Case } from '../../core/case.ts'
import type { Failure } from '../../core/result.ts'
import type { Transcript } from '../../core/transcript.ts'
import { bfclFailureKind } from '../failure-kind.ts'
import { checkDecodedTurns } from './check-entry.ts'
import type { BfclWorldSnapshot, BfclWorldState } from './world.ts'
import { worldEntry, worldProcess } from './world.ts'

/** A message's `expect.bfcl` in an imported multi-turn case: the turn's ground-truth calls and its index. */
export type MultiTurnMessageBfcl = { readonly category: string; readonly answer: readonly string[]; readonly turn: number }

/**
 * `matching: bfcl` on user message `turn` of an imported multi-turn case: BFCL's multi-turn checker over turns
 * 0..turn — the model's calls as the BFCL world recorded them (its snapshot after this reply), the ground truth
 * from each message's `expect.bfcl`. BFCL stops at the first failing turn, so this message fails only when that
 * turn is this one: a case fails at the message BFCL names, with BFCL's error type and message.
 */
export function multiTurnMessageFailures(testCase: Case, transcript: Transcript): Failure[] {
  const bfcl = testCase.expect.bfcl as unknown as MultiTurnMessageBfcl
  const snapshot = transcript.conversation?.[bfcl.turn]?.state as BfclWorldSnapshot | undefined
  // No snapshot: the reply never ended (the loop's own failure says why).
  if (!snapshot || !Array.isArray(snapshot.calls)) return []
  const truth = (testCase.conversation ?? []).slice(0, bfcl.turn + 1).map((message) => {
    const answer = (message.expect?.bfcl as unknown as MultiTurnMessageBfcl | undefined)?.answer
    return Array.isArray(answer) ? answer : []
  })
  const entry = { ...worldEntry(testCase.id, testCase.state), groundTruth: truth }
  const decoded = truth.map((_, turn) => {
    const calls = snapshot.calls[turn] ?? []
    return calls.length > 0 ? [calls] : []
  })
  const longContext = (testCase.state as BfclWorldState).bfcl.long_context === true
  const verdict = checkDecodedTurns(entry, decoded, { process: worldProcess(testCase.state), longContext })
  if (verdict.valid || verdict.errorTurn !== bfcl.turn) return []
  const errorType = verdict.errorType ?? 'unknown'
  return [{ kind: bfclFailureKind(errorType), message: `BFCL ${errorType}: ${verdict.errorMessage ?? ''}`, path: `conversation[${bfcl.turn}]` }]
}
