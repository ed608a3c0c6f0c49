import type { JsonSchema } from '../core/tool.ts'

/** Follows a local `$ref` (`#/$defs/x`, `#/definitions/x`) inside `root`; other schemas come back as they are. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema
  let target: unknown = root
  for (const part of ref.slice(2).split('/')) {
    target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  }
  return isSchema(target) ? resolveRef(target, root) : schema
}

/** A schema object (not `true`/`false`, not an array). */
export function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
