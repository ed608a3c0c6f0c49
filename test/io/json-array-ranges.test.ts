import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { jsonArrayRanges } from '../../src/io/json-array-ranges.ts'

const bytes = (text: string) => Buffer.from(text, 'utf8')

/** The elements as the scan found them, each parsed from its slice. */
function elementsOf(text: string, key = 'cases'): unknown[] | undefined {
  const data = bytes(text)
  const found = jsonArrayRanges(data, key)
  if (!found) return undefined
  return Array.from({ length: found.count }, (_, index) => JSON.parse(data.toString('utf8', found.ranges[2 * index], found.ranges[2 * index + 1])))
}

describe('jsonArrayRanges', () => {
  it('finds each element of the member array, whatever the strings and nesting hold', () => {
    const cases = [{ id: 'a', prompt: 'brackets ] } [ { and "quotes" \\ and , commas' }, { id: 'é✓😀', nested: [[1, { x: [] }], 'x'] }, 3, 'text', null, [], {}]
    const value = { name: 's', before: { cases: [9] }, cases, after: ['[', '{'] }
    expect(elementsOf(JSON.stringify(value))).toEqual(cases)
    expect(elementsOf(JSON.stringify(value, null, 2))).toEqual(cases)
    expect(elementsOf(JSON.stringify(value, null, '\t').replace(/\n/g, '\r\n'))).toEqual(cases)
    expect(elementsOf('{"cases":[]}')).toEqual([])
  })

  it('counts the keys of each element, nested ones included', () => {
    const data = bytes('{"cases": [{"a": 1, "b": {"c": [{"d": "e:f"}]}}, 3, {"x": "\\"", "y" : {}}, {"a": 1, "a": 2}]}')
    expect([...jsonArrayRanges(data, 'cases')!.keys]).toEqual([4, 0, 2, 2])
  })

  it('reads the key with its escapes decoded', () => {
    expect(elementsOf('{"\\u0063ases": [1, 2]}')).toEqual([1, 2])
  })

  it('says undefined for anything not shaped as one object with one such array', () => {
    for (const text of ['[1]', '{}', '{"name": "s"}', '{"cases": {}}', '{"cases": [1], "cases": [2]}', '{"cases": [1 2]}', '{"cases": [1,]', '{"cases": [1]} x', '\uFEFF{"cases": [1]}', '{"cases": ["unterminated]}', '{"a": 1 "cases": [1]}']) {
      expect(elementsOf(text), text).toBeUndefined()
    }
  })

  it('matches JSON.parse on any object holding an array', () => {
    fc.assert(fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.array(fc.jsonValue()), fc.constantFrom(undefined, 1, '  '), (rest, cases, indent) => {
      const { cases: _drop, ...others } = rest
      const text = JSON.stringify({ ...others, cases }, null, indent)
      expect(elementsOf(text)).toEqual(JSON.parse(text).cases)
    }), { numRuns: 300 })
  })
})
