import { describe, expect, it } from 'vitest'
import { claudeModelId, modelFamily } from '../../src/tokens/model-family.ts'
import { anthropicOverhead } from '../../src/tokens/anthropic-estimate.ts'
import { pythonJson } from '../../src/tokens/python-json.ts'

describe('modelFamily', () => {
  it.each([
    ['openai:gpt-4o', 'o200k_base', 'chat', 'openai chat: gpt-4o generation'],
    ['openai:gpt-4o-mini-2024-07-18', 'o200k_base', 'chat', 'openai chat: gpt-4o generation'],
    ['openai:gpt-4-0613', 'cl100k_base', 'chat', 'openai chat: gpt-4o generation'],
    ['openai:gpt-3.5-turbo', 'cl100k_base', 'chat', 'openai chat: gpt-4o generation'],
    ['openai:gpt-4.1-mini', 'o200k_base', 'chat', 'openai chat: gpt-4o generation'],
    ['openai:o3', 'o200k_base', 'chat', 'openai chat: reasoning models (gpt-5, o-series)'],
    ['openai-responses:gpt-4o', 'o200k_base', 'responses', 'openai responses: gpt-4o generation'],
    ['openai-responses:gpt-5-mini', 'o200k_base', 'responses', 'openai responses: reasoning models (gpt-5, o-series)'],
    ['openai-compatible:openai/gpt-5-mini', 'o200k_base', 'chat', 'openai chat: reasoning models (gpt-5, o-series)'],
  ])('%s → openai-chat / %s on %s with "%s"', (spec, encoding, api, label) => {
    expect(modelFamily(spec)).toMatchObject({ family: 'openai-chat', encoding, api, calibration: { label } })
  })

  it('counts a Claude behind an OpenAI-compatible host with the Anthropic rules', () => {
    expect(modelFamily('openai-compatible:anthropic/claude-4.5-sonnet-20250929')).toMatchObject({ family: 'anthropic', model: 'claude-sonnet-4-5-20250929', via: 'openai-compatible' })
    expect(modelFamily('openai-compatible:anthropic/claude-sonnet-4.6')).toMatchObject({ family: 'anthropic', model: 'claude-sonnet-4-6' })
    expect(modelFamily('openai-compatible:anthropic/claude-3.7-sonnet:thinking')).toMatchObject({ family: 'anthropic', model: 'claude-sonnet-3-7', thinking: true })
    expect(anthropicOverhead(claudeModelId('anthropic/claude-sonnet-4.5'), 'auto').tokens).toBe(496)
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
    expect(pythonJson({ b: [1, 'é'], a: { y: true, x: null } })).toBe('{"a": {"x": null, "y": true}, "b": [1, "\\u00e9"]}')
  })
})

describe('OpenAI models no recorded usage covers', () => {
  it('are an estimate with the latest rules, a wider bound and a note on what makes them exact', async () => {
    const { countToolTokens } = await import('../../src/tokens/count-tool-tokens.ts')
    const tool = { name: 'f', description: 'Do f.', parameters: { type: 'object', properties: { x: { type: 'string' } } } }
    const known = await countToolTokens({ model: 'openai:gpt-5-mini', tools: [tool] })
    const unknown = await countToolTokens({ model: 'openai:gpt-7-preview', tools: [tool] })
    expect(known.method).toBe('calibrated-render')
    expect(unknown).toMatchObject({ method: 'estimate', promptTokens: known.promptTokens, rules: 'openai chat: reasoning models (gpt-5, o-series) (uncalibrated model gpt-7-preview)' })
    expect(unknown.confidence - known.confidence).toBe(110)
    expect(unknown.provenance).toContain('exact: --measure')
  })
})
