// Python str methods whose results a verdict can see: splitlines(), split(), sorted() (code-point order).

const lineBreaks = /\r\n|[\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029]/

/** `s.splitlines()`. */
export function splitlines(s: string): string[] {
  const parts = s.split(lineBreaks)
  if (parts.length > 0 && parts[parts.length - 1] === '') parts.pop()
  return parts
}

// Python's str.isspace() characters.
const whitespace = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/

/** `s.split()`. */
export function splitWhitespace(s: string): string[] {
  return s.split(whitespace).filter((part) => part !== '')
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

/** UTF-8 byte length (`len(s.encode())`); lone surrogates would raise in Python, here they count 3. */
export function utf8Length(s: string): number {
  return Buffer.byteLength(s, 'utf8')
}

/** `len(s)` in code points. */
export function pyLen(s: string): number {
  let n = 0
  for (const _ of s) n++
  return n
}
