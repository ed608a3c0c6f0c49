import type { ChatCompletion } from 'openai/resources/chat/completions'
import type { FinishReason, ModelTurn, Usage } from '../../core/model-turn.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import { finishReasonFromContent } from './finish-reason.ts'
import { argumentsText, assignStableIds, type WireToolCall } from './tool-call-ids.ts'

/** The parts of a turn a Chat Completions response determines (latency and raw payloads are added by the adapter). */
export type MappedTurn = Pick<ModelTurn, 'text' | 'toolCalls' | 'finishReason' | 'usage'>

const finishReasons: Record<string, FinishReason['unified']> = {
  stop: 'stop',
  tool_calls: 'tool-calls',
  function_call: 'tool-calls',
  length: 'length',
  content_filter: 'content-filter',
}

/**
 * Chat Completions response → turn. Tolerant on purpose (compatible servers): arguments sent as an object are
 * stringified, missing/duplicate ids replaced with stable ones, empty names kept as data, the finish reason
 * decided from the content.
 */
export function fromChatCompletion(completion: ChatCompletion, request: GenerateRequest): MappedTurn {
  const choice = completion.choices?.[0]
  const message = choice?.message
  const wireCalls: WireToolCall[] = (message?.tool_calls ?? []).map((call) => {
    // Typed as function calls, but servers send partial shapes: read defensively.
    const loose = call as { id?: string; function?: { name?: string; arguments?: unknown } }
    return { id: loose.id, name: loose.function?.name ?? '', rawArguments: argumentsText(loose.function?.arguments) }
  })
  const toolCalls = assignStableIds(wireCalls, request.messages, request.context.turn)
  const raw = choice?.finish_reason ?? undefined
  return {
    text: typeof message?.content === 'string' ? message.content : '',
    toolCalls,
    finishReason: finishReasonFromContent(raw ? (finishReasons[raw] ?? 'other') : undefined, raw, toolCalls.length > 0),
    usage: chatUsage(completion.usage),
  }
}

/** `prompt_tokens` already includes cached tokens; reasoning tokens are part of `completion_tokens`. */
export function chatUsage(usage: ChatCompletion['usage'] | undefined): Usage {
  const reasoning = usage?.completion_tokens_details?.reasoning_tokens
  return {
    input: usage?.prompt_tokens ?? 0,
    output: usage?.completion_tokens ?? 0,
    cacheRead: usage?.prompt_tokens_details?.cached_tokens ?? 0,
    cacheWrite: 0,
    ...(typeof reasoning === 'number' ? { reasoning } : {}),
  }
}
