// The prompt caches of the stand-ins, billed by each provider's published rules. A stand-in keeps the prefixes it
// has cached for its lifetime (the real caches live 5–10 minutes after last use, longer than any test or bench run
// here), and compares prompts block by block (prompt-tokens.ts): a prefix that diverges inside a block counts up
// to that block's start, where the real API may match a few more tokens of it.
import { createHash } from 'node:crypto'
import { geminiMinimum, openaiMinimum } from '../../../src/providers/wire/cache-minimums.ts'
import { totalTokens, type PromptBlock } from './prompt-tokens.ts'

// The thresholds are toolgauge's own (its --cache-tools warnings use them): one copy, with their sources.
export { anthropicMinimum, geminiMinimum, openaiMinimum } from '../../../src/providers/wire/cache-minimums.ts'

/** A prompt's usage as a provider bills it: every prompt token, and those read from and written to the cache. */
export type CacheBilling = { readonly prompt: number; readonly read: number; readonly written: number }

/** The prefixes one stand-in has cached: a hash of each cached prefix, per shard. */
export class PrefixStore {
  private readonly shards = new Map<string, Set<string>>()

  /** Whether `prefix` was cached on `shard`. */
  has(shard: string, prefix: string): boolean {
    return this.shards.get(shard)?.has(prefix) ?? false
  }

  /** Caches `prefix` on `shard`. */
  add(shard: string, prefix: string): void {
    let shardSet = this.shards.get(shard)
    if (!shardSet) {
      shardSet = new Set()
      this.shards.set(shard, shardSet)
    }
    shardSet.add(prefix)
  }
}

/** Each block's prefix (it and every block before it) as a hash, and the tokens up to and including it. */
function prefixes(blocks: readonly PromptBlock[]): { hash: string; tokens: number }[] {
  const out: { hash: string; tokens: number }[] = []
  let hash = ''
  let tokens = 0
  for (const each of blocks) {
    hash = createHash('sha256').update(hash).update('\u0000').update(each.key).digest('hex')
    tokens += each.tokens
    out.push({ hash, tokens })
  }
  return out
}

/**
 * Anthropic Messages (platform.claude.com/docs/en/build-with-claude/prompt-caching): caching is opt-in by
 * `cache_control` breakpoints; the prefix is rendered tools → system → messages, and a breakpoint caches everything
 * up to and including its block when that prefix is at least the model's minimum cacheable length (a shorter one
 * is simply not cached: no error, both cache counters 0). A request reads the longest breakpoint prefix cached
 * before (`cache_read_input_tokens`) and writes the rest up to its last cacheable breakpoint
 * (`cache_creation_input_tokens`); `input_tokens` is what follows, uncached.
 */
export function anthropicBilling(store: PrefixStore, blocks: readonly PromptBlock[], minimum: number): CacheBilling {
  const prompt = totalTokens(blocks)
  const all = prefixes(blocks)
  let read = 0
  let cacheable = 0
  const toStore: string[] = []
  blocks.forEach((each, index) => {
    if (each.breakpoint !== true) return
    const prefix = all[index]!
    if (prefix.tokens < minimum) return
    if (store.has('', prefix.hash)) read = Math.max(read, prefix.tokens)
    else toStore.push(prefix.hash)
    cacheable = Math.max(cacheable, prefix.tokens)
  })
  for (const hash of toStore) store.add('', hash)
  return { prompt, read, written: Math.max(0, cacheable - read) }
}

/** OpenAI's cache hits grow in steps of 128 tokens past the first 1024. */
export const openaiIncrement = 128

/**
 * OpenAI Chat Completions and Responses (developers.openai.com/api/docs/guides/prompt-caching; the cookbook's
 * "Prompt Caching 201"): automatic for prompts of 1024 tokens or more, no marker needed and no write reported on
 * the models the price table lists; a hit needs an exact, identical prefix and is counted in 128-token increments
 * (1024, 1152, 1280 …) in `cached_tokens`. Requests are routed by a hash of the prompt's start combined with
 * `prompt_cache_key`: the stand-in keeps one cache per key (no key is one shared cache), so a key never creates a
 * hit a plain request would not get here — it only keeps a suite's requests on one machine, which the real API
 * needs once a prefix sees more than about 15 requests a minute.
 */
export function openaiBilling(store: PrefixStore, blocks: readonly PromptBlock[], cacheKey: string | undefined): CacheBilling {
  const prompt = totalTokens(blocks)
  const shard = cacheKey ?? ''
  let matched = 0
  for (const prefix of prefixes(blocks)) {
    if (prefix.tokens < openaiMinimum) continue
    if (store.has(shard, prefix.hash)) matched = prefix.tokens
    else store.add(shard, prefix.hash)
  }
  const read = matched < openaiMinimum ? 0 : openaiMinimum + Math.floor((matched - openaiMinimum) / openaiIncrement) * openaiIncrement
  return { prompt, read, written: 0 }
}

/**
 * Gemini implicit caching (ai.google.dev/gemini-api/docs/caching, updated 2026-10-23): on by default for Gemini
 * 2.5 and newer, nothing to send; a request whose prefix repeats an earlier one's reads it (`cachedContentTokenCount`)
 * once the prompt reaches the model's minimum input: 2048 tokens for Gemini 2.5 Flash and Pro, 4096 for the Gemini
 * 3.x models the page lists (and, here, for any other model). The page states no increment: the whole matched
 * prefix is counted.
 */
export function geminiBilling(store: PrefixStore, blocks: readonly PromptBlock[], model: string): CacheBilling {
  const prompt = totalTokens(blocks)
  const minimum = geminiMinimum(model)
  let read = 0
  for (const prefix of prefixes(blocks)) {
    if (prefix.tokens < minimum) continue
    if (store.has(model, prefix.hash)) read = prefix.tokens
    else store.add(model, prefix.hash)
  }
  return { prompt, read, written: 0 }
}
