import fc from 'fast-check'
import { isDeepStrictEqual } from 'node:util'
import { describe, expect, it } from 'vitest'
import { deepFreeze, ownCopy } from '../../src/loop/snapshot.ts'

describe('ownCopy', () => {
  it('copies exactly as structuredClone does (random JSON, with __proto__ keys and -0)', () => {
    const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value).replace(/"a"/g, '"__proto__"')) as unknown)
    fc.assert(fc.property(fc.oneof(json, fc.constant({ x: -0, y: [1, { __proto__: null, z: 2 }] })), (value) => {
      const copy = ownCopy(value)
      const reference = structuredClone(value)
      expect(isDeepStrictEqual(copy, reference)).toBe(true)
      if (typeof value === 'object' && value !== null) expect(copy).not.toBe(value)
    }), { numRuns: 500 })
  })

  it('leaves no shared object behind, and hands odd values to structuredClone', () => {
    const nested = { list: [{ deep: true }] }
    const copy = ownCopy(nested)
    copy.list[0]!.deep = false
    expect(nested.list[0]!.deep).toBe(true)
    const date = new Date(0)
    expect(ownCopy({ date }).date).toEqual(date)
    expect(ownCopy({ date }).date).not.toBe(date)
    // eslint-disable-next-line no-sparse-arrays
    expect(ownCopy([1, , 3])).toEqual(structuredClone([1, , 3]))
    const fn = () => 1
    expect(ownCopy({ fn }).fn).toBe(fn) // structuredClone cannot copy a function: the value is kept as is
  })
})

describe('deepFreeze', () => {
  it('freezes everything reachable', () => {
    const value = deepFreeze({ a: [{ b: { c: 1 } }], d: 'x' })
    expect(Object.isFrozen(value.a[0]!.b)).toBe(true)
    expect(Object.isFrozen(value.a)).toBe(true)
  })
})
