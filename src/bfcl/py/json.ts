import { pyFloat, type PyValue } from './value.ts'

// Python's `json.loads`, exactly where BFCL's verdicts depend on it: number lexemes decide int vs float
// (`5` vs `5.0`), ints stay exact, object keys keep their text order (JS objects move integer-like keys first),
// a duplicate key keeps the last value at the first key's position, NaN/Infinity/-Infinity are accepted, raw
// control characters inside strings are rejected. `lossless-json` gets the lexemes right but returns plain
// objects (reordered keys, throws on differing duplicates, rejects NaN), so this small parser replaces it.

/** A JSON syntax error, with Python's message wording (`Expecting value: line 1 column 1 (char 0)`). */
export class PyJsonError extends Error {
  override readonly name = 'JSONDecodeError'
}

// Characters that end a string's plain run: the quote, a backslash, a raw control character.
const stringSpecial = /["\\\u0000-\u001f]/g
const numberPattern = /-?(?:0|[1-9]\d*)(\.\d+)?([eE][-+]?\d+)?/y
const escapes: { readonly [key: string]: string } = { '"': '"', '\\': '\\', '/': '/', b: '\b', f: '\f', n: '\n', r: '\r', t: '\t' }

// A duplicate key keeps its first position and takes the new value (pyDict's rule; JSON keys are all str, so
// Python's key equality is ===).
function addEntry(entries: [PyValue, PyValue][], key: string, value: PyValue): void {
  for (const entry of entries) {
    if (entry[0] === key) {
      entry[1] = value
      return
    }
  }
  entries.push([key, value])
}

/**
 * Parses JSON text the way Python's `json.loads` does, into Python values. Throws PyJsonError. With `keep`, a
 * top-level object holds only the keys in it: the other keys' values are checked exactly as strictly (same errors)
 * but not built — BFCL's result lines carry megabytes of inference logs no verdict reads.
 */
export function pyJsonLoads(text: string, keep?: ReadonlySet<string>): PyValue {
  let pos = 0
  // > 0 while inside a value that is checked but not built (returned values are then placeholders).
  let skipping = 0

  const fail = (message: string, at = pos): never => {
    const before = text.slice(0, at)
    const line = before.split('\n').length
    const column = at - before.lastIndexOf('\n')
    throw new PyJsonError(`${message}: line ${line} column ${column} (char ${at})`)
  }
  const skipWhitespace = () => {
    while (pos < text.length) {
      const c = text.charCodeAt(pos)
      if (c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d) pos++
      else break
    }
  }

  const parseString = (): string => {
    const start = pos - 1
    let out = ''
    let chunk = pos
    for (;;) {
      if (pos >= text.length) fail('Unterminated string starting at', start)
      const c = text.charCodeAt(pos)
      if (c === 0x22) {
        if (skipping > 0) return pos++, ''
        out += text.slice(chunk, pos)
        pos++
        return out
      }
      if (c < 0x20) fail('Invalid control character at')
      if (c !== 0x5c) {
        // Jump to the next quote, backslash or control character (a native scan: result files are mostly text).
        stringSpecial.lastIndex = pos + 1
        pos = stringSpecial.test(text) ? stringSpecial.lastIndex - 1 : text.length
        continue
      }
      if (skipping === 0) out += text.slice(chunk, pos)
      const e = text[pos + 1]
      if (e === undefined) fail('Unterminated string starting at', start)
      if (e === 'u') {
        const hex = text.slice(pos + 2, pos + 6)
        if (!/^[0-9a-fA-F]{4}$/.test(hex)) fail('Invalid \\uXXXX escape', pos + 1)
        if (skipping === 0) out += String.fromCharCode(parseInt(hex, 16))
        pos += 6
      } else {
        const replacement = escapes[e!]
        if (replacement === undefined) fail('Invalid \\escape', pos)
        if (skipping === 0) out += replacement
        pos += 2
      }
      chunk = pos
    }
  }

  const parseValue = (): PyValue => {
    const c = text[pos]
    if (c === '"') {
      pos++
      return parseString()
    }
    if (c === '{') return parseObject()
    if (c === '[') return parseArray()
    if (text.startsWith('null', pos)) return (pos += 4), null
    if (text.startsWith('true', pos)) return (pos += 4), true
    if (text.startsWith('false', pos)) return (pos += 5), false
    if (text.startsWith('NaN', pos)) return (pos += 3), pyFloat(NaN)
    if (text.startsWith('Infinity', pos)) return (pos += 8), pyFloat(Infinity)
    if (text.startsWith('-Infinity', pos)) return (pos += 9), pyFloat(-Infinity)
    numberPattern.lastIndex = pos
    const match = numberPattern.exec(text)
    if (!match) return fail('Expecting value')
    pos += match[0].length
    if (skipping > 0) return null
    if (match[1] !== undefined || match[2] !== undefined) return pyFloat(Number(match[0]))
    return { t: 'int', v: BigInt(match[0]) }
  }

  const parseArray = (): PyValue => {
    pos++
    const items: PyValue[] = []
    skipWhitespace()
    if (text[pos] === ']') return pos++, items
    for (;;) {
      skipWhitespace()
      const item = parseValue()
      if (skipping === 0) items.push(item)
      skipWhitespace()
      if (text[pos] === ']') return pos++, items
      if (text[pos] !== ',') fail("Expecting ',' delimiter")
      pos++
      skipWhitespace()
      if (text[pos] === ']') fail('Illegal trailing comma before end of array')
    }
  }

  const parseObject = (top = false): PyValue => {
    pos++
    const entries: [PyValue, PyValue][] = []
    let first = true
    skipWhitespace()
    if (text[pos] === '}') return pos++, { t: 'dict', entries }
    for (;;) {
      skipWhitespace()
      if (text[pos] !== '"') fail(first ? 'Expecting property name enclosed in double quotes' : 'Illegal trailing comma before end of object')
      pos++
      const key = parseString()
      skipWhitespace()
      if (text[pos] !== ':') fail("Expecting ':' delimiter")
      pos++
      skipWhitespace()
      first = false
      const skip = top && keep !== undefined && !keep.has(key)
      if (skip) skipping++
      const value = parseValue()
      if (skip) skipping--
      else if (skipping === 0) addEntry(entries, key, value)
      skipWhitespace()
      if (text[pos] === '}') return pos++, { t: 'dict', entries }
      if (text[pos] !== ',') fail("Expecting ',' delimiter")
      pos++
      skipWhitespace()
    }
  }

  skipWhitespace()
  const value = text[pos] === '{' ? parseObject(true) : parseValue()
  skipWhitespace()
  if (pos !== text.length) fail('Extra data')
  return value
}
