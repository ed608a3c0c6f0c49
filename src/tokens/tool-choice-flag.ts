import { InputError } from '../core/errors.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'

/**
 * Parses `--tool-choice`: `auto`, `none`, `required`, or a JSON value in the OpenAI form
 * (`'"auto"'`, `'{"type":"function","function":{"name":"x"}}'`); `{"name":"x"}` and Anthropic's
 * `{"type":"tool","name":"x"}` / `{"type":"any"}` are accepted too. A named tool must be one of `tools`.
 */
export function parseToolChoiceFlag(raw: string, tools: readonly ToolDefinition[]): ToolChoice {
  const choice = toToolChoice(raw)
  if (typeof choice === 'object' && !tools.some((tool) => tool.name === choice.name)) {
    throw new InputError(`names tool "${choice.name}", which is not among the tools (${tools.map((t) => t.name).join(', ') || 'none'})`, { field: '--tool-choice' })
  }
  return choice
}

function toToolChoice(raw: string): ToolChoice {
  const word = raw.trim()
  if (word === 'auto' || word === 'none' || word === 'required') return word
  let value: unknown
  try {
    value = JSON.parse(word)
  } catch {
    throw new InputError(`expected auto, none, required or a JSON tool_choice, got "${raw}"`, { field: '--tool-choice' })
  }
  const choice = toolChoiceOf(value)
  if (choice) return choice
  throw new InputError(`expected auto, none, required or {"type":"function","function":{"name":…}}, got ${raw}`, { field: '--tool-choice' })
}

/** A parsed tool_choice in the OpenAI or Anthropic form (`"auto"`, `{"function":{"name":"x"}}`, `{"type":"any"}` …); undefined when it is none. */
export function toolChoiceOf(value: unknown): ToolChoice | undefined {
  if (value === 'auto' || value === 'none' || value === 'required') return value
  if (value === 'any') return 'required'
  if (!isPlainObject(value)) return undefined
  const object = value as { type?: unknown; name?: unknown; function?: { name?: unknown } }
  const name = object.function?.name ?? object.name
  if (typeof name === 'string' && name !== '') return { name }
  if (object.type === 'any') return 'required'
  if (object.type === 'auto' || object.type === 'none') return object.type
  return undefined
}
