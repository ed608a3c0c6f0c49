import type {
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
  MessageParam,
  Tool,
  ToolChoice as AnthropicToolChoice,
  ToolResultBlockParam,
} from '@anthropic-ai/sdk/resources/messages'
import type { Message } from '../../core/message.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import { argumentsObject, fittedCallId, withLoopCallIds, type CallIdRule } from './tool-call-ids.ts'
import type { GenerateRequest, RequestProblem, RequestShape } from '../../core/provider.ts'
import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import { InputError } from '../../core/errors.ts'
import type { ModelSettings } from '../settings/model-settings.ts'
import { definedOnly, systemText } from './request-fields.ts'

/** Protocol settings of a Messages request. */
export type AnthropicRequestSettings = {
  readonly model: string
  /** Required by the API on every request. */
  readonly maxTokens: number
  /** Model settings this protocol has (checked when the provider was built). */
  readonly settings?: ModelSettings
}

/** `tool_use.id` (and so `tool_result.tool_use_id`) must match ^[a-zA-Z0-9_-]+$, or the request is a 400. */
const anthropicCallIds: CallIdRule = { refused: /[^a-zA-Z0-9_-]/g }

/** The blocks of a turn as it came, its tool_use ids fitted to the API's pattern (loop ids replaced first). */
function returnedBlocks(content: readonly OpaqueObject[], message: Extract<Message, { role: 'assistant' }>): ContentBlockParam[] {
  return withLoopCallIds(content, message.toolCalls, 'tool_use', 'id').map((block) =>
    block.type === 'tool_use' && typeof block.id === 'string' ? { ...block, id: fittedCallId(block.id, anthropicCallIds) } : block,
  ) as unknown as ContentBlockParam[]
}

/** Text the API takes: it refuses text blocks that are empty or only whitespace. */
function hasText(text: string): boolean {
  return text.trim() !== ''
}

/**
 * toolgauge messages → Messages API turns. Tool answers become `tool_result` blocks placed first in ONE user
 * message (the API requires every result of an assistant turn there, before any text); a user message right
 * after them joins the same message, since roles must alternate.
 */
export function toAnthropicMessages(messages: readonly Message[]): MessageParam[] {
  const result: { role: 'user' | 'assistant'; content: ContentBlockParam[] }[] = []
  const append = (role: 'user' | 'assistant', blocks: ContentBlockParam[]): void => {
    if (blocks.length === 0) return
    const last = result.at(-1)
    if (last && last.role === role) {
      // tool_result blocks must lead a user message, ahead of any text already there (a stable sort keeps each kind's order).
      last.content = [...last.content, ...blocks].sort((a, b) => Number(a.type !== 'tool_result') - Number(b.type !== 'tool_result'))
    } else {
      result.push({ role, content: blocks })
    }
  }
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        break
      case 'user':
        append('user', hasText(message.content) ? [{ type: 'text', text: message.content }] : [])
        break
      case 'assistant':
        append('assistant', message.reasoning?.protocol === 'anthropic'
          ? returnedBlocks(message.reasoning.content, message)
          : [
              // The API rejects empty and whitespace-only text blocks.
              ...(hasText(message.content) ? [{ type: 'text' as const, text: message.content }] : []),
              ...message.toolCalls.map((call) => ({ type: 'tool_use' as const, id: fittedCallId(call.id, anthropicCallIds), name: call.name, input: argumentsObject(call.rawArguments) })),
            ])
        break
      case 'tool': {
        const block: ToolResultBlockParam = {
          type: 'tool_result',
          tool_use_id: fittedCallId(message.toolCallId, anthropicCallIds),
          content: message.content,
          ...(message.isError ? { is_error: true } : {}),
        }
        append('user', [block])
        break
      }
    }
  }
  return result
}

/** Tool definitions as `{name, description, input_schema}`. */
function toAnthropicTools(tools: readonly ToolDefinition[]): Tool[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    input_schema: tool.parameters as Tool['input_schema'],
  }))
}

/**
 * auto → {type:auto}, none → {type:none}, required → {type:any}, {name} → {type:tool, name}; parallel calls off is
 * `disable_parallel_tool_use` inside the choice (meaningless, and not accepted, with `none`).
 */
export function toAnthropicToolChoice(choice: ToolChoice, parallelToolCalls: boolean | undefined): AnthropicToolChoice {
  const disable = parallelToolCalls === false ? { disable_parallel_tool_use: true } : {}
  if (choice === 'none') return { type: 'none' }
  if (choice === 'auto') return { type: 'auto', ...disable }
  if (choice === 'required') return { type: 'any', ...disable }
  return { type: 'tool', name: choice.name, ...disable }
}

/**
 * What the Messages API would refuse in a case's requests under these settings: forced tool use (`required`, a
 * named tool) with thinking on. Changing the case's tool_choice behind its back would measure something else, so
 * the case is refused by name — before the run's first request (`Provider.checkRequest`), and here again for a
 * provider used without the runner.
 */
export function anthropicRequestProblem(request: RequestShape, settings: ModelSettings | undefined): RequestProblem | undefined {
  const thinking = settings?.thinking
  if (!thinking || thinking.type === 'disabled' || request.tools.length === 0) return undefined
  if (request.toolChoice !== 'required' && typeof request.toolChoice !== 'object') return undefined
  return {
    field: 'tool_choice',
    message: `forces a tool (tool_choice ${JSON.stringify(request.toolChoice)}), which Anthropic refuses with thinking on`,
    fix: 'use auto or none, or run this model without thinking',
  }
}

/** The full request body; `none` keeps the tool definitions, as on the other protocols. */
export function buildAnthropicRequest(request: GenerateRequest, settings: AnthropicRequestSettings): MessageCreateParamsNonStreaming {
  const system = systemText(request.messages)
  const hasTools = request.tools.length > 0
  const thinking = settings.settings?.thinking
  const problem = anthropicRequestProblem(request, settings.settings)
  if (problem) throw new InputError(`case "${request.context.caseId}" of suite "${request.context.suite}" ${problem.message}; ${problem.fix}`, { field: problem.field })
  return {
    model: settings.model,
    max_tokens: settings.maxTokens,
    ...(system !== undefined ? { system } : {}),
    messages: toAnthropicMessages(request.messages),
    ...(hasTools
      ? { tools: toAnthropicTools(request.tools), tool_choice: toAnthropicToolChoice(request.toolChoice, request.parallelToolCalls) }
      : {}),
    ...definedOnly({ temperature: settings.settings?.temperature, top_p: settings.settings?.top_p, thinking }),
  } as MessageCreateParamsNonStreaming
}
