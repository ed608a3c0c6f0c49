import type { JsonSchema } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { compileSchema, type Validator } from './ajv.ts'
import { unescapeToken } from './json-pointer.ts'

/** A subschema: an object schema, or the boolean schemas `true` (anything) and `false` (nothing). */
export type SchemaNode = JsonSchema | boolean

/** Follows a local `$ref` (and the refs of the schemas it leads to) inside `root` to a schema object; other schemas, and refs to `true`/`false`, come back as they are. */
export function resolveRef(schema: JsonSchema, root: JsonSchema): JsonSchema {
  let current = schema
  // A chain of refs ends at a schema without one; a cycle (a → b → a) stops where it started over.
  for (const seen = new Set<JsonSchema>([schema]); ;) {
    const target = typeof current.$ref === 'string' ? refTarget(current.$ref, root) : undefined
    if (!isSchema(target) || seen.has(target)) return current
    seen.add(target)
    current = target
  }
}

/**
 * The subschema a local `$ref` points at in `root`, found as ajv (the loop's validator) finds it: `#` is the root,
 * `#/…` a JSON Pointer through objects and arrays (`#/allOf/0`), each token %-decoded, then `~1`/`~0` unescaped;
 * the target may be `true` or `false`. Undefined for a ref to another document, an anchor or an `$id`, and for a
 * pointer that leads nowhere (ajv refuses to compile those). The one resolver scoring, matchers and fuzz use.
 */
export function refTarget(ref: string, root: JsonSchema): SchemaNode | undefined {
  if (ref === '#') return root
  if (!ref.startsWith('#/')) return undefined
  let target: unknown = root
  for (const token of ref.slice(2).split('/')) {
    const key = decodedKey(token)
    // ajv stops at a boolean schema on the way, and so does an own-key lookup at anything but an object or array.
    if (key === undefined || typeof target !== 'object' || target === null || !Object.hasOwn(target, key)) return undefined
    target = (target as Record<string, unknown>)[key]
  }
  return typeof target === 'boolean' || isSchema(target) ? target : undefined
}

// A token as ajv reads it (decodeURIComponent, then ~1/~0): `a%20b` → `a b`, `a%2Fb` → `a/b`; undefined for a broken %-escape.
function decodedKey(token: string): string | undefined {
  try {
    return unescapeToken(decodeURIComponent(token))
  } catch {
    return undefined
  }
}

/** A schema object (not `true`/`false`, not an array). */
export function isSchema(value: unknown): value is JsonSchema {
  return isPlainObject(value)
}

// Per subschema: its validator, or null when it cannot be compiled on its own.
const subschemaValidators = new WeakMap<JsonSchema, Validator | null>()

/**
 * A strict validator for one subschema of `root`, compiled with the root's `$schema`, `$defs` and `definitions`
 * beside it so local `$ref`s into them resolve; undefined when it cannot stand alone (a `$ref` to `#/properties/…`).
 */
export function subschemaValidator(root: JsonSchema, node: JsonSchema): Validator | undefined {
  let validate = subschemaValidators.get(node)
  if (validate === undefined) {
    const { $schema, $defs, definitions } = root
    const standalone = { ...node, ...($schema !== undefined ? { $schema } : {}), ...($defs !== undefined ? { $defs } : {}), ...(definitions !== undefined ? { definitions } : {}) }
    try {
      validate = compileSchema(standalone)
    } catch {
      validate = null
    }
    subschemaValidators.set(node, validate)
  }
  return validate ?? undefined
}
