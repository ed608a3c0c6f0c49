import fc from 'fast-check'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { fileStamp, LineReader, type TextLine } from '../../src/io/read-lines.ts'

const scratch = mkdtempSync(join(tmpdir(), 'toolgauge-read-lines-'))
afterAll(() => rmSync(scratch, { recursive: true, force: true }))

function linesOf(file: string): TextLine[] {
  const reader = new LineReader(file, fileStamp(file))
  const lines: TextLine[] = []
  for (let line = reader.next(); line; line = reader.next()) lines.push(line)
  return lines
}

describe('LineReader', () => {
  it('keeps a character whose bytes a chunk boundary splits', () => {
    const file = join(scratch, 'split.txt')
    // 3-byte characters: the 64 KiB boundary falls inside one.
    writeFileSync(file, `${'€'.repeat(30_000)}\r\nnext`)
    expect(linesOf(file)).toEqual([{ line: 1, text: '€'.repeat(30_000) }, { line: 2, text: 'next' }])
  })

  it('reads the lines a split on line breaks gives, across chunk boundaries and multi-byte characters', () => {
    let run = 0
    // Long lines of multi-byte characters put chunk boundaries (64 KiB) inside characters and inside CRLF pairs.
    const line = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 20 }), fc.string({ unit: 'grapheme', minLength: 20_000, maxLength: 40_000 }))
    fc.assert(fc.property(fc.array(line.map((text) => text.replace(/[\r\n]/g, '')), { maxLength: 12 }), fc.boolean(), fc.boolean(), (lines, crlf, finalBreak) => {
      const file = join(scratch, `lines-${run++}.txt`)
      const text = lines.join(crlf ? '\r\n' : '\n') + (finalBreak && lines.length > 0 ? (crlf ? '\r\n' : '\n') : '')
      writeFileSync(file, text)
      // A final line break ends the last line; it does not start an empty one.
      const expected = text.split(crlf ? '\r\n' : '\n')
      if (expected.at(-1) === '') expected.pop()
      expect(linesOf(file)).toEqual(expected.map((content, index) => ({ line: index + 1, text: content })))
    }), { numRuns: 60 })
  })
})
