import type { Response as ResponsesResponse } from 'openai/resources/responses/responses'
import type { FinishReason, Usage } from '../../core/model-turn.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import type { MappedTurn } from './chat-completions-response.ts'
import { finishReasonFromContent } from './finish-reason.ts'
import { argumentsText, assignStableIds, type WireToolCall } from './tool-call-ids.ts'

/** Responses output items → turn: `output_text` parts joined, `function_call` items as calls keyed by `call_id`. */
export function fromResponsesResponse(response: ResponsesResponse, request: GenerateRequest): MappedTurn {
  let text = ''
  const wireCalls: WireToolCall[] = []
  for (const item of response.output ?? []) {
    if (item.type === 'message') {
      for (const part of item.content) if (part.type === 'output_text') text += part.text
    } else if (item.type === 'function_call') {
      wireCalls.push({ id: item.call_id, name: item.name ?? '', rawArguments: argumentsText(item.arguments) })
    }
  }
  const toolCalls = assignStableIds(wireCalls, request.messages, request.context.turn)
  // `status` says completed/incomplete; the reason of an incomplete response is the informative string.
  const raw = response.incomplete_details?.reason ?? response.status ?? undefined
  return {
    text,
    toolCalls,
    finishReason: finishReasonFromContent(mapStatus(raw), raw, toolCalls.length > 0),
    usage: responsesUsage(response.usage),
  }
}

function mapStatus(raw: string | undefined): FinishReason['unified'] | undefined {
  switch (raw) {
    case 'completed':
      return 'stop'
    case 'max_output_tokens':
      return 'length'
    case 'content_filter':
      return 'content-filter'
    case 'failed':
      return 'error'
    case undefined:
      return undefined
    default:
      return 'other'
  }
}

/** `input_tokens` includes cached tokens; reasoning tokens are part of `output_tokens`. */
export function responsesUsage(usage: ResponsesResponse['usage'] | undefined): Usage {
  const reasoning = usage?.output_tokens_details?.reasoning_tokens
  return {
    input: usage?.input_tokens ?? 0,
    output: usage?.output_tokens ?? 0,
    cacheRead: usage?.input_tokens_details?.cached_tokens ?? 0,
    cacheWrite: 0,
    ...(typeof reasoning === 'number' ? { reasoning } : {}),
  }
}
