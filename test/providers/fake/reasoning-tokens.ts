// Opaque reasoning tokens a fake API hands out (signatures, encrypted content, reasoning text) and checks when they
// come back: a stand-in that enforces a rule must know the exact bytes it issued, as the real API does.

/** The tokens one fake server issued, by kind. */
export class IssuedTokens {
  private readonly issued = new Set<string>()
  private count = 0

  /** A new token of a kind, remembered. */
  issue(kind: string, tag: number | string): string {
    const token = `${kind}-${tag}-${++this.count}-${'x'.repeat(8)}`
    this.issued.add(token)
    return token
  }

  /** True when `token` is exactly one this server issued. */
  has(token: unknown): boolean {
    return typeof token === 'string' && this.issued.has(token)
  }
}

/** How a chat-protocol fake model reasons, decided from its name like the real hosts do. */
export type ChatReasoningStyle = 'deepseek' | 'gemini' | 'openrouter' | 'gpt-oss' | undefined

/** `deepseek-reasoner` → DeepSeek thinking mode, `gemini-*` → Gemini's compatible endpoint, `x/y` → OpenRouter, `gpt-oss*` → Groq/Ollama. */
export function chatReasoningStyle(model: string): ChatReasoningStyle {
  if (model.includes('reasoner')) return 'deepseek'
  if (model.startsWith('gemini')) return 'gemini'
  if (model.includes('/')) return 'openrouter'
  if (model.startsWith('gpt-oss')) return 'gpt-oss'
  return undefined
}
