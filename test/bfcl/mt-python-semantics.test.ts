import { describe, expect, it } from 'vitest'
import { formatFixed } from '../../src/bfcl/py/format-float.ts'
import { jsonDumps } from '../../src/bfcl/py/json-dumps.ts'
import { pyDict, pyFloat, pyInt } from '../../src/bfcl/py/value.ts'
import { PyRandom } from '../../src/bfcl/multi-turn/mt19937.ts'

describe('Python semantics the multi-turn environments rely on', () => {
  it('seeded Mersenne Twister draws equal CPython random.Random', () => {
    expect(new PyRandom(1053520).randint(0, 86400)).toBe(69015n)
    expect(new PyRandom(200191).randint(10000, 99999)).toBe(67410n)
    expect(new PyRandom(141053).uniform(1, 2)).toBe(1.932697140758107)
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
})
