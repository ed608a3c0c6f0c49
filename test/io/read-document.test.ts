import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { readDocument } from '../../src/io/read-document.ts'

function jsonFile(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'toolgauge-read-')), 'suite.json')
  writeFileSync(file, text)
  return file
}

describe('readDocument on .json files', () => {
  it('reads values and says where they stand', () => {
    const document = readDocument(jsonFile('{\n  "name": "x",\n  "cases": [\n    { "id": "a", "n": 1.5e3 }\n  ]\n}\n'))
    expect(document.value).toEqual({ name: 'x', cases: [{ id: 'a', n: 1500 }] })
    expect(document.lineOf(['cases', 0, 'id'])).toBe(4)
  })

  it('rejects a key named twice with different values, naming its line; the same value twice is accepted', () => {
    const file = jsonFile('{\n  "name": "x",\n  "cases": [],\n  "name": "y"\n}\n')
    expect(() => readDocument(file)).toThrow(InputError)
    try {
      readDocument(file)
    } catch (error) {
      expect((error as InputError).message).toMatch(/unique/i)
      expect((error as InputError).location?.line).toBe(4)
    }
    expect(readDocument(jsonFile('{ "a": { "b": 1, "b": 1 } }')).value).toEqual({ a: { b: 1 } })
  })
})
