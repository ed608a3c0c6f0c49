import { chatCompletionsFactory } from './runtime/chat-completions-provider.ts'

/**
 * `openai-compatible:<model>`: any Chat Completions server (Ollama, vLLM, llama.cpp, LM Studio, OpenRouter, Groq…)
 * at --base-url or the model's own base_url. No key unless one is named (--api-key-env or api_key_env): it never
 * reads OPENAI_API_KEY. `max_tokens` is the field these servers know.
 */
export const createProvider = chatCompletionsFactory(false)
