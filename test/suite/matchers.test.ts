import { describe, expect, it } from 'vitest'
import { absentValue, matchArguments, matcherProblem, matchValue } from '../../src/matchers/argument-matchers.ts'

const matches = (matcher: unknown, value: unknown) => matchValue(matcher, value).ok

describe('argument matchers', () => {
  it('literals compare deeply; numbers by numeric value', () => {
    expect(matches('Paris', 'Paris')).toBe(true)
    expect(matches('Paris', 'paris')).toBe(false)
    expect(matches(5, 5.0)).toBe(true)
    expect(matches(5, '5')).toBe(false)
    expect(matches(true, 1)).toBe(false)
    expect(matches(null, null)).toBe(true)
  })

  it('a list is a set of acceptable values; "" means the argument may be omitted', () => {
    expect(matches(['celsius', 'fahrenheit'], 'fahrenheit')).toBe(true)
    expect(matches(['celsius'], 'kelvin')).toBe(false)
    expect(matches(['', 'celsius'], absentValue)).toBe(true)
    expect(matches(['celsius'], absentValue)).toBe(false)
    expect(matches(['', 'celsius'], '')).toBe(true)
  })

  it('an array among acceptable values is one acceptable array, element by element', () => {
    expect(matches([['a@x.io', 'b@x.io']], ['a@x.io', 'b@x.io'])).toBe(true)
    expect(matches([['a@x.io', 'b@x.io']], ['b@x.io', 'a@x.io'])).toBe(false)
    expect(matches([[{ regex: '^a' }]], ['abc'])).toBe(true)
    expect(matches([[1, 2]], [1])).toBe(false)
  })

  it('operators: regex, range, anyOf, absent, any', () => {
    expect(matches({ regex: '^par', flags: 'i' }, 'Paris')).toBe(true)
    expect(matches({ regex: '^par' }, 'Paris')).toBe(false)
    expect(matches({ regex: '.' }, 5)).toBe(false)
    expect(matches({ range: [1, 3] }, 3)).toBe(true)
    expect(matches({ range: [1, 3] }, 3.5)).toBe(false)
    expect(matches({ range: [1, 3] }, '2')).toBe(false)
    expect(matches({ anyOf: [{ absent: true }, false] }, absentValue)).toBe(true)
    expect(matches({ anyOf: [{ absent: true }, false] }, true)).toBe(false)
    expect(matches({ absent: true }, absentValue)).toBe(true)
    expect(matches({ absent: true }, null)).toBe(false)
    expect(matches({ any: true }, null)).toBe(true)
    expect(matches({ any: true }, absentValue)).toBe(false)
  })

  it('nested objects match key by key and ignore keys the matcher does not name', () => {
    const matcher = { address: { city: 'Paris', zip: { regex: '^75' } } }
    expect(matchArguments(matcher, { address: { city: 'Paris', zip: '75001', street: 'x' } }).ok).toBe(true)
    const miss = matchArguments(matcher, { address: { city: 'Paris', zip: '13001' } })
    expect(miss).toMatchObject({ ok: false, path: 'address.zip' })
    expect(matchArguments({ city: 'Paris' }, {}).ok).toBe(false)
  })

  it('rejects malformed matchers with the path and what was expected', () => {
    expect(matcherProblem({ city: { regex: 5 } })).toEqual({ path: ['city', 'regex'], expected: 'a regular expression string' })
    expect(matcherProblem({ city: { regex: '(' } })?.path).toEqual(['city', 'regex'])
    expect(matcherProblem({ n: { range: [3, 1] } })?.path).toEqual(['n', 'range'])
    expect(matcherProblem({ n: { anyOf: [] } })?.path).toEqual(['n', 'anyOf'])
    expect(matcherProblem({ n: { absent: false } })?.path).toEqual(['n', 'absent'])
    expect(matcherProblem({ n: { regex: 'x', foo: 1 } })?.path).toEqual(['n', 'foo'])
    // `flag: i` beside a regex once got only the allowed keys; the slip is named like any other misspelt key.
    expect(matcherProblem({ n: { regex: 'x', flag: 'i' } })).toEqual({ path: ['n', 'flag'], expected: 'no other key beside "regex" (did you mean "flags"?) (allowed: regex, flags)' })
    expect(matcherProblem({ n: [{ any: 'yes' }] })?.path).toEqual(['n', 0, 'any'])
    expect(matcherProblem({ city: 'Paris', n: { range: [1, 2] } })).toBeUndefined()
  })
})
