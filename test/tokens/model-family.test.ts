import { describe, expect, it } from 'vitest'
import { modelFamily } from '../../src/tokens/model-family.ts'
import { anthropicOverhead } from '../../src/tokens/anthropic-estimate.ts'
import { pythonJson } from '../../src/tokens/python-json.ts'

describe('modelFamily', () => {
  it.each([
    ['openai:gpt-4o', 'openai-chat', 'o200k_base', true],
    ['openai:gpt-4o-mini-2024-07-18', 'openai-chat', 'o200k_base', true],
    ['openai:gpt-4-0613', 'openai-chat', 'cl100k_base', true],
    ['openai:gpt-3.5-turbo', 'openai-chat', 'cl100k_base', true],
    ['openai:gpt-4.1-mini', 'openai-chat', 'o200k_base', false],
    ['openai:o3', 'openai-chat', 'o200k_base', false],
    ['openai-responses:gpt-4o', 'openai-chat', 'o200k_base', false],
  ])('%s → %s / %s (validated %s)', (spec, family, encoding, validated) => {
    expect(modelFamily(spec)).toMatchObject({ family, encoding, validated })
  })

  it('routes gpt-oss, Anthropic and everything else', () => {
    expect(modelFamily('openai:gpt-oss-20b').family).toBe('harmony')
    expect(modelFamily('anthropic:claude-haiku-4-5').family).toBe('anthropic')
    expect(modelFamily('baseline').family).toBe('default')
    expect(modelFamily('openai-compatible:llama3.1').family).toBe('default')
  })
})

describe('anthropicOverhead', () => {
  it('prefers the later snapshot and reports the disagreement as uncertainty', () => {
    expect(anthropicOverhead('claude-opus-4-5', 'auto')).toMatchObject({ tokens: 496, uncertainty: 150 })
    expect(anthropicOverhead('claude-opus-4-5', { name: 'x' })).toMatchObject({ tokens: 588, uncertainty: 275 })
  })

  it('matches dated model ids and older models found only in snapshot A', () => {
    expect(anthropicOverhead('claude-sonnet-4-20250514', 'auto').tokens).toBe(313)
    expect(anthropicOverhead('claude-3-opus-20240229', 'auto').tokens).toBe(530)
    expect(anthropicOverhead('claude-3-5-sonnet-20240620', 'required').tokens).toBe(261)
  })

  it('falls back with a wide error for unlisted models', () => {
    expect(anthropicOverhead('claude-next', 'auto').uncertainty).toBeGreaterThanOrEqual(250)
  })
})

describe('pythonJson', () => {
  it('serializes like json.dumps(sort_keys=True)', () => {
    expect(pythonJson({ b: [1, 'é'], a: { y: true, x: null } }, true)).toBe('{"a": {"x": null, "y": true}, "b": [1, "\\u00e9"]}')
  })
})
