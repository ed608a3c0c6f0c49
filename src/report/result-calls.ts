import type { CaseResult, ResultCall } from '../core/result.ts'
import { turnCalls } from '../core/turn-calls.ts'

/** The calls of a result flattened over its turns (a report stores each call once, in its turn). */
export function callsOf(result: CaseResult): readonly ResultCall[] {
  return result.turns.length === 0 ? (result.calls ?? []) : turnCalls(result.turns)
}
