import { floatRepr } from './repr.ts'
import { pyClass, tagged, type PyValue } from './value.ts'

// Python's `json.dumps(v)` with its defaults: ", " and ": " separators, ensure_ascii (\uXXXX, surrogate pairs
// for astral characters), int/float/bool/None keys turned to strings, NaN and Infinity as bare literals.

const shortEscapes: { readonly [ch: string]: string } = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t', '\b': '\\b', '\f': '\\f' }

// Printable ASCII but `"` and `\`: written as is (most tool output is such text, so most strings skip the loop).
const plain = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/

/** A JSON string literal as Python writes it with ensure_ascii. */
export function jsonString(s: string): string {
  if (plain.test(s)) return `"${s}"`
  let out = '"'
  for (let i = 0; i < s.length; i++) {
    const ch = s[i]!
    const code = s.charCodeAt(i)
    const short = shortEscapes[ch]
    if (short) out += short
    else if (code < 0x20 || code > 0x7e) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}

/** A float as json.dumps writes it (`NaN`, `Infinity` bare). */
export function floatText(f: number): string {
  if (Number.isNaN(f)) return 'NaN'
  if (!Number.isFinite(f)) return f > 0 ? 'Infinity' : '-Infinity'
  return floatRepr(f)
}

function keyText(key: PyValue): string {
  if (typeof key === 'string') return jsonString(key)
  if (key === null) return '"null"'
  if (typeof key === 'boolean') return key ? '"true"' : '"false"'
  const t = tagged(key)
  if (t?.t === 'int') return `"${t.v}"`
  if (t?.t === 'float') return `"${floatText(t.v)}"`
  throw new TypeError(`keys must be str, int, float, bool or None, not ${pyClass(key)}`)
}

/** JSON text in json.dumps' layout, strings and dict keys written by `str` and `key` (complex, bytes: TypeError). */
export function jsonText(v: PyValue, str: (s: string) => string, key: (k: PyValue) => string): string {
  if (v === null) return 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'string') return str(v)
  const items = (list: readonly PyValue[]) => list.map((item) => jsonText(item, str, key)).join(', ')
  if (Array.isArray(v)) return `[${items(v)}]`
  const t = tagged(v)!
  switch (t.t) {
    case 'int': return t.v.toString()
    case 'float': return floatText(t.v)
    case 'tuple': return `[${items(t.items)}]`
    case 'dict': return `{${t.entries.map(([k, value]) => `${key(k)}: ${jsonText(value, str, key)}`).join(', ')}}`
    default: throw new TypeError(`Object of type ${pyClass(v)} is not JSON serializable`)
  }
}

/** Python `json.dumps(v)`. Throws TypeError where Python raises it (tuple keys, complex, bytes). */
export function jsonDumps(v: PyValue): string {
  return jsonText(v, jsonString, keyText)
}
