import { describe, expect, it } from 'vitest'
import { textCounter, type EncodingName } from '../../src/tokens/encodings.ts'
import { directCount } from './direct-count.ts'
import { renderOpenAiToolBlock } from '../../src/tokens/openai-render.ts'
import { renderHarmonyToolsSection } from '../../src/tokens/harmony-schema.ts'
import { anthropicToolText } from '../../src/tokens/anthropic-estimate.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'

const tools: ToolDefinition[] = [
  { name: 'get_weather', description: 'Weather for a city.\nUse metric units.', parameters: { type: 'object', properties: { city: { type: 'string', description: 'City, e.g. Paris' }, days: { type: 'integer', enum: [1, 3, 7] } }, required: ['city'] } },
  { name: 'search', description: 'Søg i dokumenter — 検索 🔍', parameters: { type: 'object', properties: { query: { type: 'string' }, filters: { type: 'object', properties: { tag: { type: 'array', items: { type: 'string' } } } } } } },
  { name: 'noop', parameters: { type: 'object', properties: {} } },
]

const texts = [
  renderOpenAiToolBlock(tools, 'tools'),
  renderOpenAiToolBlock(tools, 'functions'),
  renderHarmonyToolsSection(tools),
  anthropicToolText(tools),
  'line one\r\nline two\n\n\nThird\n  indented\n\tTabbed\n<|endoftext|>\nÉté\n123\nabc',
  'a\nb\nc\n\n// x\ntype y = 1;\n',
]

describe('chunked, memoized text counting', () => {
  for (const encoding of ['o200k_base', 'cl100k_base'] as EncodingName[]) {
    it(`equals the direct count on tool renders and tricky text (${encoding})`, async () => {
      const count = await textCounter(encoding)
      for (const text of texts) {
        expect(count(text)).toBe(await directCount(encoding, text))
        expect(count(text)).toBe(await directCount(encoding, text)) // second call hits the memo
      }
    })
  }

  it('counts special-token literals as ordinary text, like the APIs do with user text', async () => {
    const count = await textCounter('cl100k_base')
    expect(count('<|endoftext|>')).toBeGreaterThan(1)
  })

  it('returns 0 for empty text', async () => {
    expect((await textCounter('o200k_base'))('')).toBe(0)
  })
})
