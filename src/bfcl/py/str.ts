// Python str semantics that BFCL's converters and environments lean on: `str.strip()` (Unicode whitespace), slicing
// by code point, the character classes of Python's `re` for str patterns (`.`, `\s`, `\w`, `\d`, `$`), which differ
// from JS's, and the str methods whose results a verdict can see: splitlines(), split(), sorted() (code points).

/** The characters Python's `str.isspace()` accepts (what `str.strip()` removes). */
const pythonWhitespace = ' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000'

/** Python `s.strip(chars)`; without `chars`, Unicode whitespace as `str.strip()` removes it. */
export function pyStrip(s: string, chars: string = pythonWhitespace): string {
  const points = Array.from(s)
  let start = 0
  let end = points.length
  while (start < end && chars.includes(points[start]!)) start++
  while (end > start && chars.includes(points[end - 1]!)) end--
  return points.slice(start, end).join('')
}

/** Python `s[start:end]` (code points; negative indices count from the end; `end` omitted = to the end). */
export function pySlice(s: string, start: number, end?: number): string {
  return Array.from(s).slice(start, end).join('')
}

/**
 * Fragments of JS regex source (use with the `u` flag) that mean what Python's `re` means for str patterns:
 * `.` is anything but `\n`, `\s` is Unicode whitespace, `\w` Unicode letters/digits/`_`, `\d` any decimal digit,
 * and `$` (no MULTILINE) matches at the end or before a final newline.
 */
export const pyRe = {
  dot: '[^\\n]',
  space: `[${pythonWhitespace}]`,
  word: '[\\p{L}\\p{N}_]',
  digit: '\\p{Nd}',
  end: '(?=\\n?$)',
} as const

const lineBreaks = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/

/** `s.splitlines()`. */
export function splitlines(s: string): string[] {
  const parts = s.split(lineBreaks)
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

const whitespaceRun = new RegExp(`[${pythonWhitespace}]+`)

/** `s.split()`. */
export function splitWhitespace(s: string): string[] {
  return s.split(whitespaceRun).filter((part) => part !== '')
}

/** Python's `<` on str: code points, not UTF-16 units. */
export function compareCodePoints(a: string, b: string): number {
  const ai = a[Symbol.iterator]()
  const bi = b[Symbol.iterator]()
  for (;;) {
    const x = ai.next()
    const y = bi.next()
    if (x.done || y.done) return x.done && y.done ? 0 : x.done ? -1 : 1
    const d = x.value.codePointAt(0)! - y.value.codePointAt(0)!
    if (d !== 0) return d
  }
}

/** `len(s)` in code points. */
export function pyLen(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}
