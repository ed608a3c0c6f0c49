import type { CaseResult, ResultCall } from '../core/result.ts'

/** The calls of a result flattened over its turns (a report stores each call once, in its turn). */
export function callsOf(result: CaseResult): readonly ResultCall[] {
  if (result.turns.length === 0) return result.calls ?? []
  return result.turns.flatMap((turn) => turn.calls.map((call) => ({
    turn: turn.index,
    id: call.id,
    name: call.name,
    rawArguments: call.rawArguments,
    ...(call.arguments !== undefined ? { arguments: call.arguments } : {}),
  })))
}
