// What the stand-ins bill as prompt tokens. A documented estimate, not any provider's tokenizer: every block of a
// request (a tool definition, a system block, a message or content block) costs the o200k_base token count of its
// JSON as sent, counted with toolgauge's own byte-pair counter (src/tokens/bpe-count.ts, the table of
// src/tokens/bpe-table.ts). For OpenAI and Gemini, JSON carries more punctuation than the renders the APIs feed
// their models, so these counts run somewhat above toolgauge's tool-token figures (`toolgauge tokens`): the
// stand-in reaches a minimum cacheable length a little sooner than the real API, never later. The Anthropic
// stand-in counts its tool definitions with toolgauge's Claude estimate instead (anthropic-protocol.ts), which adds
// the tool-use system prompt Anthropic bills with every request that carries tools.
import { O200K_TOKEN_SPLIT_REGEX } from 'gpt-tokenizer/encodingParams/constants'
import { countWithTable } from '../../../src/tokens/bpe-count.ts'
import { bpeTable } from '../../../src/tokens/bpe-table.ts'

/** One block of a prompt, in the order the provider renders it, with its tokens and whether it is a cache breakpoint. */
export type PromptBlock = {
  /** The block's JSON as sent (two blocks are the same prefix when their keys are equal). */
  readonly key: string
  readonly tokens: number
  /** Anthropic: the block carries `cache_control` (the prefix up to and including it is cacheable). */
  readonly breakpoint?: boolean
}

// Conversations resend their earlier messages on every turn: the same block text is counted once.
const memo = new Map<string, number>()
const memoLimit = 5_000

/** The tokens of one text: o200k_base through toolgauge's counter. */
export function textTokens(text: string): number {
  const known = memo.get(text)
  if (known !== undefined) return known
  const count = countWithTable(bpeTable('o200k_base'), O200K_TOKEN_SPLIT_REGEX, text)
  if (memo.size >= memoLimit) memo.clear()
  memo.set(text, count)
  return count
}

/** A prompt block of a value as sent, counted by its JSON. */
export function block(value: unknown, breakpoint = false): PromptBlock {
  const key = JSON.stringify(value) ?? 'null'
  return { key, tokens: textTokens(key), ...(breakpoint ? { breakpoint } : {}) }
}

/** All the prompt tokens of a request. */
export function totalTokens(blocks: readonly PromptBlock[]): number {
  let total = 0
  for (const each of blocks) total += each.tokens
  return total
}
