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
  try {
    return structuredClone(value)
  } catch {
    return value
  }
}

/** Freezes a value and everything reachable from it (the loop's own records), so a provider cannot edit them. */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value
  Object.freeze(value)
  for (const child of Object.values(value)) deepFreeze(child)
  return value
}
