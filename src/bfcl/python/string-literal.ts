import { PySyntaxError } from './errors.ts'

// Python string literals: prefixes (r, u, b, f and combinations), single/triple quotes, escape sequences.

/** A string literal's prefix and opening quote. */
export type StringPrefix = {
  readonly raw: boolean
  readonly bytes: boolean
  readonly fstring: boolean
  /** The quote: `'`, `"`, `'''` or `"""`. */
  readonly quote: string
  /** Where the body starts. */
  readonly bodyStart: number
  readonly start: number
}

const prefixes = new Set(['', 'r', 'u', 'b', 'f', 'br', 'rb', 'fr', 'rf'])
// Up to two prefix letters directly followed by a quote.
const prefixed = /[rRuUbBfF]{0,2}(?=["'])/y

/** The string prefix starting at `pos`, if a string literal starts there. */
export function parseStringPrefix(source: string, pos: number): StringPrefix | undefined {
  prefixed.lastIndex = pos
  const prefix = prefixed.exec(source)?.[0].toLowerCase()
  if (prefix === undefined || !prefixes.has(prefix)) return undefined
  const cut = pos + prefix.length
  const q = source[cut]!
  const quote = source.startsWith(q.repeat(3), cut) ? q.repeat(3) : q
  return { raw: prefix.includes('r'), bytes: prefix.includes('b'), fstring: prefix.includes('f'), quote, bodyStart: cut + quote.length, start: pos }
}

const simpleEscapes: { readonly [c: string]: string } = {
  '\\': '\\', "'": "'", '"': '"', a: '\x07', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v',
}

/** Decodes the body of a string literal; returns its value and the index after the closing quote. */
export function decodeStringBody(source: string, prefix: StringPrefix): { value: string; end: number } {
  const { quote, raw, bytes } = prefix
  let pos = prefix.bodyStart
  let out = ''
  for (;;) {
    if (pos >= source.length) throw new PySyntaxError('unterminated string literal', prefix.start)
    if (source.startsWith(quote, pos)) return { value: out, end: pos + quote.length }
    const c = source[pos]!
    if ((c === '\n' || c === '\r') && quote.length === 1) throw new PySyntaxError('unterminated string literal', prefix.start)
    if (bytes && c.charCodeAt(0) > 0x7f) throw new PySyntaxError('bytes can only contain ASCII literal characters', pos)
    if (c !== '\\') {
      out += c
      pos++
      continue
    }
    const e = source[pos + 1]
    if (e === undefined) throw new PySyntaxError('unterminated string literal', prefix.start)
    if (raw) {
      // Raw strings keep the backslash, but it still escapes a quote or a newline for the tokenizer.
      out += c + e
      pos += 2
      continue
    }
    if (e === '\n') {
      pos += 2
      continue
    }
    if (e === '\r') {
      pos += source[pos + 2] === '\n' ? 3 : 2
      continue
    }
    if (Object.hasOwn(simpleEscapes, e)) {
      out += simpleEscapes[e]
      pos += 2
      continue
    }
    if (/[0-7]/.test(e)) {
      const digits = /^[0-7]{1,3}/.exec(source.slice(pos + 1, pos + 4))![0]
      out += String.fromCodePoint(parseInt(digits, 8))
      pos += 1 + digits.length
      continue
    }
    const hexLength = e === 'x' ? 2 : !bytes && e === 'u' ? 4 : !bytes && e === 'U' ? 8 : 0
    if (hexLength > 0) {
      const hex = source.slice(pos + 2, pos + 2 + hexLength)
      if (hex.length !== hexLength || !/^[0-9a-fA-F]+$/.test(hex)) throw new PySyntaxError(`truncated \\${e} escape`, pos)
      const code = parseInt(hex, 16)
      if (code > 0x10ffff) throw new PySyntaxError('illegal Unicode character', pos)
      out += String.fromCodePoint(code)
      pos += 2 + hexLength
      continue
    }
    if (e === 'N' && !bytes) throw new PySyntaxError('\\N{...} escapes are not supported by this decoder', pos)
    // An unknown escape keeps its backslash (CPython only warns).
    out += c
    pos++
  }
}
