import type {
  FunctionTool,
  ResponseCreateParamsNonStreaming,
  ResponseInputItem,
  ToolChoiceFunction,
  ToolChoiceOptions,
} from 'openai/resources/responses/responses'
import type { Message } from '../../core/message.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'

/** Protocol settings of a Responses request. */
export type ResponsesRequestSettings = {
  readonly model: string
  readonly maxTokens?: number
}

/**
 * toolgauge messages → Responses input items. The whole conversation is sent every turn (`store: false`), so a
 * tool call goes back as a `function_call` item and its answer as a `function_call_output` with the same `call_id`.
 */
export function toResponsesInput(messages: readonly Message[]): ResponseInputItem[] {
  return messages.flatMap((message): ResponseInputItem[] => {
    switch (message.role) {
      case 'system':
      case 'user':
        return [{ type: 'message', role: message.role, content: message.content }]
      case 'assistant':
        return [
          ...(message.content !== '' ? [{ type: 'message' as const, role: 'assistant' as const, content: message.content }] : []),
          ...message.toolCalls.map((call) => ({
            type: 'function_call' as const,
            call_id: call.id,
            name: call.name,
            arguments: call.rawArguments,
          })),
        ]
      case 'tool':
        // No error flag in this protocol: the output text carries the failure.
        return [{ type: 'function_call_output', call_id: message.toolCallId, output: message.content }]
    }
  })
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

/** The full request body: complete input every turn, nothing stored server-side. */
export function buildResponsesRequest(request: GenerateRequest, settings: ResponsesRequestSettings): ResponseCreateParamsNonStreaming {
  const hasTools = request.tools.length > 0
  return {
    model: settings.model,
    input: toResponsesInput(request.messages),
    store: false,
    ...(hasTools ? { tools: toResponsesTools(request.tools), tool_choice: toResponsesToolChoice(request.toolChoice) } : {}),
    ...(hasTools && request.parallelToolCalls !== undefined ? { parallel_tool_calls: request.parallelToolCalls } : {}),
    ...(settings.maxTokens !== undefined ? { max_output_tokens: settings.maxTokens } : {}),
  }
}
