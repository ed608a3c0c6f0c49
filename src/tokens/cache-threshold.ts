import type { Message } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { splitSpec } from '../pricing/lookup.ts'
import { anthropicMinimum, geminiMinimum, openaiMinimum } from '../providers/wire/cache-minimums.ts'
import { countToolTokens } from './count-tool-tokens.ts'
import { defaultMessages } from './types.ts'

/** Below what prefix a model's provider caches nothing, and who sets that rule. */
export type CacheThreshold = { readonly provider: 'anthropic' | 'openai' | 'gemini'; readonly minimum: number }

/**
 * The caching threshold `--cache-tools` runs into for a model spec: Anthropic's minimum cacheable length of that
 * Claude model (a `cache_control` prefix below it is not cached), OpenAI's 1024 tokens (automatic caching starts
 * there), Gemini's implicit-caching minimum of that model (`google:` sends nothing for the flag: the implicit cache is
 * all there is); undefined for compatible servers (their own rules).
 */
export function cacheThreshold(spec: string): CacheThreshold | undefined {
  const { provider: prefix, model } = splitSpec(spec)
  if (prefix === 'anthropic') return { provider: 'anthropic', minimum: anthropicMinimum(model) }
  if (prefix === 'openai' || prefix === 'openai-responses') return { provider: 'openai', minimum: openaiMinimum }
  if (prefix === 'google') return { provider: 'gemini', minimum: geminiMinimum(model) }
  return undefined
}

/**
 * Tokens of what `--cache-tools` marks cacheable in a request — its tool definitions (Anthropic's tool-use system
 * prompt included) and its system prompt — by toolgauge's count for the model's family: the prompt with tools and
 * system messages, minus the same one-message prompt with neither.
 */
export async function cacheablePrefixTokens(model: string, tools: readonly ToolDefinition[], system: readonly Message[], toolChoice?: ToolChoice): Promise<number> {
  const full = await countToolTokens({ model, tools, messages: [...system, ...defaultMessages], ...(toolChoice ? { toolChoice } : {}), perTool: false })
  const bare = await countToolTokens({ model, tools: [], messages: defaultMessages, perTool: false })
  return full.promptTokens - bare.promptTokens
}

/**
 * The warning for a cacheable prefix below its model's threshold (undefined when it reaches it): `subject` names
 * what was counted (`suite weather`, a tools file), `model` the model as the run names it (its label), `spec` its spec.
 */
export function cacheToolsWarning(subject: string, model: string, spec: string, tokens: number, withSystem: boolean): string | undefined {
  const threshold = cacheThreshold(spec)
  if (!threshold || tokens >= threshold.minimum) return undefined
  const what = withSystem ? 'tokens of tool definitions and system prompt' : 'tool-definition tokens'
  const counted = `${subject}: ${tokens} ${what} for ${model}`
  if (threshold.provider === 'anthropic') return `${counted}, below its minimum cacheable length of ${threshold.minimum} — nothing will be cached (--cache-tools)`
  if (threshold.provider === 'gemini') return `${counted}, below Gemini's ${threshold.minimum}-token minimum for implicit caching — they will not be cached across requests (Gemini caches prompts of ${threshold.minimum} tokens or more implicitly, --cache-tools or not; for google: models the flag sends nothing)`
  return `${counted}, below OpenAI's ${threshold.minimum}-token caching threshold — they will not be cached across requests (OpenAI caches prompts of ${threshold.minimum} tokens or more automatically, --cache-tools or not; its prompt_cache_key only routes requests to the same cache)`
}

/** The system messages a request starts with: the part of the conversation `--cache-tools` marks cacheable. */
export function systemPrefix(messages: readonly Message[]): Message[] {
  const system: Message[] = []
  for (const message of messages) {
    if (message.role !== 'system') break
    system.push(message)
  }
  return system
}
