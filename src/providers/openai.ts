import { chatCompletionsFactory } from './runtime/chat-completions-provider.ts'

/** `openai:<model>`: Chat Completions on api.openai.com (or OPENAI_BASE_URL / its own base_url), key from OPENAI_API_KEY. */
export const createProvider = chatCompletionsFactory(true)
