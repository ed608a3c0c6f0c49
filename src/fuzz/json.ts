import { isPlainObject } from '../core/plain-object.ts'
/** A JSON Pointer segment path into a value: object keys and array indexes. */
export type JsonPath = readonly (string | number)[]

/** Deep equality for JSON data: key order is ignored, `-0` equals `0`, arrays compare element-wise. */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => deepEqual(item, b[index]))
  }
  const aKeys = Object.keys(a)
  const bKeys = Object.keys(b)
  if (aKeys.length !== bKeys.length) return false
  return aKeys.every((key) => Object.hasOwn(b, key) && deepEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
}

/**
 * Deep copy of JSON data. Own `__proto__` keys are copied as own data properties (defineProperty), not as
 * prototypes, so a mutant carrying one reaches the validator exactly as `JSON.parse` would deliver it.
 */
export function cloneJson<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value
  if (Array.isArray(value)) return value.map((item) => cloneJson(item)) as T
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) {
    Object.defineProperty(copy, key, { value: cloneJson(item), enumerable: true, writable: true, configurable: true })
  }
  return copy as T
}

/** JSON text with object keys sorted: a canonical form for uniqueness and equality checks. */
export function stableStringify(value: unknown): string {
  if (typeof value !== 'object' || value === null) return JSON.stringify(value) ?? 'undefined'
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`
  const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${stableStringify((value as Record<string, unknown>)[key])}`)
  return `{${entries.join(',')}}`
}

/** RFC 6901 pointer for a path (`/units`, `/items/0/name`; the root is ``). */
export function toPointer(path: JsonPath): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
}

/** The value at `path`, or undefined. */
export function getAt(value: unknown, path: JsonPath): unknown {
  let current = value
  for (const segment of path) {
    if (typeof current !== 'object' || current === null) return undefined
    current = (current as Record<string | number, unknown>)[segment]
  }
  return current
}

/** A copy of `value` with the node at `path` replaced by `fn(old)`; `fn` returning `remove` deletes the key. */
export function updateAt(value: unknown, path: JsonPath, fn: (old: unknown) => unknown): unknown {
  if (path.length === 0) return fn(value)
  const [head, ...rest] = path as [string | number, ...(string | number)[]]
  if (Array.isArray(value)) {
    const copy = value.slice()
    const next = updateAt(copy[head as number], rest, fn)
    if (next === remove) copy.splice(head as number, 1)
    else copy[head as number] = next
    return copy
  }
  const copy = cloneJson(value) as Record<string, unknown>
  const next = updateAt(copy[head], rest, fn)
  if (next === remove) delete copy[head]
  else Object.defineProperty(copy, head, { value: next, enumerable: true, writable: true, configurable: true })
  return copy
}

/** Marker returned from an `updateAt` callback to delete the key or element. */
export const remove: unique symbol = Symbol('remove')

/** A copy of the object at `path` with key `from` renamed to `to`, keeping its position in key order. */
export function renameKeyAt(value: unknown, path: JsonPath, from: string, to: string): unknown {
  return updateAt(value, path, (old) => {
    if (!isPlainObject(old)) return old
    const copy: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(old)) {
      Object.defineProperty(copy, key === from ? to : key, { value: item, enumerable: true, writable: true, configurable: true })
    }
    return copy
  })
}
