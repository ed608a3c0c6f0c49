import fc from 'fast-check'
import { parse as parseLossless } from 'lossless-json'
import { describe, expect, it } from 'vitest'
import { hasRepeatedKey } from '../../src/core/json-repeated-key.ts'

describe('hasRepeatedKey', () => {
  it('finds a key named twice in one object, at any depth, escaped or not', () => {
    expect(hasRepeatedKey('{"a":1,"a":2}')).toBe(true)
    expect(hasRepeatedKey('{"x":[{"b":1},{"c":{"d":1, "d" :1}}]}')).toBe(true)
    expect(hasRepeatedKey('{"a":1,"\\u0061":2}')).toBe(true)
  })

  it('does not confuse keys of different objects, strings that look like keys, or braces inside strings', () => {
    expect(hasRepeatedKey('{"a":{"a":1},"b":[{"a":2},{"a":3}]}')).toBe(false)
    expect(hasRepeatedKey('{"a":"\\"a\\":","b":"{\\"b\\":1,\\"b\\":2}","c":"}{"}')).toBe(false)
    expect(hasRepeatedKey('["a","a"]')).toBe(false)
    expect(hasRepeatedKey('{"a\\"":1,"a":2}')).toBe(false)
  })

  it('never misses what lossless-json rejects (random JSON with repeated keys)', () => {
    type Value = number | string | null | Value[] | { entries: [string, Value][] }
    const key = fc.constantFrom('a', 'b', 'é', 'a"', '\\', '{', ':', '\u0061')
    const { value } = fc.letrec<{ value: Value; object: Value }>((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constantFrom<Value>(1, 'a', '{"a":', null), fc.array(tie('value'), { maxLength: 3 }), tie('object')),
      object: fc.array(fc.tuple(key, tie('value')), { maxLength: 4 }).map((entries): Value => ({ entries })),
    }))
    // Objects are written from entry lists, so a key can be written twice.
    const write = (item: Value): string => {
      if (Array.isArray(item)) return `[${item.map(write).join(',')}]`
      if (item !== null && typeof item === 'object') return `{${item.entries.map(([k, v]) => `${JSON.stringify(k)} : ${write(v)}`).join(',')}}`
      return JSON.stringify(item)
    }
    fc.assert(fc.property(value, (item) => {
      const text = write(item)
      JSON.parse(text)
      let rejected = false
      try {
        parseLossless(text)
      } catch {
        rejected = true
      }
      if (rejected) expect(hasRepeatedKey(text)).toBe(true)
    }), { numRuns: 1000 })
  })
})
