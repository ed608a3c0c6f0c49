import type { Response as ResponsesResponse } from 'openai/resources/responses/responses'
import { isTokenCount, type Usage } from '../../core/model-turn.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import { firstCount, type MappedTurn } from './chat-completions-response.ts'
import { finishReasonOf } from './finish-reason.ts'
import { asRawToolCalls, wireArguments, type WireToolCall } from './tool-call-ids.ts'

/**
 * Responses output items → turn: `output_text` parts joined, `function_call` items as calls keyed by `call_id`. The
 * output items are kept as reasoning state when they hold reasoning or phases, and always when `chained` (the
 * response id is then what the next request continues from).
 */
export function fromResponsesResponse(response: ResponsesResponse, options: { readonly chained?: boolean } = {}): MappedTurn {
  let text = ''
  let refusal: string | undefined
  const wireCalls: WireToolCall[] = []
  for (const item of response.output ?? []) {
    if (item.type === 'message') {
      // Some compatible servers send a message's content as a plain string: it is the model's text, kept.
      const content: unknown = item.content
      if (typeof content === 'string') text += content
      else for (const part of item.content) {
        if (part.type === 'output_text') text += part.text
        else if (part.type === 'refusal') refusal = part.refusal
      }
    } else if (item.type === 'function_call') {
      wireCalls.push({ id: item.call_id, name: item.name ?? '', ...wireArguments(item) })
    }
  }
  const toolCalls = asRawToolCalls(wireCalls)
  // `status` says completed/incomplete; the reason of an incomplete response is the informative string. A
  // `refusal` part (the model's safety refusal) is a content-filter stop.
  const raw = response.incomplete_details?.reason ?? response.status ?? undefined
  const output = (response.output ?? []) as unknown as OpaqueObject[]
  // Reasoning items (and message phases) go back in the next input, in order, before their function_call items.
  const stateful = output.some((item) => item.type === 'reasoning' || (item.type === 'message' && item.phase !== undefined && item.phase !== null))
  return {
    text,
    toolCalls,
    finishReason: refusal !== undefined
      ? { unified: 'content-filter', ...(raw !== undefined ? { raw } : {}), message: refusal }
      : finishReasonOf('responses', raw, toolCalls.length > 0),
    usage: responsesUsage(response.usage),
    ...(stateful || options.chained ? { reasoning: { protocol: 'openai-responses' as const, output, ...(response.id ? { responseId: response.id } : {}) } } : {}),
  }
}

/**
 * `input_tokens` includes cached tokens (`input_tokens_details.cached_tokens`; some hosts add `cache_write_tokens`
 * there); reasoning tokens (`output_tokens_details.reasoning_tokens`) are part of `output_tokens`.
 */
export function responsesUsage(usage: ResponsesResponse['usage'] | undefined): Usage {
  const details = (usage?.input_tokens_details ?? {}) as { cached_tokens?: number; cache_write_tokens?: number }
  const reasoning = usage?.output_tokens_details?.reasoning_tokens
  return {
    input: firstCount(usage?.input_tokens),
    output: firstCount(usage?.output_tokens),
    cacheRead: firstCount(details.cached_tokens),
    cacheWrite: firstCount(details.cache_write_tokens),
    ...(isTokenCount(reasoning) ? { reasoning } : {}),
  }
}
