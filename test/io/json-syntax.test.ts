import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { readDocument } from '../../src/io/read-document.ts'
import { loadToolsFile } from '../../src/suite/load-tools.ts'
import { tempFiles } from '../helpers/cli.ts'
import { thrownInputError } from '../helpers/input-error.ts'

describe('a .json file is read as JSON, not as YAML', () => {
  it('rejects a trailing comma in a tools file, at its line and column', () => {
    const dir = tempFiles({ 'tools.json': '[\n  { "name": "a", "parameters": { "type": "object" } },\n]\n' })
    const error = thrownInputError(() => loadToolsFile(join(dir, 'tools.json')))
    expect(error.message).toContain('tools.json:3: invalid JSON at line 3, column 1: Array item expected')
  })

  it('rejects a trailing comma in an object, a comment, an unquoted key', () => {
    const cases: [string, string][] = [
      ['{\n  "name": "x",\n  "cases": [],\n}', 'line 4, column 1'],
      ['// suite\n{ "name": "x" }', 'line 1, column 1'],
      ['{ name: "x" }', 'line 1, column 3'],
    ]
    for (const [text, where] of cases) {
      const dir = tempFiles({ 'suite.json': text })
      expect(thrownInputError(() => readDocument(join(dir, 'suite.json'))).message).toContain(`invalid JSON at ${where}`)
    }
  })

  it('keeps YAML for .yaml and .yml (a trailing comma in a flow list is YAML)', () => {
    const dir = tempFiles({ 'a.yaml': 'tools: [1, 2,]\n', 'b.yml': 'x: { a: 1, }\n' })
    expect(readDocument(join(dir, 'a.yaml'), { cache: false }).value).toEqual({ tools: [1, 2] })
    expect(readDocument(join(dir, 'b.yml'), { cache: false }).value).toEqual({ x: { a: 1 } })
  })

  it('still reads valid JSON (with a byte-order mark) and finds lines for errors', () => {
    const dir = tempFiles({ 'ok.json': '\ufeff{\n  "name": "x",\n  "cases": [1]\n}\n' })
    const document = readDocument(join(dir, 'ok.json'))
    expect(document.value).toEqual({ name: 'x', cases: [1] })
    expect(document.lineOf(['cases'])).toBe(3)
  })
})
