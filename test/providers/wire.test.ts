// Pure mapping functions, checked without any HTTP.
import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/core/message.ts'
import type { GenerateRequest } from '../../src/core/provider.ts'
import { toAnthropicMessages, toAnthropicToolChoice, buildAnthropicRequest } from '../../src/providers/wire/anthropic-request.ts'
import { anthropicUsage, fromAnthropicMessage } from '../../src/providers/wire/anthropic-response.ts'
import { buildChatRequest, toChatToolChoice } from '../../src/providers/wire/chat-completions-request.ts'
import { fromChatCompletion } from '../../src/providers/wire/chat-completions-response.ts'
import { finishReasonFromContent } from '../../src/providers/wire/finish-reason.ts'
import { toResponsesInput, toResponsesToolChoice } from '../../src/providers/wire/responses-request.ts'
import { fromResponsesResponse } from '../../src/providers/wire/responses-response.ts'

const history: Message[] = [
  { role: 'system', content: 'sys' },
  { role: 'user', content: 'hi' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'a', name: 'f', rawArguments: '{"x":1}' }, { id: 'b', name: 'g', rawArguments: '{}' }] },
  { role: 'tool', toolCallId: 'a', name: 'f', content: 'ra' },
  { role: 'tool', toolCallId: 'b', name: 'g', content: 'rb', isError: true },
  { role: 'user', content: 'and now?' },
]

function request(messages: Message[], overrides: Partial<GenerateRequest> = {}): GenerateRequest {
  return { messages, tools: [], toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 1 }, ...overrides }
}

describe('tool_choice mapping table', () => {
  it.each([
    ['auto', 'auto', 'auto', { type: 'auto' }],
    ['none', 'none', 'none', { type: 'none' }],
    ['required', 'required', 'required', { type: 'any' }],
    [{ name: 'f' }, { type: 'function', function: { name: 'f' } }, { type: 'function', name: 'f' }, { type: 'tool', name: 'f' }],
  ] as const)('%j', (choice, chat, responses, anthropic) => {
    expect(toChatToolChoice(choice)).toEqual(chat)
    expect(toResponsesToolChoice(choice)).toEqual(responses)
    expect(toAnthropicToolChoice(choice, undefined)).toEqual(anthropic)
  })

  it('puts disable_parallel_tool_use inside the Anthropic choice, never with none', () => {
    expect(toAnthropicToolChoice('auto', false)).toEqual({ type: 'auto', disable_parallel_tool_use: true })
    expect(toAnthropicToolChoice({ name: 'f' }, false)).toEqual({ type: 'tool', name: 'f', disable_parallel_tool_use: true })
    expect(toAnthropicToolChoice('none', false)).toEqual({ type: 'none' })
    expect(toAnthropicToolChoice('auto', true)).toEqual({ type: 'auto' })
  })

  it('leaves tool_choice and parallel_tool_calls out when there are no tools', () => {
    const body = buildChatRequest(request(history, { parallelToolCalls: false }), { model: 'm', maxTokensField: 'max_tokens' })
    expect(body).not.toHaveProperty('tool_choice')
    expect(body).not.toHaveProperty('parallel_tool_calls')
    expect(buildAnthropicRequest(request(history), { model: 'm', maxTokens: 10 })).not.toHaveProperty('tool_choice')
  })
})

