import { isPlainObject } from '../../core/plain-object.ts'
import type { WireProtocol } from './finish-reason.ts'

// The readers (chat-completions-response.ts and its siblings) walk an answer's lists and read fields of their items.
// An item that is no object — null, a string — or a list that is no list made them throw a bare TypeError ("Cannot
// read properties of null (reading 'id')"), reported as an unexpected failure, never retried; a tool call whose
// `function` was a string became a call named "" scored against the model. Such a 2xx body is no answer of the model:
// named here by API and field, it is retried like an empty answer, then `provider_error` (broken-answer.ts).

/** Why an answer's lists or items are not of the shape its reader walks, or undefined when they are. */
export type ShapeCheck = (answer: Record<string, unknown>) => string | undefined

/** What each API is called in a message. */
const apiNames: { readonly [P in WireProtocol]: string } = {
  chat: 'Chat Completions',
  responses: 'Responses',
  anthropic: 'Anthropic Messages',
  gemini: 'Gemini',
}

/**
 * The one wording of why a 2xx body is no answer (here and in broken-answer.ts): which API's answer, at which field,
 * and what it holds there — `no answer: the Chat Completions answer's choices[0] has no message`. The HTTP layer puts
 * the status and the URL the answer came from before it (`HTTP 200 from http://…/v1/chat/completions with …`).
 */
export function noAnswer(protocol: WireProtocol, path: string | undefined, what: string): string {
  return `no answer: ${answerAt(protocol, path)} ${what}`
}

/** A gateway's or the API's `error` in a 2xx body, named as the answer it stood in: `an error in the Gemini answer: …`. */
export function errorInAnswer(protocol: WireProtocol, path: string | undefined, error: string): string {
  return `an error in ${answerAt(protocol, path)}: ${error}`
}

/** `the Responses answer`, or `the Responses answer's output[0].content`. */
function answerAt(protocol: WireProtocol, path: string | undefined): string {
  return `the ${apiNames[protocol]} answer${path === undefined ? '' : `'s ${path}`}`
}

/** The shape check of each protocol's answer (run once the answer is known to hold something). */
export const shapeChecks: { readonly [P in WireProtocol]: ShapeCheck } = {
  chat: (answer) => {
    const choice = Array.isArray(answer.choices) ? answer.choices[0] : undefined
    const message = isPlainObject(choice) ? choice.message : undefined
    return isPlainObject(message) ? chatMessageShape(message) : undefined
  },
  responses: (answer) =>
    listShape('responses', 'output', answer.output, 'output item', (item, at) => {
      // A plain string as a message's content (some compatible servers) is the model's text: the reader keeps it.
      if (item.type !== 'message' || typeof item.content === 'string') return undefined
      if (item.content === undefined || item.content === null) return missing('responses', `${at}.content`, 'the content parts of a message item')
      return listShape('responses', `${at}.content`, item.content, 'content part')
    }),
  anthropic: (answer) => listShape('anthropic', 'content', answer.content, 'content block'),
  gemini: (answer) => {
    const candidate = Array.isArray(answer.candidates) ? answer.candidates[0] : undefined
    const content = isPlainObject(candidate) ? candidate.content : undefined
    if (!isPlainObject(content)) return undefined
    return listShape('gemini', 'candidates[0].content.parts', content.parts, 'part', (part, at) =>
      part.functionCall === undefined || part.functionCall === null || isPlainObject(part.functionCall) ? undefined : wrong('gemini', `${at}.functionCall`, part.functionCall, 'an object with the name and args'))
  },
}

/** A Chat Completions message: content is text or a list; tool calls a list of objects, each with a `function` object. */
function chatMessageShape(message: Record<string, unknown>): string | undefined {
  const at = 'choices[0].message'
  const content = message.content
  if (content !== undefined && content !== null && typeof content !== 'string' && !Array.isArray(content)) return wrong('chat', `${at}.content`, content, 'text or a list of content parts')
  return listShape('chat', `${at}.tool_calls`, message.tool_calls, 'tool call', (call, path) =>
    isPlainObject(call.function) ? undefined : call.function === undefined ? missing('chat', `${path}.function`, 'the name and arguments') : wrong('chat', `${path}.function`, call.function, 'an object with the name and arguments'))
}

/**
 * A list the reader walks: absent or null is read as empty; anything else must be a list of objects, each then
 * checked by `each`.
 */
function listShape(
  protocol: WireProtocol,
  path: string,
  value: unknown,
  noun: string,
  each?: (item: Record<string, unknown>, at: string) => string | undefined,
): string | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value)) return wrong(protocol, path, value, `a list of ${noun}s`)
  for (const [index, item] of value.entries()) {
    const at = `${path}[${index}]`
    if (!isPlainObject(item)) return wrong(protocol, at, item, `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`)
    const problem = each?.(item, at)
    if (problem !== undefined) return problem
  }
  return undefined
}

/** `the Chat Completions answer's choices[0].message.tool_calls[1] is null, not a tool call`. */
function wrong(protocol: WireProtocol, path: string, value: unknown, expected: string): string {
  return noAnswer(protocol, path, `is ${jsonKind(value)}, not ${expected}`)
}

/** `the Chat Completions answer has no choices[0].message.tool_calls[0].function (the name and arguments)`. */
function missing(protocol: WireProtocol, path: string, what: string): string {
  return noAnswer(protocol, undefined, `has no ${path} (${what})`)
}

/** What a JSON value is, by kind and size only: its text may be anything a server wrote. */
export function jsonKind(value: unknown): string {
  if (value === null) return 'null'
  if (typeof value === 'string') return value === '' ? 'an empty string' : `a string of ${counted(value.length, 'character')}`
  if (Array.isArray(value)) return `an array of ${counted(value.length, 'item')}`
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

function counted(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`
}
