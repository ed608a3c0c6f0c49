import type { JsonSchema } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { compileSchema, type Validator } from './ajv.ts'
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

// Not fuzz's resolveRef, which also follows ajv through arrays, %-escapes and to true/false: here that would change verdicts.
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
