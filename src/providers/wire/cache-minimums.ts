// The providers' published prompt-cache thresholds, in one place: `--cache-tools` warns by them before a run
// (runner/cache-tools-warnings.ts), and the loopback stand-ins bill by them (test/providers/fake/prompt-cache.ts).

/**
 * The minimum cacheable prompt length of a Claude model, as platform.claude.com's prompt-caching page lists it
 * (quoted in anthropics/anthropic-sdk-python#1194; LiteLLM's prompt-caching page, 2026-10, agrees): 4096 tokens for
 * Opus 4.6, Opus 4.5 and Haiku 4.5; 2048 for Opus 4.7, Haiku 3.5 and Haiku 3; 512 for Opus 5; 1024 for the
 * others (Sonnet 5, Sonnet 4.x, Opus 4.8, Opus 4.1, Opus 4, Sonnet 3.7) and for a model the list does not name.
 * A `cache_control` prefix shorter than this is simply not cached (no error, both cache counters 0).
 */
export function anthropicMinimum(model: string): number {
  if (/^claude-(opus-4-6|opus-4-5|haiku-4-5)/.test(model)) return 4096
  if (/^claude-(opus-4-7|3-5-haiku|3-haiku)/.test(model)) return 2048
  if (/^claude-opus-5/.test(model)) return 512
  return 1024
}

/**
 * OpenAI's threshold (developers.openai.com/api/docs/guides/prompt-caching): prompts of 1024 tokens or more are
 * cached automatically, with or without a `prompt_cache_key` (the key only routes requests to the same cache).
 */
export const openaiMinimum = 1024

/**
 * Gemini's minimum input for implicit caching (ai.google.dev/gemini-api/docs/caching, updated 2026-10-23): 2048
 * tokens for Gemini 2.5 Flash and Pro, 4096 for the Gemini 3.x models the page lists (and, here, any other model).
 */
export function geminiMinimum(model: string): number {
  return /^gemini-2\.5-/.test(model) ? 2048 : 4096
}
