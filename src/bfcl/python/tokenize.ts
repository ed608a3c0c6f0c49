import { pyFloat, type PyValue } from '../py/value.ts'
import { decodeStringBody, parseStringPrefix } from './string-literal.ts'
import { PySyntaxError } from './errors.ts'

// A tokenizer for Python expressions (the part of Python's lexer `ast.parse(..., mode="eval")` needs): names,
// numbers, string literals with prefixes, operators, newlines outside brackets, comments, line continuations.

/** One token. `str` carries the decoded literal (or `fstring` for f-strings, whose value is never used). */
export type Token =
  | { readonly k: 'name'; readonly v: string; readonly start: number; readonly end: number }
  | { readonly k: 'number'; readonly v: PyValue; readonly start: number; readonly end: number }
  | { readonly k: 'str'; readonly v: string; readonly bytes: boolean; readonly fstring: boolean; readonly start: number; readonly end: number }
  | { readonly k: 'op'; readonly v: string; readonly start: number; readonly end: number }
  | { readonly k: 'newline'; readonly start: number; readonly end: number }
  | { readonly k: 'end'; readonly start: number; readonly end: number }

const operators = [
  '**=', '//=', '>>=', '<<=', '...', '->', ':=',
  '**', '//', '<<', '>>', '<=', '>=', '==', '!=', '+=', '-=', '*=', '/=', '%=', '&=', '|=', '^=', '@=',
  '+', '-', '*', '/', '%', '@', '<', '>', '&', '|', '^', '~', '(', ')', '[', ']', '{', '}', ',', ':', '.', ';', '=',
]
// The operators by first character, longest first (the list's order): a token tries only its own candidates, not
// the whole list (call texts are mostly `(`, `=`, `,`, `)`, which come last in it).
const operatorsByFirst = new Map<string, string[]>()
for (const op of operators) {
  const list = operatorsByFirst.get(op[0]!)
  if (list) list.push(op)
  else operatorsByFirst.set(op[0]!, [op])
}
const identifierStart = /[\p{L}\p{Nl}_\u1885\u1886\u2118\u212e\u309b\u309c]/u
const identifierPart = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}_\u00b7\u0387\u1369-\u1371\u19da\u1885\u1886\u2118\u212e\u309b\u309c]/u
const numberPattern = /(?:0[xX](?:_?[0-9a-fA-F])+|0[oO](?:_?[0-7])+|0[bB](?:_?[01])+|(?:(?:\d(?:_?\d)*)?\.\d(?:_?\d)*|\d(?:_?\d)*\.?)(?:[eE][-+]?\d(?:_?\d)*)?[jJ]?)/y

function numberValue(text: string, position: number): PyValue {
  const clean = text.replaceAll('_', '')
  if (/[jJ]$/.test(clean)) return { t: 'complex', re: 0, im: Number(clean.slice(0, -1)) }
  if (/^0[xXoObB]/.test(clean)) return { t: 'int', v: BigInt(clean.toLowerCase()) }
  if (/[.eE]/.test(clean)) return pyFloat(Number(clean))
  if (/^0+\d/.test(clean) && /[1-9]/.test(clean)) {
    throw new PySyntaxError('leading zeros in decimal integer literals are not permitted', position)
  }
  return { t: 'int', v: BigInt(clean) }
}

/** Splits Python expression source into tokens; raises PySyntaxError on what CPython's tokenizer rejects. */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = []
  let pos = 0
  let depth = 0
  while (pos < source.length) {
    const c = source[pos]!
    if (c === ' ' || c === '\t' || c === '\f') {
      pos++
      continue
    }
    if (c === '#') {
      while (pos < source.length && source[pos] !== '\n' && source[pos] !== '\r') pos++
      continue
    }
    if (c === '\\' && (source[pos + 1] === '\n' || (source[pos + 1] === '\r'))) {
      pos += source[pos + 1] === '\r' && source[pos + 2] === '\n' ? 3 : 2
      continue
    }
    if (c === '\n' || c === '\r') {
      if (depth === 0 && tokens.length > 0 && tokens[tokens.length - 1]!.k !== 'newline') tokens.push({ k: 'newline', start: pos, end: pos + 1 })
      pos++
      continue
    }
    const prefix = parseStringPrefix(source, pos)
    if (prefix) {
      const literal = decodeStringBody(source, prefix)
      tokens.push({ k: 'str', v: literal.value, bytes: prefix.bytes, fstring: prefix.fstring, start: pos, end: literal.end })
      pos = literal.end
      continue
    }
    if (/\d/.test(c) || (c === '.' && /\d/.test(source[pos + 1] ?? ''))) {
      numberPattern.lastIndex = pos
      const match = numberPattern.exec(source)!
      const end = pos + match[0].length
      if (identifierPart.test(source[end] ?? '')) throw new PySyntaxError('invalid decimal literal', end)
      tokens.push({ k: 'number', v: numberValue(match[0], pos), start: pos, end })
      pos = end
      continue
    }
    if (identifierStart.test(c) || (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) < 0xdc00 && identifierStart.test(source.slice(pos, pos + 2)))) {
      let end = pos + c.length
      let ascii = c.charCodeAt(0) < 0x80
      for (;;) {
        // ASCII fast path: below 0x80 identifierPart is exactly [A-Za-z0-9_].
        const code = end < source.length ? source.charCodeAt(end) : -1
        if (code >= 0 && code < 0x80) {
          if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) || (code >= 0x30 && code <= 0x39) || code === 0x5f) {
            end++
            continue
          }
          break
        }
        const ch = String.fromCodePoint(source.codePointAt(end) ?? 0)
        if (end < source.length && identifierPart.test(ch)) (end += ch.length), (ascii = false)
        else break
      }
      // CPython NFKC-normalises identifiers (the identity on ASCII).
      const text = source.slice(pos, end)
      tokens.push({ k: 'name', v: ascii ? text : text.normalize('NFKC'), start: pos, end })
      pos = end
      continue
    }
    const op = operatorsByFirst.get(c)?.find((candidate) => source.startsWith(candidate, pos))
    if (!op) throw new PySyntaxError(`invalid character '${c}' (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`, pos)
    if (op === '(' || op === '[' || op === '{') depth++
    if (op === ')' || op === ']' || op === '}') {
      if (depth === 0) throw new PySyntaxError(`unmatched '${op}'`, pos)
      depth--
    }
    tokens.push({ k: 'op', v: op, start: pos, end: pos + op.length })
    pos += op.length
  }
  if (depth > 0) throw new PySyntaxError("'(' was never closed", source.length)
  tokens.push({ k: 'end', start: source.length, end: source.length })
  return tokens
}
