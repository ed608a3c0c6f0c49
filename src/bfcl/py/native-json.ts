import { pyJsonLoads } from './json.ts'
import { pyFloat, type PyValue } from './value.ts'

// Python's json.loads through V8's native JSON.parse, numbers typed by their lexemes. JSON.parse is many times
// faster than pyJsonLoads (a parser in JS, which V8 first interprets and then compiles in every scoring process)
// but loses a number's lexeme (`5` vs `5.0`, big ints) and, for integer-like keys, the key order (JS enumerates
// them first), and keeps a duplicate key once. The text order comes back from one native regex scan: it steps over
// every string whole, so what it finds outside strings are the number lexemes and the keys (a string followed by
// `:`), in text order. JSON.parse's value is then walked in JS order, and each number and key it meets must be the
// next one of the text: then the orders agree, no key was a duplicate, and every number has its lexeme. Anything
// else (and NaN/Infinity, which JSON.parse rejects, and every syntax error, which pyJsonLoads words as Python
// does) goes to pyJsonLoads.

// Anything but a key or a number (value strings whole, punctuation, literals), then a key (a string followed by
// `:`) or a number lexeme. Outside strings only numbers hold digits or `-`. Sticky: each match starts where the last
// ended, never inside a string.
const keysAndNumbers = /(?:"(?:[^"\\]|\\.)*"(?!\s*:)|[^"\d-])*(?:("(?:[^"\\]|\\.)*")\s*:|(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?))/y

// Walks JSON.parse's value, matching its numbers and keys with the text's; `undefined` means "not exact".
class LexemeWalk {
  nextNumber = 0
  nextKey = 0

  constructor(readonly lexemes: readonly string[], readonly keys: readonly string[]) {}

  // `build` false: a value left out (`keep`): only counted, since its numbers and keys are contiguous in the text.
  value(v: unknown, build: boolean): PyValue | undefined {
    if (v === null || typeof v === 'string' || typeof v === 'boolean') return build ? v : null
    if (typeof v === 'number') return this.number(v, build)
    if (Array.isArray(v)) {
      const items: PyValue[] = []
      for (let index = 0; index < v.length; index++) {
        const item = this.value(v[index], build)
        if (item === undefined) return undefined
        if (build) items.push(item)
      }
      return build ? items : null
    }
    return this.object(v as { readonly [key: string]: unknown }, build, undefined)
  }

  object(v: { readonly [key: string]: unknown }, build: boolean, keep: ReadonlySet<string> | undefined): PyValue | undefined {
    const entries: [PyValue, PyValue][] = []
    const names = Object.keys(v)
    for (let index = 0; index < names.length; index++) {
      const key = names[index]!
      const raw = this.keys[this.nextKey++]
      if (raw === undefined || (build && !sameKey(raw, key))) return undefined
      const kept = build && (keep === undefined || keep.has(key))
      const value = this.value(v[key], kept)
      if (value === undefined) return undefined
      if (kept) entries.push([key, value])
    }
    return build ? { t: 'dict', entries } : null
  }

  number(v: number, build: boolean): PyValue | undefined {
    const lexeme = this.lexemes[this.nextNumber++]
    if (lexeme === undefined) return undefined
    if (!build) return null
    if (Number(lexeme) !== v) return undefined
    return /[.eE]/.test(lexeme) ? pyFloat(v) : { t: 'int', v: BigInt(lexeme) }
  }
}

// Whether a key's JSON text (quotes included) is `key`.
function sameKey(raw: string, key: string): boolean {
  return raw.includes('\\') ? JSON.parse(raw) === key : raw.length === key.length + 2 && raw.startsWith(key, 1)
}

/**
 * `pyJsonLoads(text, keep)`'s value through JSON.parse, or undefined where that could differ (the caller then
 * uses pyJsonLoads, which also gives every error).
 */
export function nativeJsonLoads(text: string, keep?: ReadonlySet<string>): PyValue | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    return undefined
  }
  // One native pass that steps over value strings and punctuation inside each match and stops at the next key
  // (group 1) or number (group 2): a match per key and number only.
  const lexemes: string[] = []
  const keys: string[] = []
  keysAndNumbers.lastIndex = 0
  for (let match = keysAndNumbers.exec(text); match !== null; match = keysAndNumbers.exec(text)) {
    if (match[1] !== undefined) keys.push(match[1])
    else lexemes.push(match[2]!)
  }
  const walk = new LexemeWalk(lexemes, keys)
  const isObject = parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
  const value = isObject ? walk.object(parsed as { readonly [key: string]: unknown }, true, keep) : walk.value(parsed, true)
  if (value === undefined || walk.nextNumber !== lexemes.length || walk.nextKey !== keys.length) return undefined
  return value
}

/** Python's `json.loads` (pyJsonLoads' value and errors), through JSON.parse wherever that is exact. */
export function jsonLoads(text: string, keep?: ReadonlySet<string>): PyValue {
  return nativeJsonLoads(text, keep) ?? pyJsonLoads(text, keep)
}
