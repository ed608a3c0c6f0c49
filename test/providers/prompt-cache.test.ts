// The stand-ins' prompt caches (fake/prompt-cache.ts) follow each provider's published rules: minimum cacheable
// lengths by model, OpenAI's 128-token increments, Anthropic's breakpoints and writes, Gemini's implicit reads.
import { describe, expect, it } from 'vitest'
import { anthropicBilling, anthropicMinimum, geminiBilling, geminiMinimum, openaiBilling, PrefixStore } from './fake/prompt-cache.ts'
import type { PromptBlock } from './fake/prompt-tokens.ts'

const blocks = (...sizes: [string, number, boolean?][]): PromptBlock[] => sizes.map(([key, tokens, breakpoint]) => ({ key, tokens, ...(breakpoint ? { breakpoint } : {}) }))

describe('OpenAI: automatic from 1024 tokens, hits in 128-token increments', () => {
  it('reads nothing the first time, then the shared prefix rounded down to 1024 + k·128', () => {
    const store = new PrefixStore()
    expect(openaiBilling(store, blocks(['tools', 1100], ['user a', 30]), undefined)).toEqual({ prompt: 1130, read: 0, written: 0 })
    // 1100 shared tokens: 1024 cached (the next step, 1152, is past the shared prefix).
    expect(openaiBilling(store, blocks(['tools', 1100], ['user b', 30]), undefined)).toEqual({ prompt: 1130, read: 1024, written: 0 })
    expect(openaiBilling(store, blocks(['tools', 1100], ['user a', 30], ['more', 10]), undefined).read).toBe(1024 + 0 * 128)
  })

  it('never caches a prompt under 1024 tokens, and keeps one cache per prompt_cache_key', () => {
    const store = new PrefixStore()
    openaiBilling(store, blocks(['tools', 1000], ['user', 20]), 'k')
    expect(openaiBilling(store, blocks(['tools', 1000], ['user', 20]), 'k').read).toBe(0)
    openaiBilling(store, blocks(['tools', 1500]), 'k')
    expect(openaiBilling(store, blocks(['tools', 1500]), 'other').read).toBe(0)
    expect(openaiBilling(store, blocks(['tools', 1500]), 'k').read).toBe(1024 + 3 * 128)
  })
})

describe('Anthropic: cache_control breakpoints over the model minimum', () => {
  it('writes the prefix up to the last cacheable breakpoint, then reads it; unmarked prompts are never cached', () => {
    const store = new PrefixStore()
    const marked = blocks(['tools', 900, true], ['system', 300, true], ['user', 20])
    expect(anthropicBilling(store, marked, 1024)).toEqual({ prompt: 1220, read: 0, written: 1200 })
    expect(anthropicBilling(store, marked, 1024)).toEqual({ prompt: 1220, read: 1200, written: 0 })
    expect(anthropicBilling(store, blocks(['tools', 5000], ['user', 20]), 1024)).toEqual({ prompt: 5020, read: 0, written: 0 })
    // Under the minimum: marked, billed in full, no error.
    expect(anthropicBilling(new PrefixStore(), marked, 4096)).toEqual({ prompt: 1220, read: 0, written: 0 })
  })

  it('takes the minimum of each model as published', () => {
    expect(['claude-sonnet-4-5', 'claude-opus-4-5', 'claude-haiku-4-5', 'claude-opus-4-7', 'claude-3-haiku', 'claude-opus-5', 'test-model'].map(anthropicMinimum)).toEqual([1024, 4096, 4096, 2048, 2048, 512, 1024])
  })
})

describe('Gemini: implicit caching over the model minimum', () => {
  it('reads a repeated prefix of 2048 tokens or more on 2.5 models, 4096 on others', () => {
    const store = new PrefixStore()
    geminiBilling(store, blocks(['tools', 3000], ['user a', 20]), 'gemini-2.5-flash')
    expect(geminiBilling(store, blocks(['tools', 3000], ['user b', 20]), 'gemini-2.5-flash').read).toBe(3000)
    geminiBilling(store, blocks(['tools', 3000], ['user a', 20]), 'gemini-3-pro-preview')
    expect(geminiBilling(store, blocks(['tools', 3000], ['user b', 20]), 'gemini-3-pro-preview').read).toBe(0)
    expect([geminiMinimum('gemini-2.5-pro'), geminiMinimum('gemini-3-flash-preview')]).toEqual([2048, 4096])
  })
})
