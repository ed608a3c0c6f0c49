import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { chatGpt4, type OpenAiCalibration } from './calibration-2026-11.ts'
import type { TextCounter } from './encodings.ts'
import { renderOpenAiToolBlock, type OpenAiDialect } from './openai-render.ts'

/** A chat message as OpenAI's Chat Completions API counts it (wire roles, optional `name`, legacy `function_call`). */
export type OpenAiCountMessage = {
  readonly role: string
  readonly content: string
  readonly name?: string
  /** Legacy `function_call` or one entry per `tool_calls` item: counted as name + arguments + 3. */
  readonly calls?: readonly { readonly name: string; readonly arguments: string }[]
}

// Constants fitted against API-reported prompt_tokens by hmarr (legacy functions API, 36/36 exact) and pamelafox
// (tools API); the per-generation ones live in the dated calibration table (calibration-2026-11.ts).
const perMessage = 3
const perName = 1
const functionRoleDiscount = 2
const perCall = 3
// The legacy `functions` API names a function_call with 4 + name (hmarr), the `tools` API with 7 + name.
const legacyNamedChoice = 4

/** Prompt tokens of the messages alone (no tools, no tool_choice), as `usage.prompt_tokens` reports them. */
export function openAiPromptWithoutTools(messages: readonly OpenAiCountMessage[], count: TextCounter, calibration: OpenAiCalibration = chatGpt4): number {
  return countMessages(messages, false, 'tools', calibration, count) + calibration.priming
}

/**
 * Prompt tokens of the messages plus a tool block (the `namespace functions` render, the family's preamble, minus
 * the system-reuse discount when a system message exists) and tool_choice. With an empty `tools` list it returns
 * the wrapper alone: the fixed part of the cost.
 */
export function openAiPromptWithTools(
  messages: readonly OpenAiCountMessage[],
  tools: readonly ToolDefinition[],
  toolChoice: ToolChoice | undefined,
  dialect: OpenAiDialect,
  count: TextCounter,
  calibration: OpenAiCalibration = chatGpt4,
): number {
  return countMessages(messages, true, dialect, calibration, count) + calibration.priming
    + count(renderOpenAiToolBlock(tools, dialect)) + calibration.toolsPreamble
    - (messages.some((m) => m.role === 'system') ? calibration.systemReuse : 0)
    + choiceTokens(toolChoice, dialect, calibration, count)
}

function countMessages(messages: readonly OpenAiCountMessage[], withTools: boolean, dialect: OpenAiDialect, calibration: OpenAiCalibration, count: TextCounter): number {
  // With the legacy functions API the first system message gains a trailing "\n" (hmarr); the tools API does not.
  let padded = !(withTools && dialect === 'functions')
  let total = 0
  for (const message of messages) {
    let content = message.content
    if (!padded && message.role === 'system') {
      content += '\n'
      padded = true
    }
    total += perMessage + count(message.role) + count(content)
    if (message.name) total += count(message.name) + perName
    if (message.role === 'function') total -= functionRoleDiscount
    total += callTokens(message.calls ?? [], calibration, count)
  }
  return total
}

function choiceTokens(choice: ToolChoice | undefined, dialect: OpenAiDialect, calibration: OpenAiCalibration, count: TextCounter): number {
  if (choice === undefined || choice === 'auto') return 0
  if (choice === 'none') return calibration.choice.none
  if (choice === 'required') return calibration.choice.required
  // A tool_choice that costs nothing (Responses on reasoning models) does not spell the name out either.
  if (dialect === 'tools' && calibration.choice.named === 0) return 0
  return (dialect === 'functions' ? legacyNamedChoice : calibration.choice.named) + count(choice.name)
}

/**
 * Tool calls of one assistant message. One call: name + arguments + 3. Several: OpenAI sends them as one call to
 * its `multi_tool_use.parallel` wrapper, whose arguments list each call as `{"recipient_name": "functions.<name>",
 * "parameters": <arguments>}` (the wrapper tool's documented shape). Plus the generation's per-call framing.
 */
function callTokens(calls: readonly { readonly name: string; readonly arguments: string }[], calibration: OpenAiCalibration, count: TextCounter): number {
  const framing = calls.length * calibration.perToolCall
  if (calls.length < 2) return framing + calls.reduce((total, call) => total + count(call.name) + count(call.arguments) + perCall, 0)
  const uses = calls.map((call) => `{"recipient_name":"functions.${call.name}","parameters":${call.arguments}}`)
  return framing + count('multi_tool_use.parallel') + count(`{"tool_uses":[${uses.join(',')}]}`) + perCall
}
