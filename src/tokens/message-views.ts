import type { Message } from '../core/message.ts'
import type { HarmonyMessage } from './harmony-chat.ts'
import type { OpenAiCountMessage } from './openai-chat.ts'

/** Core messages as Chat Completions sends them (tool calls counted as name + arguments). */
export function openAiMessages(messages: readonly Message[]): OpenAiCountMessage[] {
  return messages.map((m) => {
    if (m.role === 'assistant') return { role: m.role, content: m.content, calls: m.toolCalls.map((c) => ({ name: c.name, arguments: c.rawArguments })) }
    // OpenAI renders a tool result under the called function's name: it costs the name + 1, as a `name` field does.
    return { role: m.role, content: m.content, ...(m.name ? { name: m.name } : {}) }
  })
}

/** Core messages split for harmony: system text becomes the developer instructions, the rest become turns. */
export function harmonyMessages(messages: readonly Message[]): { instructions?: string; messages: HarmonyMessage[] } {
  const system = messages.filter((m) => m.role === 'system').map((m) => m.content)
  const turns: HarmonyMessage[] = []
  for (const m of messages) {
    if (m.role === 'user') turns.push({ role: 'user', content: m.content })
    else if (m.role === 'assistant') turns.push({ role: 'assistant', content: m.content, calls: m.toolCalls.map((c) => ({ name: c.name, arguments: c.rawArguments })) })
    else if (m.role === 'tool') turns.push({ role: 'tool', name: m.name, content: m.content })
  }
  return system.length > 0 ? { instructions: system.join('\n\n'), messages: turns } : { messages: turns }
}
