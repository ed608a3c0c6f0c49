import type { JsonSchema } from '../core/tool.ts'
import { keyIsDeclared } from '../schema/declared-keys.ts'
import { isSchema, resolveRef } from '../schema/local-ref.ts'

/**
 * Argument keys the schema does not define (hallucinated parameters), judged on the arguments as the model sent
 * them. A key is declared when it is in `properties`, matches a `patternProperties` pattern, or the schema
 * explicitly allows extra keys (`additionalProperties: true` or a schema). Objects without `properties` are
 * free-form and never judged. Recurses into nested objects and array items; resolves local `$ref`s.
 */
export function undeclaredKeys(schema: JsonSchema, value: unknown, root: JsonSchema = schema, path = ''): string[] {
  const resolved = resolveRef(schema, root)
  if (Array.isArray(value)) {
    const items = resolved.items
    return isSchema(items) ? value.flatMap((item, index) => undeclaredKeys(items, item, root, `${path}[${index}]`)) : []
  }
  if (typeof value !== 'object' || value === null) return []
  const properties = resolved.properties
  if (!isSchema(properties)) return []
  return Object.entries(value).flatMap(([key, child]) => {
    const childPath = path ? `${path}.${key}` : key
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (isSchema(childSchema)) return undeclaredKeys(childSchema, child, root, childPath)
    return keyIsDeclared(resolved, key) ? [] : [childPath]
  })
}
