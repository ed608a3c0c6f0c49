import { describe, expect, it } from 'vitest'
import { countToolTokens } from '../../src/tokens/count-tool-tokens.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'

const weather: ToolDefinition = {
  name: 'get_weather',
  description: 'Get the current weather in a given location',
  parameters: { type: 'object', properties: { location: { type: 'string', description: 'City and state' } }, required: ['location'] },
}
const search: ToolDefinition = {
  name: 'search_docs',
  description: 'Search the documentation',
  parameters: { type: 'object', properties: { query: { type: 'string' }, limit: { type: 'integer' } }, required: ['query'] },
}
const tools = [weather, search]

describe('countToolTokens', () => {
  it('applies the difference method: toolTokens = promptTokens − the same request without tools', async () => {
    const withTools = await countToolTokens({ model: 'openai:gpt-4o', tools })
    const without = await countToolTokens({ model: 'openai:gpt-4o', tools: [] })
    expect(without.toolTokens).toBe(0)
    expect(without.perTool).toEqual([])
    expect(withTools.toolTokens).toBe(withTools.promptTokens - without.promptTokens)
    expect(withTools.method).toBe('calibrated-render')
    expect(withTools.rules).toBe('openai chat: gpt-4o generation')
    expect(withTools.encoding).toBe('o200k_base')
  })

  it('breaks the cost down per tool by leave-one-out, with the fixed machinery reported apart', async () => {
    const both = await countToolTokens({ model: 'openai:gpt-4o', tools })
    const onlySearch = await countToolTokens({ model: 'openai:gpt-4o', tools: [search] })
    expect(both.perTool.map((t) => t.name)).toEqual(['get_weather', 'search_docs'])
    expect(both.perTool[0]?.tokens).toBe(both.promptTokens - onlySearch.promptTokens)
    expect(both.fixedOverhead).toBeGreaterThan(0)
    // the render is additive per tool, so for OpenAI the parts add up exactly
    expect(both.fixedOverhead + both.perTool.reduce((a, t) => a + t.tokens, 0)).toBe(both.toolTokens)
  })

  it('skips the breakdown when asked', async () => {
    const result = await countToolTokens({ model: 'openai:gpt-4o', tools, perTool: false })
    expect(result.perTool).toEqual([])
    expect(result.toolTokens).toBeGreaterThan(0)
  })

  it('charges tool_choice as OpenAI does: none +1, a named tool +7 + its name', async () => {
    const auto = await countToolTokens({ model: 'openai:gpt-4o', tools, toolChoice: 'auto' })
    const none = await countToolTokens({ model: 'openai:gpt-4o', tools, toolChoice: 'none' })
    const named = await countToolTokens({ model: 'openai:gpt-4o', tools, toolChoice: { name: 'get_weather' } })
    expect(none.toolTokens - auto.toolTokens).toBe(1)
    expect(named.toolTokens - auto.toolTokens).toBeGreaterThanOrEqual(8)
  })

  it('uses cl100k for gpt-4 and gpt-3.5 and o200k for newer models, with the generation\'s fitted preamble', async () => {
    expect((await countToolTokens({ model: 'openai:gpt-4', tools })).encoding).toBe('cl100k_base')
    const gpt4o = await countToolTokens({ model: 'openai:gpt-4o', tools })
    const gpt5 = await countToolTokens({ model: 'openai:gpt-5', tools })
    expect(gpt5).toMatchObject({ encoding: 'o200k_base', method: 'calibrated-render', rules: 'openai chat: reasoning models (gpt-5, o-series)' })
    // Chat Completions adds ~80 hidden tokens for reasoning models' tools (recorded gpt-5 traffic: −80 constant).
    expect(gpt5.fixedOverhead - gpt4o.fixedOverhead).toBe(80)
  })

  it('counts gpt-oss with the harmony render, whatever protocol serves it, with the hosts\' spread as bound', async () => {
    const result = await countToolTokens({ model: 'openai-compatible:openai/gpt-oss-120b', tools })
    expect(result).toMatchObject({ family: 'harmony', encoding: 'o200k_harmony', method: 'calibrated-render', rules: 'harmony: gpt-oss via openai-compatible' })
    expect(result.confidence).toBeGreaterThan(0)
    expect(result.toolTokens).toBeGreaterThan(result.perTool.reduce((a, t) => a + t.tokens, 0))
  })

  it('estimates Anthropic from the dated overhead table, with the tool_choice class and an honest error', async () => {
    const auto = await countToolTokens({ model: 'anthropic:claude-sonnet-4-5', tools })
    const any = await countToolTokens({ model: 'anthropic:claude-sonnet-4-5', tools, toolChoice: 'required' })
    expect(auto).toMatchObject({ family: 'anthropic', method: 'estimate', encoding: 'proxy:o200k_base' })
    expect(auto.fixedOverhead).toBeGreaterThanOrEqual(496)
    expect(any.fixedOverhead - auto.fixedOverhead).toBe(588 - 496)
    // snapshot B fits recorded traffic; the bound is fitted on it (20 + 10% of the prompt)
    expect(auto.confidence).toBe(20 + Math.ceil(auto.promptTokens * 0.1))
    expect(auto.provenance).toContain('snapshot B')
    expect(auto.provenance).toContain('--measure')
  })

  it('counts more tokens for the Opus 4.7 tokenizer generation', async () => {
    const older = await countToolTokens({ model: 'anthropic:claude-opus-4-6', tools })
    const newer = await countToolTokens({ model: 'anthropic:claude-opus-4-7', tools })
    const ownCost = (r: typeof older) => r.toolTokens - r.fixedOverhead
    expect(ownCost(newer)).toBeGreaterThan(ownCost(older))
  })

  it('gives models of unknown family a documented default: the OpenAI render with o200k, a wide estimate', async () => {
    for (const model of ['baseline', 'scripted:cases.yaml', 'openai-compatible:qwen3:8b']) {
      const result = await countToolTokens({ model, tools })
      const reference = await countToolTokens({ model: 'openai:gpt-4o', tools })
      expect(result).toMatchObject({ family: 'default', encoding: 'o200k_base', method: 'estimate', toolTokens: reference.toolTokens })
      expect(result.provenance).toContain('exact: --measure, or --tokenizer')
      expect(result.confidence).toBeGreaterThanOrEqual(result.toolTokens)
    }
  })

  it('counts the given conversation, tool calls included', async () => {
    const short = await countToolTokens({ model: 'openai:gpt-4o', tools, messages: [{ role: 'user', content: 'hi' }] })
    const long = await countToolTokens({
      model: 'openai:gpt-4o',
      tools,
      messages: [
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'hi' },
        { role: 'assistant', content: '', toolCalls: [{ id: 'c1', name: 'get_weather', rawArguments: '{"location":"Paris"}' }] },
        { role: 'tool', toolCallId: 'c1', name: 'get_weather', content: '{"temp":20}' },
      ],
    })
    expect(long.promptTokens).toBeGreaterThan(short.promptTokens + 20)
    // a system message lets the tool text reuse it: 4 tokens cheaper
    expect(short.toolTokens - long.toolTokens).toBe(4)
  })
})
