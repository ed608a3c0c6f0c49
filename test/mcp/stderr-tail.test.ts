import { describe, expect, it } from 'vitest'
import { StderrTail } from '../../src/mcp/stderr-tail.ts'

describe('StderrTail', () => {
  it('decodes a character split across two chunks whole', () => {
    const bytes = Buffer.from('fehler: Datei „x“ fehlt\n')
    const tail = new StderrTail()
    const cut = bytes.indexOf(Buffer.from('„')) + 1
    tail.push(bytes.subarray(0, cut))
    tail.push(bytes.subarray(cut))
    expect(tail.lines()).toBe('\n  stderr (last lines):\n    fehler: Datei „x“ fehlt')
  })

  it('keeps the last lines within its limit', () => {
    const tail = new StderrTail(64)
    for (let line = 0; line < 100; line++) tail.push(Buffer.from(`line ${line}\n`))
    expect(tail.lines(2)).toBe('\n  stderr (last lines):\n    line 98\n    line 99')
  })
})
