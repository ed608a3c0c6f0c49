import type { JsonSchema } from '../core/tool.ts'
import { conjunctions } from '../schema/conjunctions.ts'
import { childSchema, keyStatus } from '../schema/declared-keys.ts'

/**
 * Argument keys the schema does not define (hallucinated parameters), judged on the arguments as the model sent
 * them, by `keyStatus`: keys the schema forbids (`additionalProperties: false`, with or without `properties`; a
 * key whose schema is `false`; a name `propertyNames` refuses)
 * and keys missing from an object's listed `properties` and not named in its `required` or a dependency (free-form
 * objects judge nothing). Walks nested objects,
 * `items`, tuple positions (`prefixItems`, draft-07 `items: [...]`), `allOf`, local `$ref`s and, for `anyOf` /
 * `oneOf`, the reading the arguments fit best (the fewest undeclared keys, then the deepest); an `if`'s arm and
 * dependency schemas as they apply to the arguments: see `conjunctions`. Paths read `a.b[0].c`.
 */
export function undeclaredKeys(schema: JsonSchema, value: unknown, root: JsonSchema = schema, path = ''): string[] {
  let best: string[] | undefined
  for (const members of conjunctions(schema, root, { value })) {
    const found = judge(members, value, root, path)
    if (found.length === 0) return found
    if (!best || fitsBetter(found, best)) best = found
  }
  return best ?? []
}

/**
 * Fewer undeclared keys fit better; at a tie, deeper ones do: the reading that declares `c` and rejects `c.a`
 * explains more of `{ c: { a } }` than the one rejecting `c` itself.
 */
function fitsBetter(found: readonly string[], best: readonly string[]): boolean {
  if (found.length !== best.length) return found.length < best.length
  return depthOf(found) > depthOf(best)
}

function depthOf(paths: readonly string[]): number {
  return paths.reduce((sum, path) => sum + path.split(/\.|\[/).length, 0)
}

function judge(members: readonly JsonSchema[], value: unknown, root: JsonSchema, path: string): string[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => within(childSchema(members, index), item, root, `${path}[${index}]`))
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value).flatMap(([key, child]) => {
    const childPath = path ? `${path}.${key}` : key
    // A key one member forbids is still judged by the schema another member gives it, as ajv judges it: in
    // `allOf: [{ additionalProperties: false }, { properties: { b: closed } }]`, `b` and `b.a` are both rejected.
    const below = within(childSchema(members, key), child, root, childPath)
    return keyStatus(members, key, root) === 'declared' ? below : [childPath, ...below]
  })
}

/** Judges a value against the schema that applies to it (none: nothing to judge). */
function within(schema: JsonSchema | undefined, value: unknown, root: JsonSchema, path: string): string[] {
  return schema === undefined ? [] : undeclaredKeys(schema, value, root, path)
}
