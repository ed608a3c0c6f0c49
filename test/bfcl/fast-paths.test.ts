// The scoring fast paths (issue 25, speed) must give exactly what the general code gives: JSON.parse beside
// pyJsonLoads for result lines, json.dumps and equality straight from environment data, the repr shortcuts.
import fc from 'fast-check'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { jsonDumps, jsonString } from '../../src/bfcl/py/json-dumps.ts'
import { pyJsonLoads } from '../../src/bfcl/py/json.ts'
import { readTextLines } from '../../src/bfcl/jsonl.ts'
import { jsonLoads, nativeJsonLoads } from '../../src/bfcl/py/native-json.ts'
import { plainJsonToPy } from '../../src/bfcl/py/plain-json.ts'
import { floatRepr, strRepr } from '../../src/bfcl/py/repr.ts'
import { pyEqual } from '../../src/bfcl/py/value.ts'
import { readResultFile } from '../../src/bfcl/results.ts'
import { FsDirectory, FsFile, type FsNode } from '../../src/bfcl/multi-turn/environments/file-system-nodes.ts'
import { copyVal, f, fromPy, i, outputText, PyOpaque, toPy, valEqual, valRepr, type Val } from '../../src/bfcl/multi-turn/values.ts'

// The general float repr (the digits of toExponential placed as Python's repr places them), to check the shortcut.
function floatReprGeneral(x: number): string {
  if (x === 0) return Object.is(x, -0) ? '-0.0' : '0.0'
  const [mantissa, expText] = x.toExponential().split('e') as [string, string]
  const exponent = Number(expText)
  const sign = mantissa.startsWith('-') ? '-' : ''
  const digits = mantissa.replace('-', '').replace('.', '')
  if (exponent < -4 || exponent >= 16) {
    const e = Math.abs(exponent)
    return `${sign}${digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits}e${exponent < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
  return `${sign}${digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')}.${digits.slice(exponent + 1) || '0'}`
}

function hasNumberOrIndexKey(v: unknown): boolean {
  if (typeof v === 'number') return true
  if (Array.isArray(v)) return v.some(hasNumberOrIndexKey)
  if (v !== null && typeof v === 'object') return Object.entries(v).some(([key, item]) => /^(?:0|[1-9]\d*)$/.test(key) || hasNumberOrIndexKey(item))
  return false
}

describe('result lines: the JSON.parse fast path', () => {
  it('gives pyJsonLoads\' value for any JSON value without numbers, and declines every value with one', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => {
      const text = JSON.stringify(value)
      const fast = plainJsonToPy(JSON.parse(text))
      if (fast === undefined) {
        expect(hasNumberOrIndexKey(value)).toBe(true)
        return
      }
      expect(fast).toEqual(pyJsonLoads(text))
    }), { numRuns: 500 })
  })

  it('declines integer-like keys (JS moves them first) and keeps the last duplicate at its first position', () => {
    expect(plainJsonToPy(JSON.parse('{"b": "x", "2": "y"}'))).toBeUndefined()
    const text = '{"b": "1", "a": "2", "b": "3", "__proto__": "4"}'
    expect(plainJsonToPy(JSON.parse(text))).toEqual(pyJsonLoads(text))
  })

  it('readResultFile reads numbers, NaN and bad lines exactly as before (the exact parser takes those lines)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-fast-'))
    try {
      const file = join(dir, 'BFCL_v4_simple_python_result.json')
      writeFileSync(file, [
        '{"id": "a", "result": [{"f": "{\\"x\\": 5.0}"}], "latency": 1.5}',
        '{"id": "b", "result": [{"f": {"x": 5.0, "y": 5}}]}',
        '{"id": "c", "result": NaN, "log": [1, 2]}',
        '',
      ].join('\n'))
      const lines = readResultFile(file)
      expect(lines.map((line) => [line.id, line.line])).toEqual([['a', 1], ['b', 2], ['c', 3]])
      expect(lines[0]!.result).toEqual(pyJsonLoads('[{"f": "{\\"x\\": 5.0}"}]'))
      expect(lines[1]!.result).toEqual(pyJsonLoads('[{"f": {"x": 5.0, "y": 5}}]'))
      expect(lines[2]!.result).toEqual(pyJsonLoads('NaN'))
      writeFileSync(file, '{"id": "a", "result": []}\n{"id": "b", "result": [1,]}\n')
      expect(() => readResultFile(file)).toThrow(/line 2.*malformed JSON line: Illegal trailing comma before end of array|malformed JSON line: Illegal trailing comma/)
      writeFileSync(file, '{"id": 3, "result": []}\n')
      expect(() => readResultFile(file)).toThrow(/expected a string id/)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

// Environment data as the environments hold it: Maps with str/int keys, lists, ints and floats, sets, mpf reprs.
const valArb: fc.Arbitrary<Val> = fc.letrec<{ val: Val }>((tie) => ({
  val: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.constantFrom<Val>(null, true, false, 'a', 'é\n"', ''),
    fc.integer({ min: -3, max: 3 }).map((n) => i(n)),
    fc.constantFrom(0, 1, -1.5, 2.5, NaN, 1e20).map((n) => f(n)),
    fc.constant(new PyOpaque("mpf('2.5')")),
    fc.array(tie('val'), { maxLength: 3 }),
    fc.array(fc.tuple(fc.oneof(fc.constantFrom('k', 'j', '0'), fc.constantFrom(0n, 1n)), tie('val')), { maxLength: 3 }).map((entries) => new Map(entries)),
    fc.array(fc.constantFrom<string | bigint>('x', 'y', 1n), { maxLength: 2 }).map((keys) => new Set(keys)),
  ),
})).val

