import type { ToolDefinition } from '../core/tool.ts'
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

/** tool_choice / function_call as the wire carries it. */
export type OpenAiToolChoice = 'auto' | 'none' | 'required' | { readonly name: string }

// Constants fitted against API-reported prompt_tokens by hmarr (legacy functions API, 36/36 exact) and pamelafox
// (tools API); see docs/tokens.md. They hold for cl100k and o200k chat models (the Cookbook example is exact on both).
const perMessage = 3
const perName = 1
const functionRoleDiscount = 2
const perCall = 3
const replyPriming = 3
const toolBlockOverhead = 9
const systemReuse = 4
const choiceNone = 1
const namedChoice: Record<OpenAiDialect, number> = { functions: 4, tools: 7 }

/** Prompt tokens of the messages alone (no tools, no tool_choice), as `usage.prompt_tokens` reports them. */
export function openAiPromptWithoutTools(messages: readonly OpenAiCountMessage[], count: TextCounter): number {
  return countMessages(messages, false, 'tools', count) + replyPriming
}

/**
 * Prompt tokens of the messages plus a tool block (the `namespace functions` render, +9, −4 when a system message
 * exists) and tool_choice. With an empty `tools` list it returns the wrapper alone: the fixed part of the cost.
 */
export function openAiPromptWithTools(
  messages: readonly OpenAiCountMessage[],
  tools: readonly ToolDefinition[],
  toolChoice: OpenAiToolChoice | undefined,
  dialect: OpenAiDialect,
  count: TextCounter,
): number {
  return countMessages(messages, true, dialect, count) + replyPriming
    + count(renderOpenAiToolBlock(tools, dialect)) + toolBlockOverhead
    - (messages.some((m) => m.role === 'system') ? systemReuse : 0)
    + choiceTokens(toolChoice, dialect, count)
}

function countMessages(messages: readonly OpenAiCountMessage[], withTools: boolean, dialect: OpenAiDialect, count: TextCounter): number {
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
    total += callTokens(message.calls ?? [], count)
  }
  return total
}

function choiceTokens(choice: OpenAiToolChoice | undefined, dialect: OpenAiDialect, count: TextCounter): number {
  if (choice === undefined || choice === 'auto') return 0
  // `required` has no API-validated case; it is counted like `none` (one short instruction) and flagged in docs.
  if (choice === 'none' || choice === 'required') return choiceNone
  return namedChoice[dialect] + count(choice.name)
}

/**
 * Tool calls of one assistant message. One call: name + arguments + 3. Several: OpenAI sends them as one call to
 * its `multi_tool_use.parallel` wrapper, whose arguments list each call as `{"recipient_name": "functions.<name>",
 * "parameters": <arguments>}` (the wrapper tool's documented shape).
 */
function callTokens(calls: readonly { readonly name: string; readonly arguments: string }[], count: TextCounter): number {
  if (calls.length < 2) return calls.reduce((total, call) => total + count(call.name) + count(call.arguments) + perCall, 0)
  const uses = calls.map((call) => `{"recipient_name":"functions.${call.name}","parameters":${call.arguments}}`)
  return count('multi_tool_use.parallel') + count(`{"tool_uses":[${uses.join(',')}]}`) + perCall
}
