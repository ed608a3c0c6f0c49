import type { Message as AnthropicMessage } from '@anthropic-ai/sdk/resources/messages'
import { isTokenCount, type Usage } from '../../core/model-turn.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import { firstCount, type MappedTurn } from './chat-completions-response.ts'
import { finishReasonOf } from './finish-reason.ts'
import { argumentsText, asRawToolCalls, type WireToolCall } from './tool-call-ids.ts'

/** Content blocks → turn: text blocks joined, `tool_use` blocks as calls whose arguments are the JSON of `input`. */
export function fromAnthropicMessage(message: AnthropicMessage): MappedTurn {
  let text = ''
  const wireCalls: WireToolCall[] = []
  for (const block of message.content ?? []) {
    if (block.type === 'text') text += block.text
    else if (block.type === 'tool_use') wireCalls.push({ id: block.id, name: block.name ?? '', rawArguments: argumentsText(block.input ?? {}) })
  }
  const toolCalls = asRawToolCalls(wireCalls)
  const raw = message.stop_reason ?? undefined
  // With thinking on, the whole content goes back verbatim on the next request: thinking blocks with their
  // signatures, in their original order among the text and tool_use blocks.
  const thinking = (message.content ?? []).some((block) => block.type === 'thinking' || block.type === 'redacted_thinking')
  return {
    text,
    toolCalls,
    finishReason: finishReasonOf('anthropic', raw, toolCalls.length > 0, message.stop_details?.explanation ?? undefined),
    usage: anthropicUsage(message.usage),
    ...(thinking ? { reasoning: { protocol: 'anthropic' as const, content: message.content as unknown as OpaqueObject[] } } : {}),
  }
}

/** `input_tokens` excludes cached tokens: the total input is input + cache writes + cache reads. */
export function anthropicUsage(usage: AnthropicMessage['usage'] | undefined): Usage {
  const cacheRead = firstCount(usage?.cache_read_input_tokens)
  const cacheWrite = firstCount(usage?.cache_creation_input_tokens)
  const reasoning = usage?.output_tokens_details?.thinking_tokens
  return {
    input: firstCount(usage?.input_tokens) + cacheRead + cacheWrite,
    output: firstCount(usage?.output_tokens),
    cacheRead,
    cacheWrite,
    ...(isTokenCount(reasoning) ? { reasoning } : {}),
  }
}
