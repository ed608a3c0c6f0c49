import type { ToolDefinition } from '../core/tool.ts'
import type { TextCounter } from './encodings.ts'
import { renderHarmonyToolsSection } from './harmony-schema.ts'

/** A piece of a harmony render: a special token (one token each) or text encoded as ordinary text. */
export type HarmonyPart = { readonly special: string } | { readonly text: string }

/** A message as the harmony renderer receives it from a Chat Completions–style request. */
export type HarmonyMessage =
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly calls?: readonly { readonly name: string; readonly arguments: string }[] }
  | { readonly role: 'tool'; readonly name: string; readonly content: string }

/** The fixed parts of the harmony system message; pinned so counts do not drift with the calendar. */
export type HarmonySystemOptions = {
  readonly modelIdentity: string
  readonly knowledgeCutoff: string
  /** `Current date:`; pinned (default 2025-06-28, the harmony test date) so counts never change day to day. */
  readonly currentDate: string
  readonly reasoning: 'low' | 'medium' | 'high'
}

/** The defaults of harmony's `SystemContent.new()` with the date pinned. */
export const defaultHarmonySystem: HarmonySystemOptions = {
  modelIdentity: 'You are ChatGPT, a large language model trained by OpenAI.',
  knowledgeCutoff: '2024-06',
  currentDate: '2025-06-28',
  reasoning: 'medium',
}

/** One conversation to render: the caller's system text becomes the developer message's `# Instructions`. */
export type HarmonyConversation = {
  readonly instructions?: string
  readonly tools: readonly ToolDefinition[]
  readonly messages: readonly HarmonyMessage[]
  readonly system?: HarmonySystemOptions
  /** Render the tools section and channel line even with no tools: the fixed machinery, for the breakdown. */
  readonly emptyToolSection?: boolean
}

const start = { special: '<|start|>' }
const message = { special: '<|message|>' }
const end = { special: '<|end|>' }
const channel = { special: '<|channel|>' }
const constrain = { special: '<|constrain|>' }
const call = { special: '<|call|>' }

/**
 * Renders a conversation for completion the way gpt-oss servers do (harmony `render_conversation_for_completion`
 * with next role assistant): system, developer (instructions + tools), the messages, then `<|start|>assistant`.
 */
export function renderHarmonyConversation(conversation: HarmonyConversation): HarmonyPart[] {
  const hasTools = conversation.tools.length > 0 || conversation.emptyToolSection === true
  const parts: HarmonyPart[] = [start, { text: 'system' }, message, { text: systemText(conversation.system ?? defaultHarmonySystem, hasTools) }, end]
  const developer: string[] = []
  if (conversation.instructions !== undefined) developer.push('# Instructions', conversation.instructions)
  if (hasTools) developer.push(renderHarmonyToolsSection(conversation.tools))
  if (developer.length > 0) parts.push(start, { text: 'developer' }, message, { text: developer.join('\n\n') }, end)
  for (const m of conversation.messages) parts.push(...messageParts(m))
  parts.push(start, { text: 'assistant' })
  return parts
}

/** Counts a render: one token per special, ordinary o200k encoding per text piece (as harmony encodes each). */
export function countHarmonyParts(parts: readonly HarmonyPart[], count: TextCounter): number {
  return parts.reduce((total, part) => total + ('special' in part ? 1 : count(part.text)), 0)
}

function systemText(system: HarmonySystemOptions, hasTools: boolean): string {
  const top = [system.modelIdentity, `Knowledge cutoff: ${system.knowledgeCutoff}`, `Current date: ${system.currentDate}`].join('\n')
  let channels = '# Valid channels: analysis, commentary, final. Channel must be included for every message.'
  if (hasTools) channels += "\nCalls to these tools must go to the commentary channel: 'functions'."
  return [top, `Reasoning: ${system.reasoning}`, channels].join('\n\n')
}

function messageParts(m: HarmonyMessage): HarmonyPart[] {
  switch (m.role) {
    case 'user':
      return [start, { text: 'user' }, message, { text: m.content }, end]
    case 'tool':
      return [start, { text: `functions.${m.name}` }, { text: ' to=assistant' }, channel, { text: 'commentary' }, message, { text: m.content }, end]
    case 'assistant': {
      const parts: HarmonyPart[] = []
      if (m.content) parts.push(start, { text: 'assistant' }, channel, { text: 'final' }, message, { text: m.content }, end)
      for (const c of m.calls ?? []) {
        parts.push(start, { text: 'assistant' }, { text: ` to=functions.${c.name}` }, channel, { text: 'commentary' },
          { text: ' ' }, constrain, { text: 'json' }, message, { text: c.arguments }, call)
      }
      return parts
    }
  }
}
