import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareNumbers, ExactNumber, literalEquals, roundTrips } from '../../src/core/exact-number.ts'
import { describe as describeValue, matchValue } from '../../src/matchers/argument-matchers.ts'
import { compareArguments } from '../../src/matchers/compare-arguments.ts'

const exact = (text: string) => new ExactNumber(text)
const sign = (n: bigint) => (n < 0n ? -1 : n > 0n ? 1 : 0)

describe('numbers compare by exact decimal value', () => {
  it('every finite float round-trips, and compares with another as JavaScript compares them (property)', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.double({ noNaN: true, noDefaultInfinity: true }), (x, y) => {
      expect(roundTrips(String(x))).toBe(true)
      expect(compareNumbers(exact(String(x)), y)).toBe(x < y ? -1 : x > y ? 1 : 0)
    }), { numRuns: 3000 })
  })

  it('decimals of any length compare as the integers they scale to (property)', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.integer({ min: 0, max: 25 }), (a, b, places) => {
      // a × 10^-places written with a decimal point, and b with an exponent: the same values as a and b scaled by 10^places.
      const digits = String(a < 0n ? -a : a).padStart(places + 1, '0')
      const pointed = `${a < 0n ? '-' : ''}${digits.slice(0, digits.length - places)}${places > 0 ? `.${digits.slice(digits.length - places)}` : ''}`
      expect(compareNumbers(exact(pointed), exact(`${b}e-${places}`))).toBe(sign(a - b))
      expect(compareNumbers(exact(`${a}0e-1`), exact(String(a)))).toBe(0)
    }), { numRuns: 2000 })
  })

  it('an exact number is no object, nor a string: it matches only numbers', () => {
    const big = exact('12345678901234567891')
    expect(literalEquals({ text: '12345678901234567891' }, big)).toBe(false)
    expect(literalEquals('12345678901234567891', big)).toBe(false)
    expect(matchValue({ text: { any: true } }, big)).toMatchObject({ ok: false, expected: 'an object' })
    expect(matchValue({ regex: '^1' }, big).ok).toBe(false)
    expect(matchValue([1, [big as never], Number('12345678901234567891')], big).ok).toBe(false)
    expect(matchValue({ range: [0, Infinity] }, big).ok).toBe(true)
    expect(describeValue({ ids: [big, 2] })).toBe('{"ids":[12345678901234567891,2]}')
    // A nested matcher against an exact number is one row for the value, not a walk into it.
    expect(compareArguments({ id: { part: 1 } }, { id: big })).toEqual([{ argument: 'id', expected: 'an object', actual: 12345678901234567891, actualText: '12345678901234567891', matches: false }])
  })
})
