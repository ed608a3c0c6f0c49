import type {
  ChatCompletionCreateParamsNonStreaming,
  ChatCompletionMessageParam,
  ChatCompletionTool,
  ChatCompletionToolChoiceOption,
} from 'openai/resources/chat/completions'
import type { Message } from '../../core/message.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import type { ModelSettings } from '../settings/model-settings.ts'
import { definedOnly } from './request-fields.ts'
import { callIdFitter, type CallIdRule } from './tool-call-ids.ts'

/** Protocol settings of a Chat Completions request. */
export type ChatRequestSettings = {
  readonly model: string
  /** Output token cap; omitted when undefined (server default). */
  readonly maxTokens?: number
  /** `max_completion_tokens` (OpenAI) or the older `max_tokens` most compatible servers still expect. */
  readonly maxTokensField: 'max_completion_tokens' | 'max_tokens'
  /** Model settings this protocol has (checked when the provider was built). */
  readonly settings?: ModelSettings
  /** The call ids the host takes back (api.openai.com: at most 40; Mistral: exactly 9 alphanumerics); others are fitted (tool-call-ids.ts). */
  readonly callIds?: CallIdRule
}

/** toolgauge messages → Chat Completions messages (results keep their `tool_call_id`). */
function toChatMessages(messages: readonly Message[], callIds: CallIdRule | undefined): ChatCompletionMessageParam[] {
  const fitted = callIds ? callIdFitter(messages.flatMap(messageCallIds), callIds) : (id: string) => id
  return messages.map((message): ChatCompletionMessageParam => {
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content }
      case 'user':
        return { role: 'user', content: message.content }
      case 'assistant': {
        // Reasoning fields go back on the message and on each call exactly as they came (DeepSeek answers 400
        // without `reasoning_content`; Gemini's endpoint needs each call's thought signature).
        const state = message.reasoning?.protocol === 'chat' ? message.reasoning : undefined
        return {
          role: 'assistant',
          // null, not '', when the turn only calls tools: that is what the API itself returns and expects back.
          content: message.content === '' && message.toolCalls.length > 0 ? null : message.content,
          ...state?.message,
          ...(message.toolCalls.length > 0
            ? {
                tool_calls: message.toolCalls.map((call, index) => ({
                  id: fitted(call.id),
                  type: 'function' as const,
                  function: { name: call.name, arguments: call.rawArguments },
                  ...state?.toolCalls[index],
                })),
              }
            : {}),
        } as ChatCompletionMessageParam
      }
      case 'tool':
        // Chat Completions has no error flag on tool results: the content carries the failure.
        return { role: 'tool', tool_call_id: fitted(message.toolCallId), content: message.content }
    }
  })
}

/** The call ids a message holds: its calls' or the one its result answers. */
function messageCallIds(message: Message): readonly string[] {
  return message.role === 'assistant' ? message.toolCalls.map((call) => call.id) : message.role === 'tool' ? [message.toolCallId] : []
}

/** Tool definitions in the `{type:'function', function:{…}}` form. */
function toChatTools(tools: readonly ToolDefinition[]): ChatCompletionTool[] {
  return tools.map((tool) => ({
    type: 'function',
    function: {
      name: tool.name,
      ...(tool.description !== undefined ? { description: tool.description } : {}),
      parameters: tool.parameters as Record<string, unknown>,
    },
  }))
}

/** auto/none/required pass through; a named tool becomes `{type:'function', function:{name}}`. */
export function toChatToolChoice(choice: ToolChoice): ChatCompletionToolChoiceOption {
  return typeof choice === 'string' ? choice : { type: 'function', function: { name: choice.name } }
}

/**
 * The full request body. `none` keeps the tools (their tokens still count, as on the real API); without tools,
 * tool_choice and parallel_tool_calls are left out because the API rejects them alone.
 */
export function buildChatRequest(request: GenerateRequest, settings: ChatRequestSettings): ChatCompletionCreateParamsNonStreaming {
  const hasTools = request.tools.length > 0
  return {
    model: settings.model,
    messages: toChatMessages(request.messages, settings.callIds),
    ...(hasTools ? { tools: toChatTools(request.tools), tool_choice: toChatToolChoice(request.toolChoice) } : {}),
    ...(hasTools && request.parallelToolCalls !== undefined ? { parallel_tool_calls: request.parallelToolCalls } : {}),
    ...(settings.maxTokens !== undefined ? { [settings.maxTokensField]: settings.maxTokens } : {}),
    ...definedOnly({
      temperature: settings.settings?.temperature,
      top_p: settings.settings?.top_p,
      seed: settings.settings?.seed,
      reasoning_effort: settings.settings?.reasoning_effort,
      verbosity: settings.settings?.verbosity,
    }),
  } as ChatCompletionCreateParamsNonStreaming
}
