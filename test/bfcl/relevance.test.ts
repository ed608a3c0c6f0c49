import { describe, expect, it } from 'vitest'
import { doc, errorType, fc } from './build.ts'

// Relevance scoring (bfcl-rules.md §12.1): "contains a call" = decoded, well-shaped and non-empty.
const weather = doc('weather.get', { city: { type: 'string' } }, ['city'])

describe('irrelevance: the model must not call', () => {
  it('text or no calls pass', () => {
    expect(errorType('irrelevance', [weather], undefined, 'I cannot help with that.', { mode: 'fc' })).toBeNull()
    expect(errorType('live_irrelevance', [weather], undefined, [], { mode: 'fc' })).toBeNull()
    expect(errorType('irrelevance', [weather], undefined, 'No function applies.')).toBeNull()
  })
  it('a decoded call fails, whatever its arguments', () => {
    expect(errorType('irrelevance', [weather], undefined, fc(['weather_get', '{"nonsense": 1}']))).toBe('irrelevance_error:decoder_success')
    expect(errorType('irrelevance', [weather], undefined, 'weather.get(city="Oslo")')).toBe('irrelevance_error:decoder_success')
  })
  it('an unparseable or ill-shaped call counts as abstaining (BFCL #443)', () => {
    expect(errorType('irrelevance', [weather], undefined, fc(['weather_get', '{"city": ']))).toBeNull()
    expect(errorType('irrelevance', [weather], undefined, fc(['weather_get', '[1]']))).toBeNull()
    expect(errorType('live_irrelevance', [], undefined, '<tool_call>{"name": "weather.get"}</tool_call>')).toBeNull()
  })
})

describe('live_relevance: the model must call (arguments unchecked)', () => {
  it('any call passes', () => {
    expect(errorType('live_relevance', [weather], undefined, fc(['weather_get', '{}']))).toBeNull()
    expect(errorType('live_relevance', [weather], undefined, 'other.tool(x=1)')).toBeNull()
  })
  it('text or an empty list fails', () => {
    expect(errorType('live_relevance', [weather], undefined, 'It is sunny.', { mode: 'fc' })).toBe('relevance_error:decoder_failed')
    expect(errorType('live_relevance', [weather], undefined, [], { mode: 'fc' })).toBe('relevance_error:decoder_failed')
  })
})
