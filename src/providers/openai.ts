import { createChatCompletionsProvider } from './runtime/chat-completions-provider.ts'
import type { ProviderFactory } from './registry.ts'

/** `openai:<model>`: Chat Completions on api.openai.com (or OPENAI_BASE_URL / --base-url), key from OPENAI_API_KEY. */
export const createProvider: ProviderFactory = async (model, spec, options) =>
  createChatCompletionsProvider(model, spec, options, {
    apiKeyEnv: 'OPENAI_API_KEY',
    baseUrlEnv: 'OPENAI_BASE_URL',
    keyRequired: true,
    baseUrlRequired: false,
    maxTokensField: 'max_completion_tokens',
  })
