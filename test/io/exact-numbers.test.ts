import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { readDocument } from '../../src/io/read-document.ts'
import { parseJsonLine } from '../../src/suite/case-file.ts'

function file(name: string, text: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'toolgauge-numbers-')), name)
  writeFileSync(path, text)
  return path
}

function loadError(path: string): InputError {
  try {
    readDocument(path, { cache: false })
  } catch (error) {
    if (InputError.isInstance(error)) return error
    throw error
  }
  throw new Error('no error')
}

describe('a suite number JavaScript would hold as another is refused at load, at its line', () => {
  it('in a .json file: the expected big integer never silently becomes 12345678901234567000', () => {
    const error = loadError(file('suite.json', '{\n  "cases": [\n    { "expect": { "calls": [{ "name": "lookup", "args": { "id": 12345678901234567890 } }] } }\n  ]\n}\n'))
    expect(error.message).toMatch(/suite.json:3: the number 12345678901234567890 cannot be read exactly: a JavaScript number holds it as 12345678901234567000/)
    expect(error.location?.line).toBe(3)
    expect(loadError(file('big.json', '{"a": "1e400",\n"b": 1e400}')).location?.line).toBe(2)
  })

  it('in a YAML file (and a JSON Lines case line), with what to write instead', () => {
    const error = loadError(file('suite.yaml', 'name: x\ncases:\n  - expect:\n      calls:\n        - { name: lookup, args: { id: 12345678901234567890 } }\n'))
    expect(error.message).toMatch(/a string if the value is one$/)
    expect(error.location?.line).toBe(5)
    expect(() => parseJsonLine('{"id": "a", "n": 0.10000000000000001}', '/x/cases.jsonl', 7)).toThrow(/^\/x\/cases.jsonl:7: the number 0\.10000000000000001 cannot be read exactly: .* \(column 18\)$/)
  })

  // The check read decimals only: a YAML 1.2 hex or octal integer past 2^53 was rounded unsaid — a prior call's
  // `{ id: 0x20000000000001 }` went to the model as {"id":9007199254740992}.
  it('in a YAML file, a hex or octal integer too (one a float holds, 2^53 among them, loads)', () => {
    const error = loadError(file('hex.yaml', 'name: x\ncases:\n  - messages:\n      - { role: assistant, tool_calls: [{ id: c1, name: lookup, arguments: { id: 0x20000000000001 } }] }\n'))
    expect(error.message).toMatch(/hex.yaml:4: the number 0x20000000000001 cannot be read exactly: a JavaScript number holds it as 9007199254740992/)
    expect(loadError(file('octal.yaml', 'a: 1\nb: [0o400000000000000001]\n')).location?.line).toBe(2)
    // A `%YAML 1.1` file's forms: signed, binary, with `_` (where JavaScript's Number reads NaN, the message the value).
    expect(loadError(file('v11.yaml', '%YAML 1.1\n---\na: [-0x2000_0000_0000_01]\n')).message).toMatch(/the number -0x2000_0000_0000_01 cannot be read exactly: a JavaScript number holds it as -9007199254740992,/)
    expect(loadError(file('binary.yaml', '%YAML 1.1\n---\na: 0b1' + '0'.repeat(52) + '1\n')).location?.line).toBe(3)
    expect(readDocument(file('based.yaml', 'a: [0x20000000000000, 0o777, 0xFFFFFFFFFFFFF800]\n'), { cache: false }).value).toEqual({ a: [2 ** 53, 511, 0xFFFFFFFFFFFFF800] })
  })

  // A `%YAML 1.1` leading-zero octal was checked as the decimal it looks like: one a float holds exactly was refused
  // ("holds it as 96374504495306240000", its exact value), one it does not was said as that decimal; `1_000…` was not checked.
  it('in a %YAML 1.1 file, a leading-zero octal by its octal value, and a number written with _', () => {
    const v11 = (text: string) => file('v11.yaml', `%YAML 1.1\n---\na: ${text}\n`)
    expect(readDocument(v11('[012345670123456701000000, 0_10, 08]'), { cache: false }).value).toEqual({ a: [0o12345670123456701000000, 8, 8] })
    expect(loadError(v11('01000000000000000001')).message).toMatch(/v11.yaml:3: the number 01000000000000000001 \(a YAML 1\.1 octal: 18014398509481985\) cannot be read exactly: a JavaScript number holds it as 18014398509481984,/)
    expect(loadError(v11('1_000_000_000_000_000_001')).message).toMatch(/the number 1_000_000_000_000_000_001 cannot be read exactly: a JavaScript number holds it as 1000000000000000000,/)
    // In YAML 1.2, a leading zero is a decimal's.
    expect(loadError(file('v12.yaml', 'a: 01000000000000000001\n')).message).toMatch(/the number 01000000000000000001 cannot be read exactly: a JavaScript number holds it as 1000000000000000000,/)
  })

  it('numbers a float holds exactly load as before, however written (and YAML forms that are no decimals)', () => {
    expect(readDocument(file('ok.json', '{"a": [9007199254740992, 1e21, 0.1, -0, 5e-324, 1.7976931348623157e308, 123456789.98765433], "s": "12345678901234567890"}')).value)
      .toEqual({ a: [2 ** 53, 1e21, 0.1, -0, 5e-324, 1.7976931348623157e308, 123456789.98765433], s: '12345678901234567890' })
    expect(readDocument(file('ok.yaml', 'a: [0x1f, .inf, -.inf, +.5, 1.5e3, "12345678901234567890", 12345678901234567890x]\n'), { cache: false }).value)
      .toEqual({ a: [31, Infinity, -Infinity, 0.5, 1500, '12345678901234567890', '12345678901234567890x'] })
  })
})
