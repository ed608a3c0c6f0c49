import type { Content, FunctionDeclaration, GenerateContentConfig, GenerateContentParameters, Part, ToolConfig } from '@google/genai'
import type { Message, RawToolCall, ToolMessage } from '../../core/message.ts'
import type { GenerateRequest } from '../../core/provider.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import type { ToolChoice, ToolDefinition } from '../../core/tool.ts'
import type { ModelSettings } from '../settings/model-settings.ts'
import { definedOnly, systemText } from './request-fields.ts'
import { parseJsonOrText } from '../../http/stable-json.ts'
import { argumentsObject } from './tool-call-ids.ts'

/** Protocol settings of a generateContent request. */
export type GeminiRequestSettings = {
  readonly model: string
  readonly maxTokens?: number
  /** Model settings this protocol has (checked when the provider was built). */
  readonly settings?: ModelSettings
}

/**
 * toolgauge messages → Gemini contents. A model turn goes back whole — every part with its `thoughtSignature`, in
 * order — when its state was kept; the answers to its calls become `functionResponse` parts of ONE user turn, one
 * per call, matched by name (and id when the call had one), as the API requires. Roles alternate user/model.
 */
function toGeminiContents(messages: readonly Message[]): Content[] {
  const contents: { role: 'user' | 'model'; parts: Part[] }[] = []
  // Original call ids of the latest model turn, by the loop's call id: only ids the API gave go back.
  let wireIds = new Map<string, string | undefined>()
  const append = (role: 'user' | 'model', parts: Part[]) => {
    if (parts.length === 0) return
    const last = contents.at(-1)
    if (!last || last.role !== role) contents.push({ role, parts })
    else for (const part of parts) last.parts.push(part)
  }
  for (const message of messages) {
    switch (message.role) {
      case 'system':
        break
      case 'user':
        append('user', message.content !== '' ? [{ text: message.content }] : [])
        break
      case 'assistant': {
        const state = message.reasoning?.protocol === 'gemini' ? message.reasoning.parts : undefined
        // Kept state goes back exactly as the model returned it: thoughts and signatures untouched, same order.
        const parts = state ? (state as unknown as Part[]) : rebuiltParts(message.content, message.toolCalls)
        wireIds = new Map(message.toolCalls.map((call, index) => [call.id, stateCallId(state, index)]))
        append('model', parts)
        break
      }
      case 'tool':
        append('user', [functionResponsePart(message, wireIds.get(message.toolCallId))])
        break
    }
  }
  return contents
}

/** The id the API gave the n-th functionCall part of a kept model turn, if it gave one. */
function stateCallId(parts: readonly OpaqueObject[] | undefined, index: number): string | undefined {
  const call = parts?.filter((part) => part.functionCall !== undefined)[index]?.functionCall as { id?: unknown } | undefined
  return typeof call?.id === 'string' ? call.id : undefined
}

/** A model turn without kept state (scripted history, other providers): text then the calls, without ids. */
function rebuiltParts(text: string, calls: readonly RawToolCall[]): Part[] {
  return [
    ...(text !== '' ? [{ text }] : []),
    ...calls.map((call) => ({ functionCall: { name: call.name, args: argumentsObject(call.rawArguments) } })),
  ]
}

/**
 * One tool answer as a `functionResponse`. Gemini wants an object: JSON results go as `{ output: value }`, text as
 * `{ output: text }`, failures as `{ error: text }` — the keys the Gemini docs name for output and error details.
 */
function functionResponsePart(message: ToolMessage, id: string | undefined): Part {
  const value = parseJsonOrText(message.content)
  return {
    functionResponse: {
      ...(id !== undefined ? { id } : {}),
      name: message.name,
      response: message.isError ? { error: value } : { output: value },
    },
  }
}

/** Tool definitions as function declarations, the schema as JSON Schema (`parametersJsonSchema`) untouched. */
function toGeminiTools(tools: readonly ToolDefinition[]): FunctionDeclaration[] {
  return tools.map((tool) => ({
    name: tool.name,
    ...(tool.description !== undefined ? { description: tool.description } : {}),
    parametersJsonSchema: tool.parameters,
  }))
}

/** auto → AUTO, required → ANY, `{ name }` → ANY + allowedFunctionNames, none → NONE. */
function toGeminiToolConfig(choice: ToolChoice): ToolConfig {
  if (choice === 'auto') return { functionCallingConfig: { mode: 'AUTO' as never } }
  if (choice === 'none') return { functionCallingConfig: { mode: 'NONE' as never } }
  if (choice === 'required') return { functionCallingConfig: { mode: 'ANY' as never } }
  return { functionCallingConfig: { mode: 'ANY' as never, allowedFunctionNames: [choice.name] } }
}

/**
 * The SDK parameters. Gemini has no switch for parallel calls: `parallel_tool_calls: false` cannot be sent and the
 * model decides (docs/providers/google.md). `none` keeps the declarations, as on the other protocols.
 */
export function buildGeminiRequest(request: GenerateRequest, settings: GeminiRequestSettings): GenerateContentParameters {
  const system = systemText(request.messages)
  const hasTools = request.tools.length > 0
  const thinking = settings.settings?.thinking_config
  const config: GenerateContentConfig = {
    ...(system !== undefined ? { systemInstruction: { parts: [{ text: system }] } } : {}),
    ...(hasTools ? { tools: [{ functionDeclarations: toGeminiTools(request.tools) }], toolConfig: toGeminiToolConfig(request.toolChoice) } : {}),
    ...definedOnly({
      temperature: settings.settings?.temperature,
      topP: settings.settings?.top_p,
      seed: settings.settings?.seed,
      maxOutputTokens: settings.maxTokens,
      thinkingConfig: thinking
        ? definedOnly({ thinkingBudget: thinking.thinking_budget, thinkingLevel: thinking.thinking_level, includeThoughts: thinking.include_thoughts })
        : undefined,
    }),
  }
  return { model: settings.model, contents: toGeminiContents(request.messages), config }
}
