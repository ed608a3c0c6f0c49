import type { Message } from '../../core/message.ts'

/** The entries of an object whose value is defined (settings left unset are not sent at all). */
export function definedOnly(values: { readonly [key: string]: unknown }): { [key: string]: unknown } {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined))
}

/** The system prompt, for the protocols that take it apart from the messages (Anthropic, Gemini): several are joined. */
export function systemText(messages: readonly Message[]): string | undefined {
  const parts = messages.filter((message) => message.role === 'system').map((message) => message.content)
  return parts.length > 0 ? parts.join('\n\n') : undefined
}
