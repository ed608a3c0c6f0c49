// Usage exactly as providers report it: one recorded-shape response per cached / reasoning token field.
import { describe, expect, it } from 'vitest'
import { anthropicUsage } from '../../src/providers/wire/anthropic-response.ts'
import { chatUsage, fromChatCompletion } from '../../src/providers/wire/chat-completions-response.ts'
import { responsesUsage } from '../../src/providers/wire/responses-response.ts'
import { geminiUsage } from '../../src/providers/wire/gemini-response.ts'

type ChatUsage = Parameters<typeof chatUsage>[0]
type ResponsesUsage = Parameters<typeof responsesUsage>[0]
type AnthropicUsage = Parameters<typeof anthropicUsage>[0]

describe('Chat Completions usage', () => {
  it('prompt_tokens_details.cached_tokens (OpenAI) is a cache read', () => {
    const usage = { prompt_tokens: 1200, completion_tokens: 80, total_tokens: 1280, prompt_tokens_details: { cached_tokens: 1024, audio_tokens: 0 } }
    expect(chatUsage(usage as ChatUsage)).toMatchObject({ input: 1200, output: 80, cacheRead: 1024, cacheWrite: 0 })
  })
  it('prompt_tokens_details.cache_write_tokens (OpenRouter) is a cache write', () => {
    const usage = { prompt_tokens: 3000, completion_tokens: 50, total_tokens: 3050, cost: 0.01, prompt_tokens_details: { cached_tokens: 0, cache_write_tokens: 2900 } }
    expect(chatUsage(usage as ChatUsage)).toMatchObject({ input: 3000, cacheRead: 0, cacheWrite: 2900 })
  })
  it('num_cached_tokens (Mistral) is a cache read', () => {
    const usage = { prompt_tokens: 900, completion_tokens: 40, total_tokens: 940, num_cached_tokens: 768 }
    expect(chatUsage(usage as ChatUsage)).toMatchObject({ input: 900, cacheRead: 768 })
  })
  it('prompt_cache_hit_tokens (DeepSeek) is a cache read', () => {
    const usage = { prompt_tokens: 500, completion_tokens: 300, total_tokens: 800, prompt_cache_hit_tokens: 384, prompt_cache_miss_tokens: 116, completion_tokens_details: { reasoning_tokens: 250 } }
    expect(chatUsage(usage as ChatUsage)).toMatchObject({ input: 500, output: 300, cacheRead: 384, reasoning: 250 })
  })
  it('completion_tokens_details.reasoning_tokens is reasoning, part of output', () => {
    const usage = { prompt_tokens: 100, completion_tokens: 700, total_tokens: 800, completion_tokens_details: { reasoning_tokens: 640, accepted_prediction_tokens: 0 } }
    expect(chatUsage(usage as ChatUsage)).toMatchObject({ output: 700, reasoning: 640 })
  })
})

describe('Responses usage', () => {
  it('input_tokens_details.cached_tokens is a cache read', () => {
    const usage = { input_tokens: 2000, input_tokens_details: { cached_tokens: 1536 }, output_tokens: 90, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2090 }
    expect(responsesUsage(usage as ResponsesUsage)).toMatchObject({ input: 2000, cacheRead: 1536, cacheWrite: 0 })
  })
  it('input_tokens_details.cache_write_tokens is a cache write', () => {
    const usage = { input_tokens: 2000, input_tokens_details: { cached_tokens: 0, cache_write_tokens: 1900 }, output_tokens: 90, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 2090 }
    expect(responsesUsage(usage as ResponsesUsage)).toMatchObject({ cacheWrite: 1900 })
  })
  it('output_tokens_details.reasoning_tokens is reasoning', () => {
    const usage = { input_tokens: 300, input_tokens_details: { cached_tokens: 0 }, output_tokens: 1100, output_tokens_details: { reasoning_tokens: 1024 }, total_tokens: 1400 }
    expect(responsesUsage(usage as ResponsesUsage)).toMatchObject({ output: 1100, reasoning: 1024 })
  })
})

