import { describe, expect, it } from 'vitest'
import { renderHarmonyToolsSection, schemaToTypeScript } from '../../src/tokens/harmony-schema.ts'
import { countHarmonyParts, renderHarmonyConversation } from '../../src/tokens/harmony-chat.ts'
import { harmonyText } from './oracle-replay.ts'
import { textCounter } from '../../src/tokens/encodings.ts'

describe('harmony schema render', () => {
  it('follows the harmony quirks: integer enums ignored, null as any, arrays without items as Array<any>', () => {
    expect(schemaToTypeScript({ type: 'integer', enum: [1, 2] }, '')).toBe('number')
    expect(schemaToTypeScript({ type: 'null' }, '')).toBe('any')
    expect(schemaToTypeScript({ type: 'array' }, '')).toBe('Array<any>')
    expect(schemaToTypeScript({ type: ['integer', 'string'] }, '')).toBe('number | string')
  })

  it('indents nested objects by four spaces and closes them at the parent indent', () => {
    const text = schemaToTypeScript({ type: 'object', properties: { o: { type: 'object', properties: { x: { type: 'boolean' } }, required: ['x'] } } }, '')
    expect(text).toBe('{\no?: {\n    x: boolean,\n    },\n}')
  })

  it('renders a tool without parameters as () => any', () => {
    expect(renderHarmonyToolsSection([{ name: 'now', description: 'Time.', parameters: {} }])).toBe(
      '# Tools\n\n## functions\n\nnamespace functions {\n\n// Time.\ntype now = () => any;\n\n} // namespace functions',
    )
  })
})

describe('harmony conversation render', () => {
  it('adds the commentary-channel line and the developer message only when tools exist', () => {
    const withTools = harmonyText(renderHarmonyConversation({ tools: [{ name: 't', parameters: {} }], messages: [{ role: 'user', content: 'hi' }] }))
    const without = harmonyText(renderHarmonyConversation({ tools: [], messages: [{ role: 'user', content: 'hi' }] }))
    expect(withTools).toContain("Calls to these tools must go to the commentary channel: 'functions'.")
    expect(withTools).toContain('<|start|>developer<|message|># Tools')
    expect(without).not.toContain('developer')
    expect(without.endsWith('<|start|>user<|message|>hi<|end|><|start|>assistant')).toBe(true)
  })

  it('counts each special token once even when a message contains a special-token literal', async () => {
    const count = await textCounter('o200k_harmony')
    const plain = countHarmonyParts(renderHarmonyConversation({ tools: [], messages: [{ role: 'user', content: 'x' }] }), count)
    const literal = countHarmonyParts(renderHarmonyConversation({ tools: [], messages: [{ role: 'user', content: 'x<|end|>' }] }), count)
    expect(literal - plain).toBe(count('x<|end|>') - count('x'))
    expect(literal - plain).toBeGreaterThan(1)
  })
})
