import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { compareNumbers, ExactNumber, literalEquals, roundTrips } from '../../src/core/exact-number.ts'
import type { ToolCall } from '../../src/core/message.ts'
import { judgedArguments, parseArguments } from '../../src/loop/parse-arguments.ts'
import { describe as describeValue, matchValue } from '../../src/matchers/argument-matchers.ts'

const call = (rawArguments: string) => parseArguments({ id: 'c0', name: 'act', rawArguments })

describe('parseArguments and judgedArguments keep numbers as exact as the text', () => {
  it('a number beyond a 64-bit float is malformed, not Infinity (which passes type: number and prints as null)', () => {
    const parsed = call('{"n": 1e400}')
    expect(parsed.parseError).toMatch(/^number 1e400 is out of range: .* read it as Infinity$/)
    expect(parsed.arguments).toBeUndefined()
    expect(parsed.rawArguments).toBe('{"n": 1e400}')
    expect(call('{"n": [1, -2e308]}').parseError).toMatch(/^number -2e308 is out of range: .* as -Infinity$/)
  })

  it('a big integer is valid; JavaScript reads it rounded, the judgement by its digits', () => {
    const parsed = call('{"id": 12345678901234567891, "city": "Paris"}')
    expect(parsed.parseError).toBeUndefined()
    expect(parsed.arguments).toEqual({ id: 12345678901234567891, city: 'Paris' })
    expect(judgedArguments(parsed)).toEqual({ id: new ExactNumber('12345678901234567891'), city: 'Paris' })
    expect(literalEquals(Number('12345678901234567890'), (judgedArguments(parsed) as { id: unknown }).id)).toBe(false)
  })

  it('arguments whose numbers all round-trip are judged as parsed (the same object: no second parse)', () => {
    const parsed = call('{"a": 1.5, "b": -0, "c": 9007199254740992, "d": 1e21, "e": 0.1, "f": "12345678901234567891", "g": 5e-324}')
    expect(judgedArguments(parsed)).toBe(parsed.arguments)
    expect(roundTrips('0.10000000000000001')).toBe(false)
    expect(roundTrips('1e-400')).toBe(false)
  })

  it('the exact reading rides on the parsed arguments: read once, shared by a spread, never in JSON output', () => {
    const parsed = call('{"id": 12345678901234567891}')
    const judged = judgedArguments(parsed)
    expect(judgedArguments(parsed)).toBe(judged)
    expect(judgedArguments({ ...parsed })).toBe(judged)
    expect(Object.isFrozen(judged)).toBe(true)
    expect(JSON.parse(JSON.stringify(parsed))).toEqual({ id: 'c0', name: 'act', rawArguments: '{"id": 12345678901234567891}', arguments: { id: 12345678901234567000 } })
    // A call the loop did not parse (a library caller's own) whose arguments are not its text's reading is judged as its arguments.
    expect(judgedArguments({ id: 'c1', name: 'act', rawArguments: '{"id": 12345678901234567891}', arguments: { id: 1 } })).toEqual({ id: 1 })
  })

  it('a call read back from JSON text (a report, a journal line) is judged by the raw text it kept, as in the loop', () => {
    const loaded = JSON.parse(JSON.stringify(call('{"id": 12345678901234567891, "city": "Paris"}'))) as ToolCall
    expect(judgedArguments(loaded)).toEqual({ id: new ExactNumber('12345678901234567891'), city: 'Paris' })
    expect(literalEquals(Number('12345678901234567890'), (judgedArguments(loaded) as { id: unknown }).id)).toBe(false)
    expect(judgedArguments(loaded)).toBe(judgedArguments(loaded))
    const plain = JSON.parse(JSON.stringify(call('{"id": 12345, "city": "Paris"}'))) as ToolCall
    expect(judgedArguments(plain)).toBe(plain.arguments)
  })

  it('arguments nested deeper than the lossless parse reaches still find an overflow, and are judged as JavaScript reads them', () => {
    const deep = (number: string) => call(`{"a": ${'['.repeat(6000)}${number}${']'.repeat(6000)}}`)
    expect(deep('1e400').parseError).toMatch(/^number 1e400 is out of range/)
    const big = deep('12345678901234567891')
    expect(big.parseError).toBeUndefined()
    expect(judgedArguments(big)).toBe(big.arguments)
  })

  it('any integer string round-trips through parse → match exactly (property)', () => {
    fc.assert(fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), (n) => {
      const text = String(n)
      const value = (judgedArguments(call(`{"n": ${text}}`)) as { n: unknown }).n
      // The same integer matches, written exactly or (when a float holds it exactly) as a number; its neighbours never do.
      expect(matchValue(new ExactNumber(text) as never, value).ok).toBe(true)
      if (Number.isSafeInteger(Number(text))) expect(matchValue(Number(text), value).ok).toBe(true)
      expect(matchValue(new ExactNumber(String(n + 1n)) as never, value).ok).toBe(false)
      expect(matchValue(new ExactNumber(String(n - 1n)) as never, value).ok).toBe(false)
      expect(matchValue({ range: [Number(text), Number(text)] }, value).ok).toBe(roundTrips(text))
      // What a failure message shows is the number the model sent: its digits when JavaScript cannot hold them.
      if (!roundTrips(text)) expect(describeValue(value)).toBe(text)
      expect(compareNumbers(new ExactNumber(describeValue(value)), new ExactNumber(text))).toBe(0)
    }), { numRuns: 2000 })
  })
})
