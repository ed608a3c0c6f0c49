// Python str semantics that BFCL's converters lean on: `str.strip()` (Unicode whitespace), slicing by code point,
// and the character classes of Python's `re` for str patterns (`.`, `\s`, `\w`, `\d`, `$`), which differ from JS's.

/** The characters Python's `str.isspace()` accepts (what `str.strip()` removes). */
export const pythonWhitespace = ' \t\n\r\x0b\x0c\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000'

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
