import type { PyValue } from './value.ts'

// A fast path beside pyJsonLoads: V8's native JSON.parse is several times faster than a parser written in JS, and
// on data without numbers or integer-like object keys it gives exactly what Python's json.loads gives (strings,
// lists, None, bools, dicts in text order with the last duplicate's value at the first key's position). A number
// loses its lexeme (`5` vs `5.0`, big ints), and JS objects move integer-like keys first: there the caller uses
// pyJsonLoads. BFCL's FC result lines hold their arguments as JSON strings, so their `result` takes this path.

// Keys JS orders before the others (array indices); any canonical digit string is treated as one, to be safe.
const indexLike = /^(?:0|[1-9]\d*)$/

/** The Python value of what JSON.parse returned, or undefined when it holds a number or an integer-like key. */
export function plainJsonToPy(v: unknown): PyValue | undefined {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return v
  if (Array.isArray(v)) {
    const items: PyValue[] = new Array(v.length)
    for (let index = 0; index < v.length; index++) {
      const item = plainJsonToPy(v[index])
      if (item === undefined) return undefined
      items[index] = item
    }
    return items
  }
  if (typeof v !== 'object') return undefined
  const entries: [PyValue, PyValue][] = []
  const keys = Object.keys(v)
  for (let index = 0; index < keys.length; index++) {
    const key = keys[index]!
    if (indexLike.test(key)) return undefined
    const value = plainJsonToPy((v as { readonly [key: string]: unknown })[key])
    if (value === undefined) return undefined
    entries.push([key, value])
  }
  return { t: 'dict', entries }
}
