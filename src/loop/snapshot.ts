/**
 * Copies that keep the transcript out of reach of user code and providers. The loop is the trust boundary: hooks,
 * stubs and providers get their own copies or frozen snapshots, so nothing they do reaches scoring.
 */

/**
 * A deep copy of a value handed to user code (parsed arguments, replacement arguments, results). Arguments are
 * JSON values, so structuredClone always works for them; a value it cannot clone (a function in a hook's return)
 * is kept as is rather than failing the case — it is the hook's own value, not the model's.
 */
export function ownCopy<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  // Plain JSON data (what arguments and most results are) is copied directly: the same copy structuredClone makes,
  // several times faster; anything else (Dates, Maps, sparse arrays, class instances) goes to structuredClone.
  const plain = copyPlain(value, 0)
  if (plain !== notPlain) return plain as T
  try {
    return structuredClone(value)
  } catch {
    return value
  }
}

const notPlain = Symbol('not plain')

/** A copy of plain objects, dense arrays and primitives (depth-limited, so a cycle falls back), or `notPlain`. */
function copyPlain(value: unknown, depth: number): unknown {
  if (typeof value !== 'object' || value === null) return typeof value === 'function' || typeof value === 'symbol' || typeof value === 'bigint' ? notPlain : value
  if (depth > 64) return notPlain
  if (Array.isArray(value)) {
    const copy: unknown[] = []
    for (let index = 0; index < value.length; index++) {
      if (!(index in value)) return notPlain
      const item = copyPlain(value[index], depth + 1)
      if (item === notPlain) return notPlain
      copy.push(item)
    }
    return copy
  }
  const prototype = Object.getPrototypeOf(value)
  if (prototype !== Object.prototype && prototype !== null) return notPlain
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    // An own "__proto__" key (JSON.parse makes one) would set the copy's prototype by assignment.
    if (key === '__proto__') return notPlain
    const item = copyPlain((value as Record<string, unknown>)[key], depth + 1)
    if (item === notPlain) return notPlain
    copy[key] = item
  }
  return copy
}

/** Freezes a value and everything reachable from it (the loop's own records), so a provider cannot edit them. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  // for…in, not Object.values: no array allocated per object (the loop freezes every request it sends).
  for (const key in value) deepFreeze((value as Record<string, unknown>)[key])
  return value
}
