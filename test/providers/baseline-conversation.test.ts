// The baseline answers each user message on its own: in a conversation, the calls and results of earlier
// messages do not stop it from calling tools for the next one, nor reach its answer to it.
import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/core/message.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'
import { baselineTurn } from '../../src/providers/baseline.ts'

const tools: ToolDefinition[] = [
  { name: 'get_order', description: 'Get an order by its order id', parameters: { type: 'object', properties: { order_id: { type: 'string', pattern: '^O-\\d+$' } }, required: ['order_id'] } },
  { name: 'cancel_order', description: 'Cancel an order by its order id', parameters: { type: 'object', properties: { order_id: { type: 'string', pattern: '^O-\\d+$' } }, required: ['order_id'] } },
]
const firstMessage: Message[] = [
  { role: 'user', content: 'Get order O-1 for me.' },
  { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_order', rawArguments: '{"order_id":"O-1"}' }] },
  { role: 'tool', toolCallId: 'c1', name: 'get_order', content: '{"status":"pending"}' },
  { role: 'assistant', content: 'Here is what the tools returned: {"status":"pending"}', toolCalls: [] },
]
const request = (messages: Message[]) => ({ messages, tools, toolChoice: 'auto' as const, context: { suite: 's', caseId: 'c', repeat: 0, turn: 2 } })

describe('baseline in a conversation', () => {
  it('plans calls for the second user message although the first one already made calls', () => {
    const turn = baselineTurn(request([...firstMessage, { role: 'user', content: 'Now cancel order O-1.' }]))
    expect(turn.toolCalls.map((call) => [call.name, JSON.parse(call.rawArguments)])).toEqual([['cancel_order', { order_id: 'O-1' }]])
  })

  it('answers the second message with its own tool results only', () => {
    const turn = baselineTurn(request([
      ...firstMessage,
      { role: 'user', content: 'Now cancel order O-1.' },
      { role: 'assistant', content: '', toolCalls: [{ id: 'c2', name: 'cancel_order', rawArguments: '{"order_id":"O-1"}' }] },
      { role: 'tool', toolCallId: 'c2', name: 'cancel_order', content: '{"status":"cancelled"}' },
    ]))
    expect(turn.toolCalls).toEqual([])
    expect(turn.text).toBe('Here is what the tools returned: {"status":"cancelled"}')
  })
})
