import { randomUUID } from 'node:crypto'
import type { Behaviour, Conversation, NeutralTurn } from './behaviour.ts'
import type { Handler, Reply, SeenRequest } from './loopback.ts'
import type { SseFrame } from './streams/sse.ts'

/** A wire protocol the fake server speaks: check + understand the request, render an answer. */
export type Protocol = {
  readonly name: string
  /** Throws `Violation` for what the real API would reject with a 400. */
  parse(request: SeenRequest, apiKey: string): Conversation
  /** The body of that 400 as the API shapes its errors (the SDK reads its message from there). */
  refusal(message: string): unknown
  /** `tag` makes the response's ids: the request index, or a random string when ids must change every response. */
  render(turn: NeutralTurn, conversation: Conversation, tag: number | string): unknown
  /** Whether the request asks for a stream (throws `Violation` for stream options the API refuses). */
  streaming?(request: SeenRequest): boolean
  /** The rendered answer as the API streams it, event by event (streams/*-events.ts). */
  events?(answer: unknown, conversation: Conversation): readonly SseFrame[]
}

/** A request the real API would reject. */
export class Violation extends Error {}

/** Fails a check with the message the real API would give (roughly). */
export function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Violation(message)
}

/**
 * A fake API: every violation answers 400 and is kept in `violations` for the test to assert on. `editAnswer`
 * changes the rendered answer before it is sent (as JSON, or as the protocol's events when the request streams).
 */
export function fakeApi(protocol: Protocol, behaviour: Behaviour, apiKey: string, options: { randomIds?: boolean; editAnswer?: (answer: any) => unknown } = {}): Handler & { readonly violations: string[]; readonly conversations: Conversation[] } {
  const violations: string[] = []
  const conversations: Conversation[] = []
  const handler: Handler = (request, index): Reply => {
    let conversation: Conversation
    let streamed = false
    try {
      conversation = protocol.parse(request, apiKey)
      streamed = protocol.streaming?.(request) ?? false
    } catch (error) {
      if (!(error instanceof Violation)) throw error
      violations.push(error.message)
      return { type: 'json', status: 400, body: protocol.refusal(error.message) }
    }
    conversations.push(conversation)
    const rendered = protocol.render(behaviour(conversation), conversation, options.randomIds ? randomUUID().slice(0, 8) : index)
    // A planted deviation in the answer itself (a call's argument text that is not JSON …), streamed or not.
    const answer = options.editAnswer ? options.editAnswer(rendered) : rendered
    if (streamed && protocol.events) return { type: 'sse', frames: protocol.events(answer, conversation) }
    return { type: 'json', status: 200, body: answer }
  }
  return Object.assign(handler, { violations, conversations })
}

/** True for a plain JSON object. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** OpenAI's rule for `prompt_cache_key` (Chat Completions and Responses): a string of at most 64 characters. */
export function checkPromptCacheKey(body: Record<string, unknown>): void {
  const key = body.prompt_cache_key
  if (key === undefined) return
  check(typeof key === 'string', "Invalid type for 'prompt_cache_key': expected a string")
  check(key.length <= 64, `Invalid 'prompt_cache_key': string too long. Expected a string with maximum length 64, but got a string with length ${key.length} instead.`)
}

/** OpenAI's error body (Chat Completions and Responses): https://platform.openai.com/docs/guides/error-codes. */
export function openaiRefusal(message: string): unknown {
  return { error: { message, type: 'invalid_request_error', param: null, code: null } }
}