describe('Anthropic usage', () => {
  it('cache_creation_input_tokens is a cache write and cache_read_input_tokens a cache read, both added to input', () => {
    const usage = { input_tokens: 50, cache_creation_input_tokens: 2048, cache_read_input_tokens: 0, output_tokens: 120, service_tier: 'standard' }
    expect(anthropicUsage(usage as AnthropicUsage)).toMatchObject({ input: 2098, cacheWrite: 2048, cacheRead: 0, output: 120 })
    const read = { input_tokens: 50, cache_creation_input_tokens: 0, cache_read_input_tokens: 2048, output_tokens: 120 }
    expect(anthropicUsage(read as AnthropicUsage)).toMatchObject({ input: 2098, cacheRead: 2048 })
  })
})

describe('Gemini usage', () => {
  it('cachedContentTokenCount is a cache read (part of promptTokenCount)', () => {
    const usage = { promptTokenCount: 4000, cachedContentTokenCount: 3072, candidatesTokenCount: 60, totalTokenCount: 4060 }
    expect(geminiUsage(usage)).toMatchObject({ input: 4000, cacheRead: 3072, output: 60 })
  })
  it('thoughtsTokenCount is reasoning, added to the candidates for output', () => {
    const usage = { promptTokenCount: 120, candidatesTokenCount: 40, thoughtsTokenCount: 512, totalTokenCount: 672 }
    expect(geminiUsage(usage)).toMatchObject({ input: 120, output: 552, reasoning: 512 })
  })
})

describe('arguments on the wire', () => {
  const completion = (fn: Record<string, unknown>) => ({
    id: 'x', object: 'chat.completion', created: 1, model: 'm',
    choices: [{ index: 0, finish_reason: 'tool_calls', logprobs: null, message: { role: 'assistant', content: null, refusal: null, tool_calls: [{ id: 'c1', type: 'function', function: fn }] } }],
  }) as unknown as Parameters<typeof fromChatCompletion>[0]
  it('a call with no arguments field is {} with a note', () => {
    expect(fromChatCompletion(completion({ name: 'now' })).toolCalls[0]).toEqual({ id: 'c1', name: 'now', rawArguments: '{}', note: 'no arguments field on the wire: recorded as {}' })
  })
  it('an explicit empty string stays empty (scored as malformed)', () => {
    expect(fromChatCompletion(completion({ name: 'now', arguments: '' })).toolCalls[0]).toEqual({ id: 'c1', name: 'now', rawArguments: '' })
  })
})

describe('kept state with a replaced call id', () => {
  it('sends the blocks as they came, but a tool_use / function_call id the loop replaced takes the loop id', async () => {
    const { toAnthropicMessages } = await import('../../src/providers/wire/anthropic-request.ts')
    const { toResponsesInput } = await import('../../src/providers/wire/responses-request.ts')
    const calls = [{ id: 'call_1_0', name: 'f', rawArguments: '{}' }]
    const thinking = { type: 'thinking', thinking: 't', signature: 's' }
    const anthropic = toAnthropicMessages([
      { role: 'user', content: 'hi' },
      { role: 'assistant', content: '', toolCalls: calls, reasoning: { protocol: 'anthropic', content: [thinking, { type: 'tool_use', id: 'toolu_dup', name: 'f', input: {} }] } },
    ])
    expect(anthropic[1]!.content).toEqual([thinking, { type: 'tool_use', id: 'call_1_0', name: 'f', input: {} }])
    const reasoningItem = { type: 'reasoning', id: 'rs_1', summary: [], encrypted_content: 'e' }
    const history = [
      { role: 'assistant' as const, content: '', toolCalls: calls, reasoning: { protocol: 'openai-responses' as const, output: [reasoningItem, { type: 'function_call', id: 'fc_1', call_id: 'dup', name: 'f', arguments: '{}' }] } },
    ]
    expect(toResponsesInput(history, { stored: true })).toEqual([reasoningItem, { type: 'function_call', id: 'fc_1', call_id: 'call_1_0', name: 'f', arguments: '{}' }])
    // Not stored (the default): the items themselves, without the ids that would refer to nothing.
    expect(toResponsesInput(history)).toEqual([{ type: 'reasoning', summary: [], encrypted_content: 'e' }, { type: 'function_call', call_id: 'call_1_0', name: 'f', arguments: '{}' }])
  })
})
