import type { JsonSchema } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { pointerToPath } from './json-pointer.ts'

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`) inside `root`; other schemas come back as they are. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema
  // A chain of refs ends at a schema without one; a cycle (a → b → a) stops where it started over.
  for (const seen = new Set<JsonSchema>([schema]); ;) {
    const target = typeof current.$ref === 'string' ? refTarget(current.$ref, root) : undefined
    if (!target || seen.has(target)) return current
    seen.add(target)
    current = target
  }
}

/** The schema a local `$ref` (`#`, `#/$defs/x`, `#/definitions/x`) points at in `root`; undefined for any other ref. */
export function refTarget(ref: string, root: JsonSchema): JsonSchema | undefined {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let target: unknown = root
  for (const part of pointerToPath(ref.slice(1))) target = isSchema(target) ? target[part] : undefined
  return isSchema(target) ? target : undefined
}

/** A schema object (not `true`/`false`, not an array). */
export function isSchema(value: unknown): value is JsonSchema {
  return isPlainObject(value)
}
