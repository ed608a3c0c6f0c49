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

/**
 * What an API takes back as a call id: the characters it refuses (a global class), and its longest length — or, with
 * `length`, the exact length it demands (Mistral's 9), the fitted id then written in [a-zA-Z0-9] alone.
 */
export type CallIdRule = { readonly refused?: RegExp; readonly maxLength?: number; readonly length?: number }

/**
 * Mistral's La Plateforme (`*.mistral.ai`): `tool_calls[].id` and `tool_call_id` must match `^[a-zA-Z0-9]{9}$`,
 * refused as "Tool call id was … but must be a-z, A-Z, 0-9, with a length of 9." (mistral-common,
 * src/mistral_common/protocol/instruct/validator.py, MistralRequestValidatorV3).
 */
export const mistralCallIds: CallIdRule = { refused: /[^a-zA-Z0-9]/g, length: 9 }

/** Whether a base URL's host is Mistral's own API (api.mistral.ai, codestral.mistral.ai), which holds ids to its rule. */
export function mistralHosted(baseUrl: string | undefined): boolean {
  if (baseUrl === undefined) return false
  try {
    const host = new URL(baseUrl).hostname.toLowerCase()
    return host === 'mistral.ai' || host.endsWith('.mistral.ai')
  } catch {
    return false
  }
}

// The alphabet an exact-length id is written in: every API with such a rule takes these.
const alphanumerics = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A call id as the API will take it back. An id that fits goes unchanged; one that does not (a history's id from
 * another provider, `functions.get_weather:0`, or longer than the API allows) becomes its allowed characters (others
 * `_`), cut, then `_` and 8 hex digits of its sha256 — or, for an exact-length rule, that many alphanumerics of its
 * sha256: the same id every time (record/replay and repeats send the same request). Applied to a call and to the
 * result answering it alike, so they stay linked. `attempt` > 0 draws another id for the same one (callIdFitter).
 */
export function fittedCallId(id: string, rule: CallIdRule, attempt = 0): string {
  const refused = rule.refused !== undefined && new RegExp(rule.refused.source).test(id)
  const maxLength = rule.length ?? rule.maxLength ?? Number.POSITIVE_INFINITY
  if (attempt === 0 && !refused && (rule.length === undefined ? id.length <= maxLength : id.length === rule.length)) return id
  const digest = createHash('sha256').update(attempt === 0 ? id : `${id}\u0000${attempt}`).digest()
  if (rule.length !== undefined) return [...digest.subarray(0, rule.length)].map((byte) => alphanumerics[byte % alphanumerics.length]).join('')
  const suffix = `_${digest.toString('hex').slice(0, 8)}`
  const kept = rule.refused ? id.replace(rule.refused, '_') : id
  return `${kept.slice(0, Math.max(0, maxLength - suffix.length))}${suffix}`
}

/**
 * The fitting of every call id one request sends, distinct ids staying distinct for certain: ids that fit are kept
 * and reserved first, then each other id takes its fitted id, drawing again while that one is taken (a 9-character
 * id leaves little room). Deterministic: the same ids in the same order fit the same way.
 */
export function callIdFitter(ids: Iterable<string>, rule: CallIdRule): (id: string) => string {
  const distinct = [...new Set(ids)]
  const fitted = new Map<string, string>()
  const taken = new Set<string>()
  for (const id of distinct) {
    if (fittedCallId(id, rule) !== id) continue
    fitted.set(id, id)
    taken.add(id)
  }
  for (const id of distinct) {
    if (fitted.has(id)) continue
    let attempt = 0
    let candidate = fittedCallId(id, rule)
    while (taken.has(candidate)) candidate = fittedCallId(id, rule, ++attempt)
    fitted.set(id, candidate)
    taken.add(candidate)
  }
  return (id) => fitted.get(id) ?? fittedCallId(id, rule)
}
