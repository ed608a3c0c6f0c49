import { pyRepr } from '../py/repr.ts'
import { floatText, jsonDumps, jsonString } from '../py/json-dumps.ts'
import { pyEqual, pyInt, tagged, type PyFloat, type PyInt, type PyValue } from '../py/value.ts'

// Environment state is mutable Python data: dicts are Maps (insertion-ordered; str keys as JS strings, int keys
// as bigints, so `{0: …}` and `{"0": …}` stay apart), lists are arrays, numbers keep int vs float.

/** A Python dict key an environment uses: str or int. */
export type Key = string | bigint

/** An object whose Python `repr` is all the outputs ever see (mpmath `mpf`, `Decimal`). */
export class PyOpaque {
  constructor(readonly repr: string) {}
}

/** An environment object with its own equality and repr (the file system's Directory and File). */
export interface PyObject {
  /** Python `repr(self)` / `str(self)`. */
  pyRepr(): string
  /** A value whose Python equality is this object's `__eq__`. */
  eqValue(): PyValue
  /** `pyEqual(this.eqValue(), other.eqValue())` without building them (optional: state checks are hot). */
  equals?(other: PyObject): boolean
}

/** Mutable Python data. */
export type Val = null | boolean | string | PyInt | PyFloat | Val[] | Map<Key, Val> | Set<Key> | PyOpaque | PyObject

/** True for a Python int or float (bool excluded). */
export function isNumber(v: Val | undefined): v is PyInt | PyFloat {
  return typeof v === 'object' && v !== null && 't' in v && (v.t === 'int' || v.t === 'float')
}

function isObject(v: Val): v is PyObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Map) && !(v instanceof Set) && !(v instanceof PyOpaque) && !('t' in v)
}

/** True for a dict. */
export function isMap(v: Val | undefined): v is Map<Key, Val> {
  return v instanceof Map
}

function keyOf(k: PyValue): Key {
  if (typeof k === 'string') return k
  const t = tagged(k)
  if (t?.t === 'int') return t.v
  return pyRepr(k)
}

/** Mutable data from a parsed Python value (a deep copy: nothing is shared with `v`). */
export function fromPy(v: PyValue): Val {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v
  if (Array.isArray(v)) return v.map(fromPy)
  const t = tagged(v)!
  switch (t.t) {
    case 'int': case 'float': return t
    case 'tuple': return t.items.map(fromPy)
    case 'dict': {
      // A loop with index access: no pair arrays built and destructured per entry (config loads run this a lot).
      const out = new Map<Key, Val>()
      for (let index = 0; index < t.entries.length; index++) {
        const entry = t.entries[index]!
        out.set(keyOf(entry[0]), fromPy(entry[1]))
      }
      return out
    }
    default: return new PyOpaque(pyRepr(v))
  }
}

/** A dict key as a value again (an int key is an int). */
export const keyValue = (k: Key): PyInt | string => (typeof k === 'bigint' ? pyInt(k) : k)

/** The Python value for equality and json.dumps; a set becomes an order-free dict of its items. */
export function toPy(v: Val): PyValue {
  if (v === null || typeof v === 'boolean' || typeof v === 'string') return v
  if (Array.isArray(v)) return v.map(toPy)
  if (v instanceof Map) return { t: 'dict', entries: [...v].map(([k, value]) => [keyValue(k), toPy(value)] as const) }
  if (v instanceof Set) return { t: 'dict', entries: [...v].map((k) => [keyValue(k), null] as const) }
  if (v instanceof PyOpaque) return { t: 'bytes', v: v.repr }
  if ('t' in v) return v
  return v.eqValue()
}

/**
 * `pyEqual(toPy(a), toPy(b))` without building the PyValues: lists and dicts (the bulk of every state) are walked
 * here, and two ints or two floats; anything else (an int beside a float, sets, objects) goes through pyEqual.
 */
export function valEqual(a: Val, b: Val): boolean {
  if (a === b) return true
  if (typeof a === 'string' || typeof b === 'string' || a === null || b === null) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) return false
    for (let index = 0; index < a.length; index++) if (!valEqual(a[index]!, b[index]!)) return false
    return true
  }
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false
    for (const [key, value] of a) {
      const other = b.get(key)
      if (other === undefined || !valEqual(value, other)) return false
    }
    return true
  }
  if (isNumber(a) && isNumber(b) && a.t === b.t) return a.v === b.v
  if (isObject(a) && isObject(b) && a.equals) return a.equals(b)
  return pyEqual(toPy(a), toPy(b))
}