describe('Anthropic messages', () => {
  it('puts every result first in one user message, merging the next user text, with is_error', () => {
    expect(toAnthropicMessages(history)).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'hi' }] },
      {
        role: 'assistant',
        content: [
          { type: 'tool_use', id: 'a', name: 'f', input: { x: 1 } },
          { type: 'tool_use', id: 'b', name: 'g', input: {} },
        ],
      },
      {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'ra' },
          { type: 'tool_result', tool_use_id: 'b', content: 'rb', is_error: true },
          { type: 'text', text: 'and now?' },
        ],
      },
    ])
  })

  it('sends unparsable history arguments back as an empty input object', () => {
    const messages: Message[] = [{ role: 'user', content: 'x' }, { role: 'assistant', content: 't', toolCalls: [{ id: 'a', name: 'f', rawArguments: '{oops' }] }]
    expect(toAnthropicMessages(messages)[1]!.content).toEqual([{ type: 'text', text: 't' }, { type: 'tool_use', id: 'a', name: 'f', input: {} }])
  })

  it('adds cache reads and writes to the input tokens', () => {
    expect(anthropicUsage({ input_tokens: 5, cache_read_input_tokens: 100, cache_creation_input_tokens: 20, output_tokens: 7 } as never)).toEqual({
      input: 125,
      output: 7,
      cacheRead: 100,
      cacheWrite: 20,
    })
  })

  it('turns tool_use blocks into calls with the JSON of input, and decides tool-calls from content', () => {
    const turn = fromAnthropicMessage(
      { content: [{ type: 'text', text: 'ok' }, { type: 'tool_use', id: 'toolu_1', name: 'f', input: { a: [1] } }], stop_reason: 'end_turn', usage: { input_tokens: 1, output_tokens: 2 } } as never,
    )
    expect(turn.toolCalls).toEqual([{ id: 'toolu_1', name: 'f', rawArguments: '{"a":[1]}' }])
    expect(turn.finishReason).toEqual({ unified: 'tool-calls', raw: 'end_turn' })
  })
})

describe('Responses input', () => {
  it('sends calls as function_call items and results as function_call_output with the same call_id', () => {
    expect(toResponsesInput(history)).toEqual([
      { type: 'message', role: 'system', content: 'sys' },
      { type: 'message', role: 'user', content: 'hi' },
      { type: 'function_call', call_id: 'a', name: 'f', arguments: '{"x":1}' },
      { type: 'function_call', call_id: 'b', name: 'g', arguments: '{}' },
      { type: 'function_call_output', call_id: 'a', output: 'ra' },
      { type: 'function_call_output', call_id: 'b', output: 'rb' },
      { type: 'message', role: 'user', content: 'and now?' },
    ])
  })

  it('maps an incomplete response to length', () => {
    const turn = fromResponsesResponse({ output: [], status: 'incomplete', incomplete_details: { reason: 'max_output_tokens' } } as never)
    expect(turn.finishReason).toEqual({ unified: 'length', raw: 'max_output_tokens' })
  })
})

describe('Chat Completions tolerances', () => {
  it('keeps calls with empty names and stringifies object arguments', () => {
    const turn = fromChatCompletion(
      { choices: [{ message: { content: null, tool_calls: [{ id: 'x', type: 'function', function: { name: '', arguments: { q: 1 } } }] }, finish_reason: 'stop' }] } as never,
    )
    expect(turn.toolCalls).toEqual([{ id: 'x', name: '', rawArguments: '{"q":1}' }])
    expect(turn.finishReason.unified).toBe('tool-calls')
    expect(turn.usage).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 })
  })

  it('passes the server\'s call ids on as they came (the loop makes them unique, keeping the server\'s as wireId)', () => {
    const turn = fromChatCompletion({ choices: [{ message: { content: null, tool_calls: [{ type: 'function', function: { name: 'f', arguments: '{}' } }, { id: 'a', type: 'function', function: { name: 'f', arguments: '{}' } }] }, finish_reason: 'tool_calls' }] } as never)
    expect(turn.toolCalls.map((call) => call.id)).toEqual(['', 'a'])
  })
})

describe('finish reason from content', () => {
  it.each([
    ['stop', true, 'tool-calls'],
    ['tool-calls', false, 'stop'],
    ['length', true, 'length'],
    ['content-filter', false, 'content-filter'],
    [undefined, false, 'stop'],
    ['other', false, 'other'],
  ] as const)('%s with calls=%s → %s', (mapped, hasCalls, expected) => {
    expect(finishReasonFromContent(mapped, 'raw', hasCalls).unified).toBe(expected)
  })
})
