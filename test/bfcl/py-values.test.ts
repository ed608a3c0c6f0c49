import { describe, expect, it } from 'vitest'
import { pyJsonLoads } from '../../src/bfcl/py/json.ts'
import { floatRepr, pyRepr, strRepr } from '../../src/bfcl/py/repr.ts'
import { standardizeString } from '../../src/bfcl/py/standardize.ts'
import { pyToJsonText } from '../../src/bfcl/py/to-json.ts'
import { pyEqual, pyFloat, pyInt } from '../../src/bfcl/py/value.ts'

describe("pyJsonLoads (Python's json.loads)", () => {
  it('with keep, builds only the kept top-level keys and still rejects what json.loads rejects in the others', () => {
    const keep = new Set(['id', 'result'])
    const line = '{"id": "a", "log": [{"s": "x\\n\\u00e9", "n": [1, 2.5, NaN]}], "result": [[{"f": "{\\"a\\": 1}"}]]}'
    expect(pyRepr(pyJsonLoads(line, keep))).toBe(pyRepr(pyJsonLoads('{"id": "a", "result": [[{"f": "{\\"a\\": 1}"}]]}')))
    for (const bad of ['{"id": "a", "log": [1,]}', '{"id": "a", "log": "\\q"}', '{"id": "a", "log": "x\ty"}', '{"id": "a", "log": {"k" 1}}', '{"id": "a", "log": "open', '{"id": "a", "log": [01]}']) {
      expect(() => pyJsonLoads(bad, keep)).toThrow(captureError(() => pyJsonLoads(bad)))
    }
  })

  it('keeps int and float lexemes, exact big ints, NaN/Infinity', () => {
    expect(pyRepr(pyJsonLoads('[5, 5.0, 1e2, -0, 123456789012345678901234567890, NaN, -Infinity]')))
      .toBe('[5, 5.0, 100.0, 0, 123456789012345678901234567890, nan, -inf]')
  })
  it('keeps key order, integer-like keys included, and the last duplicate at the first position', () => {
    expect(pyRepr(pyJsonLoads('{"b": 1, "2": 2, "a": 3, "b": 4}'))).toBe("{'b': 4, '2': 2, 'a': 3}")
  })
  it('keeps __proto__ as a normal key', () => {
    expect(pyRepr(pyJsonLoads('{"__proto__": 1}'))).toBe("{'__proto__': 1}")
  })
  it.each(['', '{"a": 1,}', '[1,]', "{'a': 1}", '01', '1.', '"a\tb"', '{"a": 1} x', 'True', '"\\x41"'])('rejects %j', (text) => {
    expect(() => pyJsonLoads(text)).toThrow()
  })
  it('round-trips through pyToJsonText with lexemes intact', () => {
    const text = '[{"f": {"a": [5.0, ""], "b": [[1, 2.5]], "c": [null, true], "d": [{"k": ["v"]}]}}]'
    expect(pyToJsonText(pyJsonLoads(text))).toBe(text)
  })
})

describe('Python equality', () => {
  it('1 == 1.0 == True; str never equals a number; tuple != list; dicts order-free', () => {
    expect(pyEqual(pyInt(1), pyFloat(1))).toBe(true)
    expect(pyEqual(true, pyInt(1))).toBe(true)
    expect(pyEqual(false, pyFloat(0))).toBe(true)
    expect(pyEqual('1', pyInt(1))).toBe(false)
    expect(pyEqual(null, pyInt(0))).toBe(false)
    expect(pyEqual({ t: 'tuple', items: [pyInt(1)] }, [pyInt(1)])).toBe(false)
    expect(pyEqual(pyJsonLoads('{"a": 1, "b": 2}'), pyJsonLoads('{"b": 2.0, "a": true}'))).toBe(true)
    expect(pyEqual(pyInt(2n ** 53n + 1n), pyFloat(2 ** 53))).toBe(false)
  })
})

describe('repr', () => {
  it('writes floats like Python', () => {
    expect([10, 0.1, 1e-5, 1e16, 1.5e16, 123456789.0, 1e-4, -2.5, 1e22].map(floatRepr))
      .toEqual(['10.0', '0.1', '1e-05', '1e+16', '1.5e+16', '123456789.0', '0.0001', '-2.5', '1e+22'])
  })
  it('quotes strings like Python', () => {
    expect(strRepr('abc')).toBe("'abc'")
    expect(strRepr("it's")).toBe('"it\'s"')
    expect(strRepr('both \' and "')).toBe("'both \\' and \"'")
    expect(strRepr('a\nb\\')).toBe("'a\\nb\\\\'")
  })
})

describe('standardize_string', () => {
  it('drops space , . / - _ * ^, lowercases, and turns \' into "', () => {
    expect(standardizeString("New York, N.Y. / it's_A-b*c^d")).toBe('newyorknyit"sabcd')
    expect(standardizeString('tab\there!')).toBe('tab\there!')
  })
})

function captureError(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('expected a JSON error')
}