const sample: Val = new Map<string | bigint, Val>([['a', [i(1), f(2.5), new Set(['x'])]], [3n, new Map([['b', null]])]])

// The old outputText: a dict through json.dumps of its PyValue when it holds nothing json.dumps refuses.
function outputTextGeneral(v: Val): string {
  if (typeof v === 'string') return v
  if (v instanceof Map) {
    const refuses = (x: Val): boolean => x instanceof Set || x instanceof PyOpaque || (Array.isArray(x) ? x.some(refuses) : x instanceof Map ? [...x.values()].some(refuses) : false)
    return refuses(v) ? valRepr(v) : jsonDumps(toPy(v))
  }
  return valRepr(v)
}

// JSON texts as BFCL's files hold them: number lexemes of every kind (`5`, `5.0`, `-0`, `1e3`, big ints),
// integer-like and duplicate keys, escapes in keys and strings, and whitespace.
const numberLexeme = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }).map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((x) => JSON.stringify(x)),
  fc.constantFrom('5.0', '-0', '-0.0', '1e3', '2E-2', '1.5e+300', '1e400', '0.1'),
)
const keyText = fc.oneof(fc.constantFrom('a', 'b', '0', '1', '10', '__proto__', 'k\\"q', 'é\\u00e9', 'x y'), fc.string({ maxLength: 4 }).map((k) => JSON.stringify(k).slice(1, -1)))
const jsonText: fc.Arbitrary<string> = fc.letrec<{ value: string }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    numberLexeme,
    fc.constantFrom('true', 'false', 'null', '"s"', '"a\\nb"', '"5"', '"x\\":1"'),
    fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(', ')}]`),
    fc.array(fc.tuple(keyText, tie('value')), { maxLength: 4 }).map((entries) => `{${entries.map(([k, v]) => `"${k}" :${v}`).join(',')}}`),
  ),
})).value

describe('data files: each line decoded on its own', () => {
  it("gives readFileSync(file, 'utf8').split('\\n') for any bytes (BOM, CRLF, non-ASCII, invalid UTF-8, no final newline)", () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-lines-'))
    try {
      const file = join(dir, 'lines.json')
      const samples = [
        Buffer.from('\ufeff{"a": "é"}\r\n{"b": 1}\n\n  \n{"c": "😀"}'),
        Buffer.from([0x7b, 0xe2, 0x82, 0x0a, 0xff, 0x41, 0x0a, 0xf0, 0x9f]),
        Buffer.from(''),
        Buffer.from('\n'),
      ]
      for (const bytes of samples) {
        writeFileSync(file, bytes)
        expect(readTextLines(file)).toEqual(readFileSync(file, 'utf8').split('\n'))
      }
      fc.assert(fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        writeFileSync(file, bytes)
        expect(readTextLines(file)).toEqual(readFileSync(file, 'utf8').split('\n'))
      }), { numRuns: 300 })
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('data lines and FC arguments: JSON.parse with the number lexemes', () => {
  it("gives pyJsonLoads' value wherever it answers, with and without kept keys", () => {
    fc.assert(fc.property(jsonText, fc.constantFrom(undefined, new Set(['a', '0'])), (text, keep) => {
      const fast = nativeJsonLoads(text, keep)
      if (fast !== undefined) expect(fast).toEqual(pyJsonLoads(text, keep))
      expect(jsonLoads(text, keep)).toEqual(pyJsonLoads(text, keep))
    }), { numRuns: 2000 })
  })

  it('answers for lines like BFCL questions: integer-like keys in text order, lexemes kept, left-out fields skipped', () => {
    const text = '{"id": "x", "question": [[{"role": "user", "content": "5 or 5.0?"}]], "initial_config": {"T": {"tweets": {"0": {"id": 0, "v": 2.0}, "1": {"id": 1}}, "n": 12345678901234567890}}, "missed_function": {"1": ["f"]}}'
    const keep = new Set(['id', 'initial_config'])
    expect(nativeJsonLoads(text, keep)).toBeDefined()
    expect(nativeJsonLoads(text, keep)).toEqual(pyJsonLoads(text, keep))
  })

  it('declines what JSON.parse reads differently: duplicate keys, integer-like keys out of order, NaN, bad syntax', () => {
    for (const text of ['{"a": "x", "b": 2.0, "a": 2}', '{"b": 1, "a": 1, "b": 1}', '{"1": 1, "0": 2.0}', '{"a": NaN}', '[1,]', '{"a": 1} x']) {
      expect(nativeJsonLoads(text)).toBeUndefined()
    }
    expect(jsonLoads('{"a": "x", "b": 2.0, "a": 2}')).toEqual(pyJsonLoads('{"a": "x", "b": 2.0, "a": 2}'))
    expect(() => jsonLoads('[1,]')).toThrow(/Illegal trailing comma/)
  })
})

describe('environment data: json.dumps and equality without a PyValue copy', () => {
  it('outputText gives what json.dumps of the PyValue gives (or str() where json.dumps raises)', () => {
    fc.assert(fc.property(valArb, (v) => {
      expect(outputText(v)).toBe(outputTextGeneral(v))
    }), { numRuns: 1000 })
  })

  it('valEqual is pyEqual of the PyValues', () => {
    fc.assert(fc.property(valArb, valArb, (a, b) => {
      expect(valEqual(a, b)).toBe(pyEqual(toPy(a), toPy(b)))
      expect(valEqual(a, fromPy(toPy(a)))).toBe(pyEqual(toPy(a), toPy(fromPy(toPy(a)))))
    }), { numRuns: 1000 })
    expect(valEqual(new Map([['a', i(1)]]), new Map([['a', f(1)]]))).toBe(true)
    expect(valEqual(copyVal(sample), sample)).toBe(true)
    expect(valEqual([f(NaN)], [f(NaN)])).toBe(false)
  })
})

// Small file trees: a few names, files and directories (the parent pointer is no part of equality).
const nodeArb: fc.Arbitrary<FsNode> = fc.letrec<{ node: FsNode }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    fc.tuple(fc.constantFrom('a', 'b'), fc.constantFrom('', 'x')).map(([name, content]) => new FsFile(name, content)),
    fc.tuple(fc.constantFrom('a', 'd'), fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), tie('node')), { maxLength: 3 }))
      .map(([name, children]) => new FsDirectory(name, null, new Map(children))),
  ),
})).node

describe('file-system nodes: equality without building their eqValue', () => {
  it('equals is pyEqual of the eqValues', () => {
    fc.assert(fc.property(nodeArb, nodeArb, (a, b) => {
      expect(valEqual(a, b)).toBe(pyEqual(a.eqValue(), b.eqValue()))
    }), { numRuns: 1000 })
  })
})

describe('repr shortcuts', () => {
  it('floatRepr agrees with the general digit placement on every double', () => {
    fc.assert(fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (x) => {
      expect(floatRepr(x)).toBe(floatReprGeneral(x))
    }), { numRuns: 5000 })
    for (const x of [1e16, 9999999999999998, 1e-4, 0.00009999999999999999, 1e15, 0.1 + 0.2, -0, 5e-324]) expect(floatRepr(x)).toBe(floatReprGeneral(x))
  })

  it('strRepr and jsonString of printable ASCII are the quoted text (escapes only where needed)', () => {
    expect(strRepr('plain text (1)')).toBe("'plain text (1)'")
    expect(strRepr("it's")).toBe('"it\'s"')
    expect(strRepr('a\\b')).toBe("'a\\\\b'")
    fc.assert(fc.property(fc.string(), (s) => {
      expect(jsonString(s)).toBe(JSON.stringify(s).replace(/[\u007f-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`))
    }), { numRuns: 500 })
  })
})
