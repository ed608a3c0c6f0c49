import { describe, expect, it } from 'vitest'
import { assertValidator, fuzzValidator, type Validator } from '../../src/fuzz/index.ts'

const parameters = { type: 'object', properties: { city: { type: 'string' } }, required: ['city'], additionalProperties: false }
const strict: Validator = (args) => {
  const value = args as Record<string, unknown>
  const ok = typeof value === 'object' && value !== null && !Array.isArray(value) && typeof value.city === 'string' && Object.keys(value).length === 1
  return ok ? { valid: true, value } : { valid: false, errors: ['bad'] }
}

describe('assertValidator takes every tool form a suite takes', () => {
  it.each([
    ['OpenAI', { type: 'function', function: { name: 'get_weather', description: 'Weather', parameters } }],
    ['bare', { name: 'get_weather', description: 'Weather', parameters }],
    ['Anthropic', { name: 'get_weather', description: 'Weather', input_schema: parameters }],
    ['MCP', { name: 'get_weather', description: 'Weather', inputSchema: parameters }],
  ] as const)('the %s form', async (_form, tool) => {
    const report = await assertValidator({ tools: [tool], validator: strict, runs: 30, seed: 1 })
    expect(report.tools).toBe(1)
    expect(report.results.filter((result) => result.tool === 'get_weather' && result.status !== 'skipped').length).toBeGreaterThan(0)
  })

  it('a malformed tool is an error naming its index and field', async () => {
    await expect(fuzzValidator({ tools: [{ type: 'function', function: { description: 'no name' } } as never], validator: strict, runs: 5 }))
      .rejects.toThrow(/tools\.0\.function\.name: expected a non-empty string/)
  })

  it('a tool with an unknown key is an error naming it, with "did you mean"', async () => {
    await expect(fuzzValidator({ tools: [{ name: 'get_weather', paramaters: parameters } as never], validator: strict, runs: 5 }))
      .rejects.toThrow(/tools\.0\.paramaters: tool "get_weather": unknown key "paramaters" in a bare tool \(did you mean "parameters"\?\)/)
  })
})
