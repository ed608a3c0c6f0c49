import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { deserialize, serialize } from 'node:v8'
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

describe('readDocument on YAML files, through the user cache', () => {
  const yamlText = 'name: x\n# a comment\ncases:\n  - id: a\n    when: &w { city: Paris, n: .inf, off: -0.0 }\n  - id: b\n    when: *w\n'

  function withCacheHome<T>(work: (home: string, file: string) => T): T {
    const home = mkdtempSync(join(tmpdir(), 'toolgauge-read-cache-'))
    const saved = process.env.XDG_CACHE_HOME
    process.env.XDG_CACHE_HOME = home
    try {
      const file = join(home, 'suite.yaml')
      writeFileSync(file, yamlText)
      return work(home, file)
    } finally {
      if (saved === undefined) delete process.env.XDG_CACHE_HOME
      else process.env.XDG_CACHE_HOME = saved
      rmSync(home, { recursive: true, force: true })
    }
  }

  it('gives the same value and lines from the cache as from the parser, and parses again when the text changes', () => {
    withCacheHome((home, file) => {
      const parsed = readDocument(file)
      expect(readdirSync(join(home, 'toolgauge', 'documents'))).toHaveLength(1)
      const cached = readDocument(file)
      expect(cached.value).toEqual(parsed.value)
      const when = (document: typeof cached) => (document.value as { cases: { when: { n: number; off: number } }[] }).cases
      expect(when(cached)[0]!.when.n).toBe(Number.POSITIVE_INFINITY)
      expect(Object.is(when(cached)[0]!.when.off, -0)).toBe(true)
      expect(cached.lineOf(['cases', 1, 'id'])).toBe(parsed.lineOf(['cases', 1, 'id']))
      expect(cached.lineOf(['cases', 1, 'id'])).toBe(6)
      writeFileSync(file, yamlText.replace('Paris', 'Oslo'))
      expect(JSON.stringify(readDocument(file).value)).toContain('Oslo')
      // Still one entry per file: the new text replaced the old one.
      expect(readdirSync(join(home, 'toolgauge', 'documents'))).toHaveLength(1)
    })
  })

  it('uses the stored value for the same text (so a hit skips the parser), and nothing with TOOLGAUGE_CACHE=off', () => {
    withCacheHome((home, file) => {
      readDocument(file)
      const [entry] = readdirSync(join(home, 'toolgauge', 'documents'))
      const stored = deserialize(readFileSync(join(home, 'toolgauge', 'documents', entry!))) as { value: unknown }
      writeFileSync(join(home, 'toolgauge', 'documents', entry!), serialize({ ...stored, value: { marker: 'from the cache' } }))
      expect(readDocument(file).value).toEqual({ marker: 'from the cache' })
      process.env.TOOLGAUGE_CACHE = 'off'
      try {
        expect(readDocument(file).value).toMatchObject({ name: 'x' })
      } finally {
        delete process.env.TOOLGAUGE_CACHE
      }
    })
  })

  it('keeps no entry for a file with a YAML error, and still names its line', () => {
    withCacheHome((home, file) => {
      writeFileSync(file, 'name: x\ncases:\n  - id: a\n  id: b: c\n')
      expect(() => readDocument(file)).toThrow(/line 4|invalid YAML/)
      expect(() => readdirSync(join(home, 'toolgauge', 'documents'))).not.toThrow()
      expect(readdirSync(join(home, 'toolgauge', 'documents'))).toHaveLength(0)
    })
  })
})
