import { createChatCompletionsProvider } from './runtime/chat-completions-provider.ts'
import { credentialDefaults } from './runtime/credentials.ts'
import type { ProviderFactory } from './registry.ts'

/** `openai:<model>`: Chat Completions on api.openai.com (or OPENAI_BASE_URL / its own base_url), key from OPENAI_API_KEY. */
export const createProvider: ProviderFactory = async (model, spec, options) =>
  createChatCompletionsProvider(model, spec, options, {
    credentials: credentialDefaults.openai,
    hostedOpenAi: true,
    maxTokensField: 'max_completion_tokens',
  })
