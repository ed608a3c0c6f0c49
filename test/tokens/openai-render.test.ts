import { describe, expect, it } from 'vitest'
import { renderOpenAiToolBlock } from '../../src/tokens/openai-render.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'

const weather: ToolDefinition = {
  name: 'get_current_weather',
  description: 'Get the current weather in a given location',
  parameters: {
    type: 'object',
    properties: {
      location: { type: 'string', description: 'The city and state, e.g. San Francisco, CA' },
      unit: { type: 'string', description: 'The unit of temperature to return', enum: ['celsius', 'fahrenheit'] },
    },
    required: ['location'],
  },
}

describe('OpenAI namespace-functions render', () => {
  it('matches the extracted prompt text for the weather tool', () => {
    expect(renderOpenAiToolBlock([weather], 'tools')).toBe([
      'namespace functions {',
      '',
      '// Get the current weather in a given location',
      'type get_current_weather = (_: {',
      '// The city and state, e.g. San Francisco, CA',
      'location: string,',
      '// The unit of temperature to return',
      'unit?: "celsius" | "fahrenheit",',
      '}) => any;',
      '',
      '} // namespace functions',
    ].join('\n'))
  })

  it('renders a tool without properties as a no-argument function', () => {
    expect(renderOpenAiToolBlock([{ name: 'ping', parameters: { type: 'object', properties: {} } }], 'tools')).toBe(
      'namespace functions {\n\ntype ping = () => any;\n\n} // namespace functions',
    )
  })

  const nested: ToolDefinition = {
    name: 'f',
    parameters: {
      type: 'object',
      properties: {
        o: { type: 'object', description: 'outer', properties: { s: { type: 'string', description: 'inner' }, n: { type: 'integer', enum: [-1, 1] } } },
        u: { anyOf: [{ type: 'string' }, { type: 'number' }] },
        a: { type: 'array' },
        k: { description: 'untyped' },
        d: { type: 'string', enum: ['c', 'f'], default: 'c' },
      },
    },
  }

  it('keeps nested descriptions and renders defaults in the tools dialect', () => {
    const text = renderOpenAiToolBlock([nested], 'tools')
    expect(text).toContain('// outer\no?: {\n  // inner\n  s?: string,\n  n?: -1 | 1,\n},')
    expect(text).toContain('u?: string | number,')
    expect(text).toContain('a?: any[],')
    expect(text).toContain('// untyped\nk?: any,')
    expect(text).toContain('d?: "c" | "f", // default: c')
  })

  it('drops nested descriptions and defaults in the legacy functions dialect', () => {
    const text = renderOpenAiToolBlock([nested], 'functions')
    expect(text).not.toContain('// inner')
    expect(text).not.toContain('default')
    expect(text).toContain('// outer\no?: {')
  })
})
