import { createChatCompletionsProvider } from './runtime/chat-completions-provider.ts'
import type { ProviderFactory } from './registry.ts'

/**
 * `openai-compatible:<model>`: any Chat Completions server (Ollama, vLLM, llama.cpp, LM Studio, OpenRouter, Groq…)
 * at --base-url or OPENAI_BASE_URL. The key is optional (local servers need none); `max_tokens` is the field they know.
 */
export const createProvider: ProviderFactory = async (model, spec, options) =>
  createChatCompletionsProvider(model, spec, options, {
    apiKeyEnv: 'OPENAI_API_KEY',
    baseUrlEnv: 'OPENAI_BASE_URL',
    keyRequired: false,
    baseUrlRequired: true,
    maxTokensField: 'max_tokens',
  })
