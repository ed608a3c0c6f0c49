import type { Message, RawToolCall } from '../../core/message.ts'

/** A call as it came off the wire, before ids are checked. */
export type WireToolCall = { readonly id: string | undefined; readonly name: string; readonly rawArguments: string }

/**
 * Gives every call an id unique within the case: a missing, empty or already-used id (some servers send none, or
 * `call_0` every turn) is replaced by `call_<turn>_<index>`, which is deterministic so record/replay and repeats agree.
 */
export function assignStableIds(calls: readonly WireToolCall[], history: readonly Message[], turn: number): RawToolCall[] {
  const used = new Set<string>()
  for (const message of history) {
    if (message.role === 'assistant') for (const call of message.toolCalls) used.add(call.id)
  }
  return calls.map((call, index) => {
    let id = call.id && !used.has(call.id) ? call.id : `call_${turn}_${index}`
    for (let suffix = 1; used.has(id); suffix++) id = `call_${turn}_${index}_${suffix}`
    used.add(id)
    return { id, name: call.name, rawArguments: call.rawArguments }
  })
}

/** Arguments as a string whatever the server sent: some compatible servers send an object instead of JSON text. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value)
}
