import type { ChatCompletion } from 'openai/resources/chat/completions'
import { isTokenCount, type FinishReason, type ModelTurn, type Usage } from '../../core/model-turn.ts'
import { finishReasonOf } from './finish-reason.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import type { OpaqueObject, ReasoningState } from '../../core/reasoning.ts'
import { asRawToolCalls, wireArguments, type WireToolCall } from './tool-call-ids.ts'

/** The parts of a turn a Chat Completions response determines (latency and raw payloads are added by the adapter). */
export type MappedTurn = Pick<ModelTurn, 'text' | 'toolCalls' | 'finishReason' | 'usage' | 'reasoning'>

/**
 * Chat Completions response → turn. Tolerant on purpose (compatible servers): arguments sent as an object are
 * stringified, missing/duplicate ids replaced with stable ones, empty names kept as data, the finish reason
 * decided from the content.
 */
export function fromChatCompletion(completion: ChatCompletion): MappedTurn {
  const choice = completion.choices?.[0]
  const message = choice?.message
  const wireCalls: WireToolCall[] = (message?.tool_calls ?? []).map((call) => {
    // Typed as function calls, but servers send partial shapes: read defensively.
    const loose = call as { id?: string; function?: { name?: string; arguments?: unknown } }
    return { id: loose.id, name: loose.function?.name ?? '', ...wireArguments(loose.function) }
  })
  const toolCalls = asRawToolCalls(wireCalls)
  const raw = choice?.finish_reason ?? undefined
  const reasoning = chatReasoning(message as OpaqueObject | undefined)
  return {
    text: chatContentText(message?.content),
    toolCalls,
    finishReason: chatFinishReason(raw, message?.refusal, toolCalls.length > 0),
    usage: chatUsage(completion.usage),
    ...(reasoning ? { reasoning } : {}),
  }
}

/**
 * A message's (or a streamed delta's) content as the model's text: the string itself, or — as Mistral's reasoning
 * models send it, a list of chunks (`{type: "thinking", thinking: [...]}`, `{type: "text", text}`) — its text chunks
 * joined, thinking left out as it is from every protocol's answer text.
 */
export function chatContentText(content: unknown): string {
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return ''
  return content.map((chunk) => (isPlainObject(chunk) && chunk.type === 'text' && typeof chunk.text === 'string' ? chunk.text : '')).join('')
}

/** A `refusal` on the message (OpenAI's safety refusal, whatever `finish_reason` says) is a content-filter stop. */
function chatFinishReason(raw: string | undefined, refusal: unknown, hasToolCalls: boolean): FinishReason {
  if (typeof refusal === 'string' && refusal !== '') return { unified: 'content-filter', ...(raw !== undefined ? { raw } : {}), message: refusal }
  return finishReasonOf('chat', raw, hasToolCalls)
}

/** Reasoning fields servers put on the assistant message: DeepSeek, Groq / Ollama / GLM, OpenRouter. */
export const chatMessageReasoningFields = ['reasoning_content', 'reasoning', 'reasoning_details'] as const
/** Fields on a tool call that carry Gemini's thought signature through its OpenAI-compatible endpoint. */
const chatCallReasoningFields = ['extra_content', 'thought_signature'] as const

/** The provider reasoning fields of an assistant message and its tool calls, as they came; undefined when there are none. */
function chatReasoning(message: OpaqueObject | undefined): ReasoningState | undefined {
  if (!message) return undefined
  const pick = (source: OpaqueObject, fields: readonly string[]): OpaqueObject | null => {
    const kept = Object.fromEntries(fields.filter((field) => source[field] !== undefined && source[field] !== null).map((field) => [field, source[field]]))
    return Object.keys(kept).length > 0 ? kept : null
  }
  const fields = pick(message, chatMessageReasoningFields) ?? {}
  const calls = ((message.tool_calls ?? []) as OpaqueObject[]).map((call) => pick(call, chatCallReasoningFields))
  if (Object.keys(fields).length === 0 && calls.every((call) => call === null)) return undefined
  return { protocol: 'chat', message: fields, toolCalls: calls }
}

/** The usage fields servers add beyond the OpenAI types. */
type LooseChatUsage = {
  readonly prompt_tokens?: number
  readonly completion_tokens?: number
  readonly prompt_tokens_details?: { readonly cached_tokens?: number; readonly cache_write_tokens?: number } | null
  readonly completion_tokens_details?: { readonly reasoning_tokens?: number } | null
  /** Mistral. */
  readonly num_cached_tokens?: number
  /** DeepSeek. */
  readonly prompt_cache_hit_tokens?: number
}

/**
 * `prompt_tokens` already includes cached tokens; reasoning tokens are part of `completion_tokens`. Cache reads
 * come as `prompt_tokens_details.cached_tokens` (OpenAI, OpenRouter), `num_cached_tokens` (Mistral) or
 * `prompt_cache_hit_tokens` (DeepSeek); cache writes as `prompt_tokens_details.cache_write_tokens` (OpenRouter).
 */
export function chatUsage(usage: ChatCompletion['usage'] | undefined): Usage {
  const loose = (usage ?? {}) as LooseChatUsage
  const reasoning = loose.completion_tokens_details?.reasoning_tokens
  return {
    input: firstCount(loose.prompt_tokens),
    output: firstCount(loose.completion_tokens),
    cacheRead: firstCount(loose.prompt_tokens_details?.cached_tokens, loose.num_cached_tokens, loose.prompt_cache_hit_tokens),
    cacheWrite: firstCount(loose.prompt_tokens_details?.cache_write_tokens),
    ...(isTokenCount(reasoning) ? { reasoning } : {}),
  }
}

/**
 * The first value that is a token count, else 0 (unknown). Every protocol's usage is read through it: a server's
 * count that is text, negative or fractional is its host's bad arithmetic, no count — never the model's failure.
 */
export function firstCount(...values: readonly unknown[]): number {
  for (const value of values) if (isTokenCount(value)) return value
  return 0
}
