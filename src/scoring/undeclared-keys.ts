import type { JsonSchema } from '../core/tool.ts'

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
  const patterns = isSchema(resolved.patternProperties) ? Object.keys(resolved.patternProperties).map((p) => new RegExp(p, 'u')) : []
  const extrasAllowed = resolved.additionalProperties === true || isSchema(resolved.additionalProperties)
  return Object.entries(value).flatMap(([key, child]) => {
    const childPath = path ? `${path}.${key}` : key
    const childSchema = Object.hasOwn(properties, key) ? properties[key] : undefined
    if (isSchema(childSchema)) return undeclaredKeys(childSchema, child, root, childPath)
    if (childSchema !== undefined || extrasAllowed || patterns.some((pattern) => pattern.test(key))) return []
    return [childPath]
  })
}

function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  const ref = schema.$ref
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return schema
  let target: unknown = root
  for (const part of ref.slice(2).split('/')) {
    target = isSchema(target) ? target[part.replace(/~1/g, '/').replace(/~0/g, '~')] : undefined
  }
  return isSchema(target) ? resolveRef(target, root) : schema
}

function isSchema(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
