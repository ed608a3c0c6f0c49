import { InputError } from '../core/errors.ts'
import type { Message, RawToolCall } from '../core/message.ts'
import { readDocument, type SourceDocument } from '../io/read-document.ts'

/**
 * Loads `--messages`: a JSON (or YAML) array of chat messages in the OpenAI form (`role`, `content` as a string
 * or text parts, assistant `tool_calls`, tool `tool_call_id`) or toolgauge's own form (`toolCalls`, `toolCallId`).
 * `developer` messages count as system messages. Errors name the file, line and field.
 */
export function loadMessagesFile(file: string): Message[] {
  const document = readDocument(file)
  return messagesFromList(document.value, document, [])
}

/** Converts a list of chat messages found at `path` inside `document` (see loadMessagesFile). */
export function messagesFromList(list: unknown, document: SourceDocument, path: readonly (string | number)[]): Message[] {
  if (!Array.isArray(list)) throw new InputError('expected a JSON array of chat messages', { file: document.file, line: document.lineOf(path) ?? 1, ...(path.length > 0 ? { field: path.join('.') } : {}) })
  const calls = new Map<string, string>()
  return list.map((entry, index) => toMessage(entry, index, document, path, calls))
}

function toMessage(entry: unknown, index: number, document: SourceDocument, at: readonly (string | number)[], calls: Map<string, string>): Message {
  const fail = (field: string, expected: string): never => {
    const path = field ? [...at, index, field] : [...at, index]
    const prefix = at.length > 0 ? at.join('.') : ''
    throw new InputError(`expected ${expected}`, { file: document.file, line: document.lineOf(path), field: `${prefix}[${index}]${field ? `.${field}` : ''}` })
  }
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return fail('', 'a message object')
  const m = entry as Record<string, unknown>
  const content = textOf(m.content) ?? fail('content', 'a string or an array of text parts')
  if (m.name !== undefined && typeof m.name !== 'string') return fail('name', 'a string')
  // OpenAI's participant `name` is rendered into the prompt, so it is kept for counting.
  const named = typeof m.name === 'string' && m.name !== '' ? { name: m.name } : {}
  switch (m.role) {
    case 'system':
    case 'developer':
      return { role: 'system', content, ...named }
    case 'user':
      return { role: 'user', content, ...named }
    case 'assistant': {
      const raw = m.tool_calls ?? m.toolCalls ?? []
      if (!Array.isArray(raw)) return fail('tool_calls', 'an array of tool calls')
      const toolCalls = raw.map((call, i) => toolCallOf(call) ?? fail(`tool_calls.${i}`, 'a tool call with function.name and function.arguments'))
      for (const call of toolCalls) calls.set(call.id, call.name)
      return { role: 'assistant', content, toolCalls }
    }
    case 'tool': {
      const toolCallId = m.tool_call_id ?? m.toolCallId
      if (typeof toolCallId !== 'string') return fail('tool_call_id', 'a string')
      const name = typeof m.name === 'string' ? m.name : calls.get(toolCallId) ?? ''
      return { role: 'tool', toolCallId, name, content }
    }
    default:
      return fail('role', 'one of system, developer, user, assistant, tool')
  }
}

function textOf(content: unknown): string | undefined {
  if (content === undefined || content === null) return ''
  if (typeof content === 'string') return content
  if (!Array.isArray(content)) return undefined
  const texts = content.map((part) => (typeof part === 'object' && part !== null && typeof (part as { text?: unknown }).text === 'string' ? (part as { text: string }).text : undefined))
  return texts.every((t) => t !== undefined) ? texts.join('') : undefined
}

function toolCallOf(call: unknown): RawToolCall | undefined {
  if (typeof call !== 'object' || call === null) return undefined
  const c = call as { id?: unknown; name?: unknown; rawArguments?: unknown; function?: { name?: unknown; arguments?: unknown } }
  const name = c.function?.name ?? c.name
  const args = c.function?.arguments ?? c.rawArguments ?? '{}'
  if (typeof name !== 'string') return undefined
  return { id: typeof c.id === 'string' ? c.id : name, name, rawArguments: typeof args === 'string' ? args : JSON.stringify(args) }
}
