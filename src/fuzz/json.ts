import { isPlainObject } from '../core/plain-object.ts'
/** A JSON Pointer segment path into a value: object keys and array indexes. */
export type JsonPath = readonly (string | number)[]

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

/** RFC 6901 pointer for a path (`/units`, `/items/0/name`; the root is ``). */
export function toPointer(path: JsonPath): string {
  return path.map((segment) => `/${String(segment).replaceAll('~', '~0').replaceAll('/', '~1')}`).join('')
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