/** Python `repr(v)`. */
export function valRepr(v: Val): string {
  if (Array.isArray(v)) return `[${v.map(valRepr).join(', ')}]`
  if (v instanceof Map) return `{${[...v].map(([k, value]) => `${pyRepr(keyValue(k))}: ${valRepr(value)}`).join(', ')}}`
  if (v instanceof Set) return v.size === 0 ? 'set()' : `{${[...v].map((k) => pyRepr(keyValue(k))).join(', ')}}`
  if (v instanceof PyOpaque) return v.repr
  if (v !== null && typeof v === 'object' && !('t' in v)) return v.pyRepr()
  return pyRepr(v as PyValue)
}

// Python's json.dumps of environment data, straight from the Val (no PyValue copy): undefined where it raises
// TypeError (a set, an mpf, a file-system object), where BFCL falls back to str().
function dumps(v: Val): string | undefined {
  if (v === null) return 'null'
  if (typeof v === 'boolean') return v ? 'true' : 'false'
  if (typeof v === 'string') return jsonString(v)
  if (Array.isArray(v)) {
    let out = '['
    for (let index = 0; index < v.length; index++) {
      const item = dumps(v[index]!)
      if (item === undefined) return undefined
      out += index === 0 ? item : `, ${item}`
    }
    return `${out}]`
  }
  if (v instanceof Map) {
    let out = '{'
    for (const [key, value] of v) {
      const item = dumps(value)
      if (item === undefined) return undefined
      out += `${out.length === 1 ? '' : ', '}${typeof key === 'bigint' ? `"${key}"` : jsonString(key)}: ${item}`
    }
    return `${out}}`
  }
  if (v instanceof Set || v instanceof PyOpaque || !('t' in v)) return undefined
  return v.t === 'int' ? v.v.toString() : floatText(v.v)
}

/** BFCL's tool-output text: a str as is, a dict through json.dumps (its str() when that fails), anything else str(). */
export function outputText(v: Val): string {
  if (typeof v === 'string') return v
  if (v instanceof Map) return dumps(v) ?? valRepr(v)
  return valRepr(v)
}

/** A deep copy of environment data (ints, floats, strings and mpf reprs are immutable, so shared). */
export function copyVal(v: Val): Val {
  if (Array.isArray(v)) return v.map(copyVal)
  if (v instanceof Map) {
    const out = new Map<Key, Val>()
    v.forEach((value, key) => out.set(key, copyVal(value)))
    return out
  }
  if (v instanceof Set) return new Set(v)
  if (v !== null && typeof v === 'object' && !(v instanceof PyOpaque) && !('t' in v)) throw new Error('copyVal: an environment object cannot be copied')
  return v
}

/** An attribute's value on load: the config's, else a fresh copy of the class's default. */
export type AttributeLoader = (given: ReadonlyMap<Key, Val>, name: string) => Val

/**
 * `config.get(name, copy.deepcopy(DEFAULT_STATE[name]))`: the defaults are built once (building them every time made
 * their large literal function hot, and the JIT compiled it in every scoring process), and a load copies only the
 * defaults its config does not replace.
 */
export function attributeLoader(defaults: () => Map<string, Val>): AttributeLoader {
  let built: Map<string, Val> | undefined
  return (given, name) => {
    if (given.has(name)) return given.get(name)!
    built ??= defaults()
    return copyVal(built.get(name)!)
  }
}

/** A dict from entries with str keys. */
export function dict(entries: readonly (readonly [string, Val])[]): Map<Key, Val> {
  return new Map(entries)
}

/** Short names for the numbers of environment data: `f(1.5)` a float, `i(3)` an int. */
export { pyFloat as f, pyInt as i } from '../py/value.ts'

/** The JS number of a Python int/float/bool. */
export function num(v: Val | undefined): number {
  if (typeof v === 'boolean') return v ? 1 : 0
  if (isNumber(v)) return v.t === 'int' ? Number(v.v) : v.v
  return NaN
}

/** `json.dumps(v, default=str)`: what BFCL's logs hold for a state snapshot (sets and objects as their str()). */
export function jsonDumpsDefaultStr(v: Val): string {
  if (Array.isArray(v)) return `[${v.map(jsonDumpsDefaultStr).join(', ')}]`
  if (v instanceof Map) return `{${[...v].map(([k, value]) => `${jsonDumps(typeof k === 'bigint' ? k.toString() : k)}: ${jsonDumpsDefaultStr(value)}`).join(', ')}}`
  if (v instanceof Set || v instanceof PyOpaque || (v !== null && typeof v === 'object' && !('t' in v))) return jsonDumps(valRepr(v))
  return jsonDumps(v as PyValue)
}

/** An entry's `initial_config` for one class as a mutable dict: an absent or non-dict config is an empty one. */
export function configDict(config: PyValue): Map<Key, Val> {
  const data = fromPy(config)
  return isMap(data) ? data : new Map<Key, Val>()
}
