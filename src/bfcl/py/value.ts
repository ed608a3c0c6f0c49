// Python values as BFCL's checker sees them. JSON numbers keep Python's int/float split (an int lexeme has no
// `.`/`e`/`E`), ints are exact (bigint), dicts keep insertion order, and equality follows Python's `==`.
import { isPlainObject } from '../../core/plain-object.ts'

/** A Python int (exact, any size). */
export type PyInt = { readonly t: 'int'; readonly v: bigint }
/** A Python float. */
export type PyFloat = { readonly t: 'float'; readonly v: number }
/** A Python tuple (prompt mode only; JSON has none). */
export type PyTuple = { readonly t: 'tuple'; readonly items: readonly PyValue[] }
/** A Python dict: insertion-ordered entries; keys compared with Python equality. */
export type PyDict = { readonly t: 'dict'; readonly entries: readonly (readonly [PyValue, PyValue])[] }
/** A Python complex number (prompt mode: `2j`). */
export type PyComplex = { readonly t: 'complex'; readonly re: number; readonly im: number }
/** Python bytes (prompt mode: `b'x'`), held as a latin-1 string. */
export type PyBytes = { readonly t: 'bytes'; readonly v: string }

/** Any Python value the decoders can produce: None, bool, str and list map to JS null, boolean, string and array. */
export type PyValue = null | boolean | string | PyInt | PyFloat | readonly PyValue[] | PyTuple | PyDict | PyComplex | PyBytes

/** The tagged (object) Python values: int, float, tuple, dict, complex, bytes. */
export type PyTagged = Exclude<PyValue, null | boolean | string | readonly PyValue[]>

/** Python class names, as `type(v).__name__` prints them. */
export type PyClass = 'NoneType' | 'bool' | 'str' | 'int' | 'float' | 'list' | 'tuple' | 'dict' | 'complex' | 'bytes'

/** A Python int from a number or bigint. */
export function pyInt(v: bigint | number): PyInt {
  return { t: 'int', v: BigInt(v) }
}

/** A Python float. */
export function pyFloat(v: number): PyFloat {
  return { t: 'float', v }
}

/** A Python dict from entries (later duplicates replace the value at the first key's position, as Python does). */
export function pyDict(entries: Iterable<readonly [PyValue, PyValue]>): PyDict {
  const out: (readonly [PyValue, PyValue])[] = []
  for (const [key, value] of entries) {
    const at = out.findIndex(([k]) => pyEqual(k, key))
    if (at >= 0) out[at] = [out[at]![0], value]
    else out.push([key, value])
  }
  return { t: 'dict', entries: out }
}

/** `type(v).__name__`. */
export function pyClass(v: PyValue): PyClass {
  if (v === null) return 'NoneType'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'string') return 'str'
  if (Array.isArray(v)) return 'list'
  return (v as PyTagged).t
}

/** True when `v` is a Python list. */
export function isList(v: PyValue): v is readonly PyValue[] {
  return Array.isArray(v)
}

/** True when `v` is a Python dict. */
export function isDict(v: PyValue): v is PyDict {
  return isPlainObject(v) && v.t === 'dict'
}

/** The value stored under `key` in a dict (Python lookup), or undefined. */
export function dictGet(dict: PyDict, key: PyValue): PyValue | undefined {
  for (const [k, v] of dict.entries) if (pyEqual(k, key)) return v
  return undefined
}

/** `key in dict`. */
export function dictHas(dict: PyDict, key: PyValue): boolean {
  return dict.entries.some(([k]) => pyEqual(k, key))
}

/** A plain JS value for a Python number-like (bool, int, float), or undefined for anything else. */
function numeric(v: PyValue): { readonly int?: bigint; readonly float?: number; readonly complex?: PyComplex } | undefined {
  if (typeof v === 'boolean') return { int: v ? 1n : 0n }
  const t = tagged(v)
  if (t?.t === 'int') return { int: t.v }
  if (t?.t === 'float') return { float: t.v }
  if (t?.t === 'complex') return { complex: t }
  return undefined
}

// Python compares int and float exactly (2**53 + 1 != 2.0**53), never through a lossy conversion.
function intEqualsFloat(i: bigint, f: number): boolean {
  return Number.isFinite(f) && Number.isInteger(f) && BigInt(f) === i
}

function numericEqual(a: NonNullable<ReturnType<typeof numeric>>, b: NonNullable<ReturnType<typeof numeric>>): boolean {
  if (a.complex || b.complex) {
    const ca = a.complex ?? { re: a.float ?? Number(a.int), im: 0 }
    const cb = b.complex ?? { re: b.float ?? Number(b.int), im: 0 }
    return ca.re === cb.re && ca.im === cb.im
  }
  if (a.int !== undefined && b.int !== undefined) return a.int === b.int
  if (a.float !== undefined && b.float !== undefined) return a.float === b.float
  return a.int !== undefined ? intEqualsFloat(a.int, b.float!) : intEqualsFloat(b.int!, a.float!)
}

/** Python `a == b`: `1 == 1.0 == True`, str never equals a number, lists ordered, dicts order-free, tuple ≠ list. */
export function pyEqual(a: PyValue, b: PyValue): boolean {
  if (a === b) return true
  if (a === null || b === null) return false
  if (typeof a === 'string' || typeof b === 'string') return false
  const na = numeric(a)
  if (na) {
    const nb = numeric(b)
    return nb !== undefined && numericEqual(na, nb)
  }
  if (Array.isArray(a)) return Array.isArray(b) && sequenceEqual(a, b)
  if (typeof a === 'boolean' || typeof b === 'boolean' || Array.isArray(b)) return false
  const ta = a as PyTagged
  const tb = b as PyTagged
  if (ta.t === 'tuple') return tb.t === 'tuple' && sequenceEqual(ta.items, tb.items)
  if (ta.t === 'bytes') return tb.t === 'bytes' && ta.v === tb.v
  if (ta.t === 'dict' && tb.t === 'dict') {
    if (ta.entries.length !== tb.entries.length) return false
    return ta.entries.every(([key, value]) => {
      const other = dictGet(tb, key)
      return other !== undefined && pyEqual(value, other)
    })
  }
  return false
}

function sequenceEqual(a: readonly PyValue[], b: readonly PyValue[]): boolean {
  return a.length === b.length && a.every((item, index) => pyEqual(item, b[index]!))
}

/** Python `x in container` for a list/tuple (equality), str (substring), dict (key); undefined where Python raises. */
export function pyContains(container: PyValue, x: PyValue): boolean | undefined {
  if (typeof container === 'string') return typeof x === 'string' ? container.includes(x) : undefined
  if (isDict(container)) return dictHas(container, x)
  return pyItems(container)?.some((item) => pyEqual(item, x))
}

/** The items Python's `for x in v` / `v[i]` yields for a list, tuple or str (code points); undefined where it raises. */
export function pyItems(v: PyValue): readonly PyValue[] | undefined {
  if (Array.isArray(v)) return v
  if (typeof v === 'string') return Array.from(v)
  const t = tagged(v)
  return t?.t === 'tuple' ? t.items : undefined
}

/** What Python's `for x in v` yields: pyItems' items, or a dict's keys; undefined where it raises. */
export function pyIterate(v: PyValue): readonly PyValue[] | undefined {
  return pyItems(v) ?? (isDict(v) ? v.entries.map(([key]) => key) : undefined)
}

/** `v` as a tagged value, or undefined for None, bool, str and list. */
export function tagged(v: PyValue): PyTagged | undefined {
  return isPlainObject(v) ? (v as PyTagged) : undefined
}
