import type { ResultCall } from './result.ts'

/** The calls of turns (a transcript's or a stored result's) flattened, each with its turn's index. */
export function turnCalls(turns: readonly { readonly index: number; readonly calls: readonly Omit<ResultCall, 'turn'>[] }[]): ResultCall[] {
  return turns.flatMap((turn) => turn.calls.map((call) => ({
    turn: turn.index,
    id: call.id,
    name: call.name,
    rawArguments: call.rawArguments,
    ...(call.arguments !== undefined ? { arguments: call.arguments } : {}),
  })))
}
