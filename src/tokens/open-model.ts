import { resolve } from 'node:path'
import { Template } from '@huggingface/jinja'
import { Tokenizer } from '@huggingface/tokenizers'
import { InputError } from '../core/errors.ts'
import type { Message } from '../core/message.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { readTextFile } from '../io/read-text.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { parseJsonOrText } from '../http/stable-json.ts'

/**
 * The files that make an open model's prompt countable offline: its `tokenizer.json`, its `tokenizer_config.json`
 * (special tokens, usually the chat template) and optionally a template file — the serving engine's, when it
 * differs (vLLM tool templates, Ollama). Nothing is downloaded.
 */
export type OpenModelFiles = {
  readonly tokenizer: string
  readonly tokenizerConfig?: string
  /** A Jinja chat template file; default: `chat_template` of tokenizer_config.json (the `tool_use` one with tools). */
  readonly chatTemplate?: string
}

/** A loaded open model: renders a conversation with its template and counts it with its tokenizer. */
export type OpenModel = {
  readonly label: string
  /** Prompt tokens of the conversation rendered with `tools` (undefined: the template's no-tools branch). */
  count(messages: readonly Message[], tools: readonly ToolDefinition[] | undefined): number
}

const loaded = new Map<string, OpenModel>()

// Templates print dates (Llama 3.1 `Today Date:`); pin them so counts do not change with the calendar.
const pinnedDate = new Date(Date.UTC(2024, 6, 26))
const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

/** strftime over the pinned date (26 Jul 2024, Llama 3.1's own default) for the codes chat templates use. */
export function pinnedStrftime(format: string): string {
  const d = pinnedDate
  const codes: Record<string, string> = {
    d: String(d.getUTCDate()).padStart(2, '0'), m: String(d.getUTCMonth() + 1).padStart(2, '0'), Y: String(d.getUTCFullYear()),
    y: String(d.getUTCFullYear()).slice(2), b: months[d.getUTCMonth()]!.slice(0, 3), B: months[d.getUTCMonth()]!,
    a: days[d.getUTCDay()]!.slice(0, 3), A: days[d.getUTCDay()]!, H: '00', M: '00', S: '00', '%': '%',
  }
  return format.replace(/%(.)/g, (all, code: string) => codes[code] ?? all)
}

/** Loads (once per process) the tokenizer and template of an open model. Bad files are an InputError naming them. */
export function loadOpenModel(files: OpenModelFiles): OpenModel {
  const key = JSON.stringify([resolve(files.tokenizer), files.tokenizerConfig && resolve(files.tokenizerConfig), files.chatTemplate && resolve(files.chatTemplate)])
  return getOrCreate(loaded, key, () => openModel(files))
}

function openModel(files: OpenModelFiles): OpenModel {
  const tokenizerJson = readJsonFile(files.tokenizer, '--tokenizer')
  const config = files.tokenizerConfig ? readJsonFile(files.tokenizerConfig, '--tokenizer-config') : {}
  let tokenizer: Tokenizer
  try {
    tokenizer = new Tokenizer(tokenizerJson, config)
  } catch (error) {
    throw new InputError(`not a tokenizer.json tokenizers.js can load: ${(error as Error).message}`, { file: files.tokenizer, field: '--tokenizer' })
  }
  const templates = {
    plain: templateSource(files, config, false),
    tools: templateSource(files, config, true),
  }
  const compiled = new Map<string, Template>()
  const compile = (source: string, file: string): Template => getOrCreate(compiled, source, () => {
    try {
      // the library's strftime_now reads the clock and cannot be overridden, so calls are routed to a pinned one
      return new Template(source.replace(/\bstrftime_now\s*\(/g, 'toolgauge_strftime_now('))
    } catch (error) {
      throw new InputError(`chat template does not parse: ${(error as Error).message}`, { file, field: '--chat-template' })
    }
  })
  const specials = specialTokens(config)
  return {
    label: `tokenizer.json (${files.tokenizer})`,
    count(messages, tools) {
      const source = tools ? templates.tools : templates.plain
      const text = compile(source.text, source.file).render({
        messages: messages.map(templateMessage),
        ...(tools ? { tools: tools.map((t) => ({ type: 'function', function: { name: t.name, ...(t.description !== undefined ? { description: t.description } : {}), parameters: t.parameters } })) } : {}),
        add_generation_prompt: true,
        date_string: pinnedStrftime('%d %b %Y'),
        toolgauge_strftime_now: pinnedStrftime,
        ...specials,
      })
      return tokenizer.encode(text, { add_special_tokens: false }).ids.length
    },
  }
}

function templateSource(files: OpenModelFiles, config: Record<string, unknown>, withTools: boolean): { text: string; file: string } {
  if (files.chatTemplate) return { text: readTextFile(files.chatTemplate, '--chat-template'), file: files.chatTemplate }
  const file = files.tokenizerConfig ?? files.tokenizer
  const raw = config.chat_template
  if (typeof raw === 'string') return { text: raw, file }
  // Some models ship named templates: [{name: 'default', template}, {name: 'tool_use', template}]
  if (Array.isArray(raw)) {
    const named = new Map(raw.map((entry: { name?: string; template?: string }) => [entry.name, entry.template]))
    const text = (withTools ? named.get('tool_use') : undefined) ?? named.get('default')
    if (typeof text === 'string') return { text, file }
  }
  throw new InputError('has no chat_template: give the template with --chat-template', { file, field: 'chat_template' })
}

function specialTokens(config: Record<string, unknown>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const name of ['bos_token', 'eos_token', 'pad_token', 'unk_token']) {
    const value = config[name]
    const text = typeof value === 'string' ? value : typeof (value as { content?: unknown })?.content === 'string' ? (value as { content: string }).content : undefined
    if (text !== undefined) out[name] = text
  }
  return out
}

// Chat templates expect the OpenAI message shape with tool-call arguments as objects (they `tojson` them).
function templateMessage(message: Message): Record<string, unknown> {
  if (message.role === 'assistant') {
    return {
      role: 'assistant',
      content: message.content,
      ...(message.toolCalls.length > 0 ? {
        tool_calls: message.toolCalls.map((c) => ({ id: c.id, type: 'function', function: { name: c.name, arguments: parseJsonOrText(c.rawArguments) } })),
      } : {}),
    }
  }
  if (message.role === 'tool') return { role: 'tool', content: message.content, name: message.name, tool_call_id: message.toolCallId }
  return { role: message.role, content: message.content }
}

function readJsonFile(file: string, field: string): Record<string, unknown> {
  const text = readTextFile(file, field)
  try {
    const value = JSON.parse(text) as unknown
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Error('not a JSON object')
    return value as Record<string, unknown>
  } catch (error) {
    throw new InputError(`invalid JSON: ${(error as Error).message}`, { file, field })
  }
}
