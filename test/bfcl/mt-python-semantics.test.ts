import { describe, expect, it } from 'vitest'
import { formatFixed } from '../../src/bfcl/py/format-float.ts'
import { jsonDumps } from '../../src/bfcl/py/json-dumps.ts'
import { pyDict, pyFloat, pyInt } from '../../src/bfcl/py/value.ts'
import { PyRandom } from '../../src/bfcl/multi-turn/mt19937.ts'
import { mpLogQuotientRepr } from '../../src/bfcl/multi-turn/mpmath-log.ts'
import { mpfOfFloat } from '../../src/bfcl/multi-turn/mpmath-mpf.ts'
import { pySum } from '../../src/bfcl/multi-turn/py-sum.ts'

describe('Python semantics the multi-turn environments rely on', () => {
  it('seeded Mersenne Twister draws equal CPython random.Random', () => {
    expect(new PyRandom(1053520).randint(0, 86400)).toBe(69015n)
    expect(new PyRandom(200191).randint(10000, 99999)).toBe(67410n)
    expect(new PyRandom(141053).uniform(1, 2)).toBe(1.932697140758107)
  })

  it('a generator seeded after another with the same seed has drawn starts from the seed, not where that one is', () => {
    const first = new PyRandom(200191)
    const firstDraws = Array.from({ length: 700 }, () => first.randint(10000, 99999))
    const second = new PyRandom(200191)
    expect(Array.from({ length: 700 }, () => second.randint(10000, 99999))).toEqual(firstDraws)
    expect(new PyRandom(200191).randint(10000, 99999)).toBe(67410n)
  })

  it("'%.2f' rounds the exact binary value half to even", () => {
    expect(formatFixed(1.125, 2)).toBe('1.12')
    expect(formatFixed(1.375, 2)).toBe('1.38')
    expect(formatFixed(284034, 2)).toBe('284034.00')
    expect(formatFixed(0.005, 2)).toBe('0.01')
    expect(formatFixed(-2.5, 0)).toBe('-2')
  })

  it('json.dumps writes separators, ASCII escapes, int keys and floats as Python does', () => {
    expect(jsonDumps(pyDict([['a', pyFloat(25000)], [pyInt(3), ['é', null, true]], ['n', pyInt(10)]]))).toBe('{"a": 25000.0, "3": ["\\u00e9", null, true], "n": 10}')
    expect(jsonDumps('😀')).toBe('"\\ud83d\\ude00"')
  })

  it("mpmath log(value)/log(base) reprs at the requested dps", () => {
    const mpLogRepr = (value: number, base: number, dps: number) => mpLogQuotientRepr(() => mpfOfFloat(value), () => mpfOfFloat(base), dps)
    expect(mpLogRepr(980, 20, 2)).toBe("mpf('2.3008')")
    expect(mpLogRepr(980, 20, 10)).toBe("mpf('2.299121531134')")
    expect(mpLogRepr(2, 10, 15)).toBe("mpf('0.30102999566398114')")
    expect(mpLogRepr(2, 10, 20)).toBe("mpf('0.30102999566398119521336')")
    expect(mpLogRepr(36, 6, 4)).toBe("mpf('2.0')")
  })

  it('sum() of floats is compensated as in Python 3.12', () => {
    expect(pySum([pyFloat(0.1), pyFloat(0.2), pyFloat(0.3)])).toEqual(pyFloat(0.6))
    expect(pySum([pyInt(1), pyInt(2)])).toEqual(pyInt(3))
  })
})
