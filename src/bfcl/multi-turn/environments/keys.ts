import { PyException } from '../py-error.ts'
import { typeName } from '../py-ops.ts'
import { isNumber, valRepr, type Key, type Val } from '../values.ts'

/** The dict key Python would find for `v` (`1`, `1.0` and `True` hash alike; str stays str). */
export function lookupKey(v: Val): Key {
  if (typeof v === 'string') return v
  if (typeof v === 'boolean') return v ? 1n : 0n
  if (isNumber(v)) {
    if (v.t === 'int') return v.v
    if (Number.isInteger(v.v)) return BigInt(v.v)
  }
  return `\u0000${valRepr(v)}`
}

/** `lookupKey`, raising the TypeError a dict or set lookup raises for an unhashable value (a list, dict or set). */
export function hashKey(v: Val): Key {
  if (Array.isArray(v) || v instanceof Map || v instanceof Set) throw new PyException('TypeError', `unhashable type: '${typeName(v)}'`)
  return lookupKey(v)
}

/** A Python str() of a scalar for f-strings. */
export function str(v: Val): string {
  return typeof v === 'string' ? v : valRepr(v)
}

/** Digit-only str keys as ints (BFCL's `{int(k): v}` on load). */
export function intKeys(v: Val): Val {
  if (!(v instanceof Map)) return v
  return new Map([...v].map(([k, value]) => [typeof k === 'string' && /^\s*[-+]?\d+\s*$/.test(k) ? BigInt(k.trim()) : k, value]))
}

/** A str method called on a value (a file's content is whatever echo stored): anything else has no such attribute. */
export function strMethod(v: Val, method: string): string {
  if (typeof v !== 'string') throw new PyException('AttributeError', `'${typeName(v)}' object has no attribute '${method}'`)
  return v
}

/** `text.lower()`: a text that is no str (a list, in one BFCL inbox) raises AttributeError. */
export function lower(text: Val): string {
  return strMethod(text, 'lower').toLowerCase()
}
