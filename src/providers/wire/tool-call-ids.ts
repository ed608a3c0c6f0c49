import { createHash } from 'node:crypto'
import type { RawToolCall } from '../../core/message.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import { parseJsonOrText } from '../../http/stable-json.ts'

/** A call as it came off the wire, before ids are checked. */
export type WireToolCall = { readonly id: string | undefined; readonly name: string; readonly rawArguments: string; readonly note?: string }

/**
 * The calls as the server sent them, its ids included (a missing one is `''`). Ids are made unique in one place,
 * the loop (loop/normalize-turn.ts), for built-in adapters and custom providers alike; it keeps the server's own
 * id as `wireId` when it replaces one.
 */
export function asRawToolCalls(calls: readonly WireToolCall[]): RawToolCall[] {
  return calls.map((call) => ({ id: call.id ?? '', name: call.name, rawArguments: call.rawArguments, ...(call.note !== undefined ? { note: call.note } : {}) }))
}

/** Arguments as a string whatever the server sent: some compatible servers send an object instead of JSON text. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined || value === null) return ''
  return JSON.stringify(value)
}

/**
 * A history call's arguments as the object a protocol must send back (Anthropic `input`, Gemini `args`): arguments a
 * model produced unparsable (only possible from other providers' transcripts) go back as `{}` rather than a refused request.
 */
export function argumentsObject(rawArguments: string): Record<string, unknown> {
  const parsed = parseJsonOrText(rawArguments)
  return isPlainObject(parsed) ? parsed : {}
}

/** The note on a call that came with no `arguments` field at all. */
const missingArgumentsNote = 'no arguments field on the wire: recorded as {}'

/**
 * A call's arguments from the object holding them: the field absent altogether (some routers send argument-less
 * calls that way) is the empty object `{}` with a note — the call is well-formed; an explicit `""` or `null` stays
 * empty text here: the loop, which knows the tools, records it as `{}` for a tool without required arguments
 * (loop/normalize-turn.ts) and leaves it malformed otherwise.
 */
export function wireArguments(holder: { readonly arguments?: unknown } | undefined): Pick<WireToolCall, 'rawArguments' | 'note'> {
  if (holder === undefined || holder.arguments === undefined) return { rawArguments: '{}', note: missingArgumentsNote }
  return { rawArguments: argumentsText(holder.arguments) }
}

/**
 * Kept wire items (content blocks, output items) exactly as the API returned them, except that the id field of the
 * n-th call item takes the n-th loop call's id when the loop had to replace it (a repeated id): the answer to the
 * call is sent with the loop's id, so the call must carry the same one.
 */
export function withLoopCallIds(items: readonly OpaqueObject[], calls: readonly RawToolCall[], callType: string, idField: string): OpaqueObject[] {
  let index = 0
  return items.map((item) => {
    if (item.type !== callType) return item
    const call = calls[index++]
    return call && call.id !== item[idField] ? { ...item, [idField]: call.id } : item
  })
}

/** What an API takes back as a call id: the characters it refuses (a global class), and its longest length. */
export type CallIdRule = { readonly refused?: RegExp; readonly maxLength?: number }

/**
 * A call id as the API will take it back. An id that fits goes unchanged; one that does not (a history's id from
 * another provider, `functions.get_weather:0`, or longer than the API allows) becomes its allowed characters (others
 * `_`), cut, then `_` and 8 hex digits of its sha256: the same id every time (record/replay and repeats send the same
 * request), distinct ids staying distinct. Applied to a call and to the result answering it alike, so they stay linked.
 */
export function fittedCallId(id: string, rule: CallIdRule): string {
  const refused = rule.refused !== undefined && new RegExp(rule.refused.source).test(id)
  const maxLength = rule.maxLength ?? Number.POSITIVE_INFINITY
  if (!refused && id.length <= maxLength) return id
  const suffix = `_${createHash('sha256').update(id).digest('hex').slice(0, 8)}`
  const kept = rule.refused ? id.replace(rule.refused, '_') : id
  return `${kept.slice(0, Math.max(0, maxLength - suffix.length))}${suffix}`
}
