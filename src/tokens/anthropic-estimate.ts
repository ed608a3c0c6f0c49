import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { newTokenizerModels, snapshotA, snapshotB, type OverheadSnapshot } from './anthropic-overhead-2026-11.ts'
import { anthropicCalibration } from './calibration-2026-11.ts'
import type { TextCounter } from './encodings.ts'
import type { PromptSettings } from './family-counters.ts'
import { pythonJson } from './python-json.ts'
import { parseJsonOrText } from '../http/stable-json.ts'
import { isPlainObject } from '../core/plain-object.ts'

/** The fixed tool-use overhead for a model and tool_choice, with how sure the table is about it. */
export type AnthropicOverhead = {
  readonly tokens: number
  /** ± tokens: the two documentation snapshots' disagreement, or 15% where only one lists the model. */
  readonly uncertainty: number
  /** Which snapshot row(s) it came from, for provenance. */
  readonly source: string
  /** True when no table row lists the model. */
  readonly fallback: boolean
}

// Unlisted Claude models get the latest broad row (Opus/Sonnet/Haiku 4.5 in snapshot B) with a wide error.
const fallback = { auto: 496, any: 588, uncertainty: 250 }

/** Looks up the dated overhead table (snapshot B first, the later documentation), by tool_choice class. */
export function anthropicOverhead(model: string, toolChoice: ToolChoice | undefined): AnthropicOverhead {
  const column = toolChoice === 'required' || typeof toolChoice === 'object' ? 'any' : 'auto'
  const a = findRow(snapshotA, model)
  const b = findRow(snapshotB, model)
  const chosen = b ?? a
  if (!chosen) return { tokens: fallback[column], uncertainty: fallback.uncertainty, source: 'no table row for this model; fallback', fallback: true }
  const other = b && a ? a : undefined
  const uncertainty = other ? Math.max(Math.abs(other[column] - chosen[column]), Math.ceil(chosen[column] * 0.15)) : Math.ceil(chosen[column] * 0.15)
  const source = [b && `snapshot B "${b.label}"`, a && `snapshot A "${a.label}"`].filter(Boolean).join(' vs ')
  return { tokens: chosen[column], uncertainty, source, fallback: false }
}

function findRow(snapshot: OverheadSnapshot, model: string) {
  return snapshot.rows.find((row) => row.model.test(model))
}

/**
 * The proxy text of the tool definitions: an extracted Claude prompt shows each tool as key-sorted Python-style
 * JSON inside `<function>` tags, within `<functions>`. Counted with o200k as a stand-in for Claude's tokenizer.
 */
export function anthropicToolText(tools: readonly ToolDefinition[]): string {
  const items = tools.map((tool) => `<function>${pythonJson({ description: tool.description ?? '', name: tool.name, parameters: tool.parameters })}</function>`)
  return `<functions>\n${items.join('\n')}\n</functions>`
}

/** Scale from o200k counts to the Claude tokenizer: ~1 before Opus 4.7, ~1.3 from it on (Anthropic's docs). */
export function claudeScale(model: string): number {
  return newTokenizerModels.test(model) ? 1.3 : 1
}

// Models whose extended thinking adds no prompt text (none observed on Opus 5); earlier 3.7–4.7 models add ~33.
const thinkingWithoutText = /opus-4-8|opus-5|sonnet-5/

/**
 * Estimated prompt tokens of the messages alone: o200k proxy counts plus the fitted framing
 * (calibration-2026-11.ts): the conversation, 3 per user/assistant/tool turn (system text is merged into the
 * system prompt), Claude's framing of each tool_use (per block and per input key) and tool_result, and the
 * thinking instructions when extended thinking is on without a forced tool choice.
 */
export function anthropicMessageTokens(model: string, messages: readonly Message[], count: TextCounter, options: PromptSettings = {}): number {
  const c = anthropicCalibration
  let raw = c.conversation
  for (const m of messages) {
    if (m.role === 'system') {
      raw += count(m.content)
      continue
    }
    raw += c.perMessage + count(m.content)
    if (m.role === 'tool') raw += c.perToolResult
    if (m.role === 'assistant') {
      for (const call of m.toolCalls) raw += count(call.name) + count(call.rawArguments) + 3 + c.perToolUse + c.perToolUseArgument * argumentKeys(call.rawArguments)
    }
  }
  const forced = options.toolChoice === 'required' || typeof options.toolChoice === 'object'
  if (options.reasoning && !forced && !thinkingWithoutText.test(model)) raw += c.thinking
  return Math.round(raw * claudeScale(model))
}

// Top-level keys of a tool_use input; arguments that are not a JSON object count as one.
function argumentKeys(rawArguments: string): number {
  const value = parseJsonOrText(rawArguments)
  return isPlainObject(value) ? Object.keys(value).length : 1
}

/** Estimated tokens the tool definitions add: the dated fixed overhead plus the proxy count of their text. */
export function anthropicToolsTokens(model: string, tools: readonly ToolDefinition[], toolChoice: ToolChoice | undefined, count: TextCounter): number {
  return anthropicOverhead(model, toolChoice).tokens + Math.round(count(anthropicToolText(tools)) * claudeScale(model))
}
