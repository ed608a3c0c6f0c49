import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { inert, inertDeep, inertJson, inertLines, inertMessage } from '../../src/report/terminal-text.ts'

// Any character a terminal acts on instead of printing: C0, DEL, C1, bidi controls, line/paragraph separators.
const active = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/

describe('terminal text', () => {
  it('escapes ESC, CSI, OSC, CR, BS, DEL and bidi overrides; keeps printable text as it is', () => {
    expect(inert('a\x1b[2Jb\x9b31mc\x1b]0;title\x07d\re\bf\x7fg\u202eh\ni\tj')).toBe('a\\x1b[2Jb\\x9b31mc\\x1b]0;title\\x07d\\re\\x08f\\x7fg\\u202eh\\ni\\tj')
    expect(inert('Zürich → 東京 ✓ C:\\temp')).toBe('Zürich → 東京 ✓ C:\\temp')
    expect(inertLines('line 1\n\tline 2\x1b[1A\r')).toBe('line 1\n\tline 2\\x1b[1A\\r')
  })

  it('leaves no active character in any string, and inertDeep reaches keys and nested values', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      expect(inert(text)).not.toMatch(active)
      expect(inertLines(text).replace(/[\n\t]/g, '')).not.toMatch(active)
    }))
    expect(inertDeep({ 'k\x1b': ['v\x9b', { n: 1, x: null, deep: 'a\u2066' }] })).toEqual({ 'k\\x1b': ['v\\x9b', { n: 1, x: null, deep: 'a\\u2066' }] })
  })

  it('inertJson writes what JSON.stringify leaves raw as \\u escapes: the same JSON value', () => {
    const value = { text: 'a\x9b31m\u202e\x7f\x1b' }
    const json = inertJson(JSON.stringify(value))
    expect(json).not.toMatch(active)
    expect(JSON.parse(json)).toEqual(value)
  })
})

describe('error messages', () => {
  it('keep their indented continuation lines (a server\'s stderr tail) and escape any other newline', () => {
    expect(inertMessage('server exited\n  stderr (last lines):\n    boom\x1b[2J')).toBe('server exited\n  stderr (last lines):\n    boom\\x1b[2J')
    expect(inertMessage('unknown field "a\nforged line"')).toBe('unknown field "a\\nforged line"')
  })
})

describe('inertOneLine', () => {
  it('joins the lines of a message with " / " and still escapes every control character', async () => {
    const { inertOneLine } = await import('../../src/report/terminal-text.ts')
    expect(inertOneLine('state.a: expected 1, got 2\n  state.b: missing\r\n')).toBe('state.a: expected 1, got 2 / state.b: missing')
    expect(inertOneLine('x\u001b[2J\u202e\ny')).toBe('x\\x1b[2J\\u202e / y')
  })
})
