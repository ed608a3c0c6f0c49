import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses'
import type { Message } from '../../core/message.ts'
import { fittedCallId, withLoopCallIds, type CallIdRule } from './tool-call-ids.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import type { ModelSettings } from '../settings/model-settings.ts'
import { definedOnly } from './request-fields.ts'

/** Protocol settings of a Responses request. */
export type ResponsesRequestSettings = {
  readonly model: string
  readonly maxTokens?: number
  /** Ask for `reasoning.encrypted_content` (reasoning models only: others refuse it). */
  readonly includeEncryptedReasoning?: boolean
  /** `store: true` and `previous_response_id`: the server keeps the state, only new items are sent. */
  readonly chained?: boolean
  /** Model settings this protocol has (checked when the provider was built). */
  readonly settings?: ModelSettings
}

/**
 * toolgauge messages → Responses input items. The whole conversation is sent every turn (`store: false`), so a
 * tool call goes back as a `function_call` item and its answer as a `function_call_output` with the same `call_id`.
 * A turn's own output items go back as they came, less their `id` unless the responses are stored (`stored`): with
 * `store: false` nothing is persisted, and an id is a reference to an item the server does not have — DeepSeek
 * refuses it ("Items are not persisted when `store` is set to false"). The item itself, with its encrypted
 * content, carries the reasoning; `call_id` still links each call to its output.
 */
export function toResponsesInput(messages: readonly Message[], options: { readonly stored?: boolean } = {}): ResponseInputItem[] {
  return messages.flatMap((message): ResponseInputItem[] => {
    switch (message.role) {
      case 'system':
      case 'user':
        return [{ type: 'message', role: message.role, content: message.content }]
      case 'assistant':
        // The turn's output items go back as they came: reasoning (with encrypted_content) before its function_call
        // items, messages with their phase.
        if (message.reasoning?.protocol === 'openai-responses') {
          const items = followedReasoning(withLoopCallIds(message.reasoning.output, message.toolCalls, 'function_call', 'call_id')).map(withFittedCallId)
          return (options.stored ? items : items.map(withoutId)) as unknown as ResponseInputItem[]
        }
        return [
          ...(message.content !== '' ? [{ type: 'message' as const, role: 'assistant' as const, content: message.content }] : []),
          ...message.toolCalls.map((call) => ({
            type: 'function_call' as const,
            call_id: fittedCallId(call.id, responsesCallIds),
            name: call.name,
            arguments: call.rawArguments,
          })),
        ]
      case 'tool':
        // No error flag in this protocol: the output text carries the failure.
        return [{ type: 'function_call_output', call_id: fittedCallId(message.toolCallId, responsesCallIds), output: message.content }]
    }
  })
}

/** `call_id` is at most 64 characters ("Invalid 'input[N].call_id': string too long"). */
const responsesCallIds: CallIdRule = { maxLength: 64 }

function withFittedCallId(item: OpaqueObject): OpaqueObject {
  if (item.type !== 'function_call' || typeof item.call_id !== 'string') return item
  const callId = fittedCallId(item.call_id, responsesCallIds)
  return callId === item.call_id ? item : { ...item, call_id: callId }
}

/**
 * A turn's items less the reasoning items after its last message or call: the API refuses a reasoning item sent
 * without the item it preceded ("… of type 'reasoning' was provided without its required following item"), as a
 * response cut at the output limit right after its reasoning leaves it.
 */
function followedReasoning(items: readonly OpaqueObject[]): readonly OpaqueObject[] {
  return items.slice(0, items.findLastIndex((item) => item.type !== 'reasoning') + 1)
}

function withoutId(item: OpaqueObject): OpaqueObject {
  if (item.id === undefined) return item
  const { id: _id, ...rest } = item
  return rest
}

/** Tool definitions in the flat Responses form; `strict: false` because the API defaults to strict, which rejects most user schemas. */
export function toResponsesTools(tools: readonly ToolDefinition[]): FunctionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parameters: tool.parameters as Record<string, unknown>,
    strict: false,
  }))
}

/** auto/none/required pass through; a named tool becomes `{type:'function', name}`. */
export function toResponsesToolChoice(choice: ToolChoice): ToolChoiceOptions | ToolChoiceFunction {
  return typeof choice === 'string' ? choice : { type: 'function', name: choice.name }
}

/**
 * The full request body. By default the complete input every turn with nothing stored server-side (`store: false`),
 * asking reasoning models for their encrypted reasoning so it can go back. Chained: `store: true`, and from the
 * second turn on `previous_response_id` plus only the items after that response.
 */
export function buildResponsesRequest(request: GenerateRequest, settings: ResponsesRequestSettings): ResponseCreateParamsNonStreaming {
  const hasTools = request.tools.length > 0
  const previous = settings.chained ? lastResponse(request.messages) : undefined
  return {
    model: settings.model,
    input: toResponsesInput(previous ? request.messages.slice(previous.index + 1) : request.messages, { stored: settings.chained === true }),
    store: settings.chained === true,
    ...(previous ? { previous_response_id: previous.id } : {}),
    ...(settings.includeEncryptedReasoning && !settings.chained ? { include: ['reasoning.encrypted_content' as const] } : {}),
    ...(hasTools ? { tools: toResponsesTools(request.tools), tool_choice: toResponsesToolChoice(request.toolChoice) } : {}),
    ...(hasTools && request.parallelToolCalls !== undefined ? { parallel_tool_calls: request.parallelToolCalls } : {}),
    ...(settings.maxTokens !== undefined ? { max_output_tokens: settings.maxTokens } : {}),
    ...definedOnly({
      temperature: settings.settings?.temperature,
      top_p: settings.settings?.top_p,
      reasoning: settings.settings?.reasoning,
      text: settings.settings?.verbosity !== undefined ? { verbosity: settings.settings.verbosity } : undefined,
    }),
  } as ResponseCreateParamsNonStreaming
}

/** The last assistant message that came from a stored response, and where it is. */
function lastResponse(messages: readonly Message[]): { readonly index: number; readonly id: string } | undefined {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index]!
    if (message.role === 'assistant' && message.reasoning?.protocol === 'openai-responses' && message.reasoning.responseId) {
      return { index, id: message.reasoning.responseId }
    }
  }
  return undefined
}
