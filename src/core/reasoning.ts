/** A JSON object as a provider sent it: kept opaque, never interpreted beyond what sending it back requires. */
export type OpaqueObject = { readonly [key: string]: unknown }

/**
 * The reasoning state a provider attached to an assistant turn, typed per protocol. It is kept on the turn exactly
 * as it came, shown collapsed in `show` and the HTML report, never scored, and sent back by the adapter of the same
 * protocol on every following request (reference: the providers' rules in docs/providers/reasoning.md). Adapters of
 * another protocol ignore it.
 */
export type ReasoningState =
  /** Anthropic Messages: the assistant content blocks in their original order (thinking with signature, redacted_thinking, text, tool_use). */
  | { readonly protocol: 'anthropic'; readonly content: readonly OpaqueObject[] }
  /** OpenAI Responses: the output items in order (reasoning with encrypted_content, message with phase, function_call); the response id for `previous_response_id`. */
  | { readonly protocol: 'openai-responses'; readonly output: readonly OpaqueObject[]; readonly responseId?: string }
  /**
   * Chat Completions servers: provider fields of the assistant message (`reasoning_content`, `reasoning`,
   * `reasoning_details`) and of each tool call by position (`extra_content`, `thought_signature`).
   */
  | { readonly protocol: 'chat'; readonly message: OpaqueObject; readonly toolCalls: readonly (OpaqueObject | null)[] }
  /** Gemini generateContent: the model content's parts in order, each with its `thoughtSignature`. */
  | { readonly protocol: 'gemini'; readonly parts: readonly OpaqueObject[] }

/** The readable part of a reasoning state (thinking text, summaries), for the collapsed view; '' when all of it is opaque. */
export function reasoningText(state: ReasoningState): string {
  const texts: string[] = []
  const add = (value: unknown) => {
    if (typeof value === 'string' && value !== '') texts.push(value)
  }
  switch (state.protocol) {
    case 'anthropic':
      for (const block of state.content) if (block.type === 'thinking') add(block.thinking)
      break
    case 'openai-responses':
      for (const item of state.output) {
        if (item.type !== 'reasoning') continue
        for (const part of (item.summary ?? []) as { text?: unknown }[]) add(part.text)
      }
      break
    case 'chat':
      add(state.message.reasoning_content)
      add(state.message.reasoning)
      break
    case 'gemini':
      for (const part of state.parts) if (part.thought === true) add(part.text)
      break
  }
  return texts.join('\n\n')
}

/** A one-line description of what a state holds (`2 thinking blocks, 1 redacted`), for the collapsed view. */
export function reasoningSummary(state: ReasoningState): string {
  const counts = new Map<string, number>()
  const count = (name: string) => counts.set(name, (counts.get(name) ?? 0) + 1)
  switch (state.protocol) {
    case 'anthropic':
      for (const block of state.content) if (block.type === 'thinking' || block.type === 'redacted_thinking') count(String(block.type))
      break
    case 'openai-responses':
      for (const item of state.output) if (item.type === 'reasoning') count(item.encrypted_content ? 'reasoning item (encrypted)' : 'reasoning item')
      break
    case 'chat':
      for (const key of Object.keys(state.message)) count(key)
      for (const call of state.toolCalls) for (const key of Object.keys(call ?? {})) count(`tool call ${key}`)
      break
    case 'gemini':
      for (const part of state.parts) {
        if (part.thought === true) count('thought')
        if (typeof part.thoughtSignature === 'string') count('thought signature')
      }
      break
  }
  const parts = [...counts].map(([name, n]) => `${n} ${name}`)
  return `${state.protocol}: ${parts.length > 0 ? parts.join(', ') : 'no reasoning'}`
}
