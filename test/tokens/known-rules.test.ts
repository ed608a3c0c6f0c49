import { describe, expect, it } from 'vitest'
import type { Message } from '../../src/core/message.ts'
import { anthropicMessageTokens } from '../../src/tokens/anthropic-estimate.ts'
import { textCounter } from '../../src/tokens/encodings.ts'
import { openAiMessages } from '../../src/tokens/message-views.ts'
import { openAiPromptWithoutTools } from '../../src/tokens/openai-chat.ts'
import { renderOpenAiTool } from '../../src/tokens/openai-render.ts'

// The renderer fixes of issue 17, each checked against a hand-written expectation.

const user: Message = { role: 'user', content: 'Weather in Paris and Rome?' }
const call = (id: string, name: string, args: string) => ({ id, name, rawArguments: args })

describe('OpenAI chat: known framing rules', () => {
  it('a tool result costs its function name + 1, like a message name', async () => {
    const count = await textCounter('o200k_base')
    const history: Message[] = [user, { role: 'assistant', content: '', toolCalls: [call('c1', 'get_weather', '{"city":"Paris"}')] }]
    const before = openAiPromptWithoutTools(openAiMessages(history), count)
    const after = openAiPromptWithoutTools(openAiMessages([...history, { role: 'tool', toolCallId: 'c1', name: 'get_weather', content: 'sunny' }]), count)
    // 3 per message + role + content, plus the name and 1
    expect(after - before).toBe(3 + count('tool') + count('sunny') + count('get_weather') + 1)
  })

  it('parallel calls are counted as one multi_tool_use.parallel call listing them', async () => {
    const count = await textCounter('o200k_base')
    const parallel: Message = { role: 'assistant', content: '', toolCalls: [call('c1', 'get_weather', '{"city":"Paris"}'), call('c2', 'get_weather', '{"city":"Rome"}')] }
    const empty: Message = { role: 'assistant', content: '', toolCalls: [] }
    const wrapper = '{"tool_uses":[{"recipient_name":"functions.get_weather","parameters":{"city":"Paris"}},{"recipient_name":"functions.get_weather","parameters":{"city":"Rome"}}]}'
    const diff = openAiPromptWithoutTools(openAiMessages([user, parallel]), count) - openAiPromptWithoutTools(openAiMessages([user, empty]), count)
    expect(diff).toBe(count('multi_tool_use.parallel') + count(wrapper) + 3)
  })

  it('renders a description on the parameters schema itself as a comment before its brace', () => {
    const tool = { name: 'load', description: 'Load a capability.', parameters: { type: 'object', description: 'Typed arguments.', properties: { id: { type: 'string' } }, required: ['id'] } }
    expect(renderOpenAiTool(tool, 'tools')).toBe('// Load a capability.\ntype load = (_: // Typed arguments.\n{\nid: string,\n}) => any;\n\n')
    // the legacy functions API (hmarr's 36 API cases) has no such line
    expect(renderOpenAiTool(tool, 'functions')).toBe('// Load a capability.\ntype load = (_: {\nid: string,\n}) => any;\n\n')
  })
})

describe('Anthropic: known framing rules', () => {
  const model = 'claude-sonnet-4-5'

  it('frames a tool round trip: tool_use 12 + 23 per input key, tool_result 12, over name + input + 3', async () => {
    const count = await textCounter('o200k_base')
    const ask: Message[] = [user]
    const roundTrip: Message[] = [
      user,
      { role: 'assistant', content: '', toolCalls: [call('t1', 'distance', '{"a":"Paris","b":"Rome"}')] },
      { role: 'tool', toolCallId: 't1', name: 'distance', content: '1100 km' },
    ]
    const assistant = 3 + count('distance') + count('{"a":"Paris","b":"Rome"}') + 3 + 12 + 2 * 23
    const result = 3 + count('1100 km') + 12
    expect(anthropicMessageTokens(model, roundTrip, count) - anthropicMessageTokens(model, ask, count)).toBe(assistant + result)
  })

  it('counts the conversation framing (+4) and merges system text without a turn header', async () => {
    const count = await textCounter('o200k_base')
    expect(anthropicMessageTokens(model, [user], count)).toBe(4 + 3 + count(user.content))
    expect(anthropicMessageTokens(model, [{ role: 'system', content: 'Be brief.' }, user], count)).toBe(4 + count('Be brief.') + 3 + count(user.content))
  })

  it('adds the thinking instructions (33) when extended thinking is on, not with a forced tool, not on Opus 5', async () => {
    const count = await textCounter('o200k_base')
    const plain = anthropicMessageTokens(model, [user], count)
    expect(anthropicMessageTokens(model, [user], count, { reasoning: true }) - plain).toBe(33)
    expect(anthropicMessageTokens(model, [user], count, { reasoning: true, toolChoice: 'required' })).toBe(plain)
    expect(anthropicMessageTokens('claude-opus-5', [user], count, { reasoning: true })).toBe(anthropicMessageTokens('claude-opus-5', [user], count))
  })
})
