import type { JsonSchema } from '../core/tool.ts'
import { idScope, refTarget, subschemaValidator, type SchemaNode } from '../schema/local-ref.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { jsonTypes, type JsonType } from '../schema/json-type.ts'

// The copies generation makes (`mergeSchemas`, `without`) are not in the schema's document, so the resolver cannot
// tell the `$id` scope they were written in: each copy remembers the subschemas of the document it was made from,
// and the one its own `$ref` was written in (a ref resolves against the `$id` around where it was written).
const madeFrom = new WeakMap<JsonSchema, readonly JsonSchema[]>()
const refWrittenIn = new WeakMap<JsonSchema, JsonSchema>()
const originsOf = (node: JsonSchema): readonly JsonSchema[] => madeFrom.get(node) ?? [node]
const refHolder = (node: JsonSchema): JsonSchema => refWrittenIn.get(node) ?? node

function remember(copy: JsonSchema, origins: readonly JsonSchema[], holder: JsonSchema | undefined): JsonSchema {
  madeFrom.set(copy, origins)
  if (holder !== undefined && typeof copy.$ref === 'string') refWrittenIn.set(copy, holder)
  return copy
}

/**
 * The subschema a node's `$ref` points at, by the resolver scoring uses (`refTarget`), resolved where the ref was
 * written — against the `$id` around it, as ajv resolves it — also when the node is a copy made for generation.
 */
export function refTargetOf(root: JsonSchema, node: JsonSchema): SchemaNode | undefined {
  return typeof node.$ref === 'string' ? refTarget(node.$ref, root, refHolder(node)) : undefined
}

/** A node with its `$ref` followed (`refTargetOf`): the target merged under the node's other keywords (`$ref` dropped when it leads nowhere). */
export function followRef(root: JsonSchema, node: JsonSchema): JsonSchema {
  if (typeof node.$ref !== 'string') return node
  const target = refTargetOf(root, node)
  return isPlainObject(target) ? mergeSchemas(without(node, '$ref'), target) : without(node, '$ref')
}

/** The keys a node's `required` lists (its strings; none when it has no list). */
export function requiredKeys(node: JsonSchema): string[] {
  return Array.isArray(node.required) ? node.required.filter((key): key is string => typeof key === 'string') : []
}

/** The types a node allows: its `type` (string or list, plus `nullable`), else inferred from its keywords. */
export function typesOf(node: JsonSchema): readonly JsonType[] {
  const declared = node.type
  const listed = (Array.isArray(declared) ? declared : typeof declared === 'string' ? [declared] : [])
    .filter((type): type is JsonType => jsonTypes.includes(type))
  if (listed.length > 0) return node.nullable === true && !listed.includes('null') ? [...listed, 'null'] : listed
  if ('properties' in node || 'required' in node || 'additionalProperties' in node || 'patternProperties' in node) return ['object']
  if ('items' in node || 'prefixItems' in node || 'minItems' in node || 'maxItems' in node) return ['array']
  if ('minLength' in node || 'maxLength' in node || 'pattern' in node || 'format' in node) return ['string']
  if ('minimum' in node || 'maximum' in node || 'exclusiveMinimum' in node || 'exclusiveMaximum' in node || 'multipleOf' in node) {
    return ['number']
  }
  return []
}

const intersectTypes = (a: unknown, b: unknown): unknown => {
  if (a === undefined) return b
  if (b === undefined) return a
  const left = Array.isArray(a) ? a : [a]
  const right = Array.isArray(b) ? b : [b]
  const both = left.filter((type) => right.includes(type) || (type === 'integer' && right.includes('number')))
  const extra = right.filter((type) => type === 'integer' && left.includes('number') && !both.includes('integer'))
  const result = [...both, ...extra]
  return result.length === 1 ? result[0] : result
}

/**
 * Merges two schemas as `allOf` would for generation: properties merged (common ones nested under `allOf`),
 * `required` united, bounds tightened, types intersected. Approximate by design: the caller filters by the oracle.
 */
export function mergeSchemas(a: JsonSchema, b: JsonSchema): JsonSchema {
  const merged: Record<string, unknown> = { ...a }
  for (const [key, value] of Object.entries(b)) {
    const old = merged[key]
    if (old === undefined) merged[key] = value
    else if (key === 'type') merged.type = intersectTypes(old, value)
    else if (key === 'required') merged.required = [...new Set([...(old as string[]), ...(value as string[])])]
    else if (key === 'properties' && isPlainObject(old) && isPlainObject(value)) {
      const properties: Record<string, unknown> = { ...old }
      for (const [name, schema] of Object.entries(value)) {
        properties[name] = name in properties ? remember({ allOf: [properties[name], schema] }, [properties[name], schema].flatMap((node) => (isPlainObject(node) ? originsOf(node) : [])), undefined) : schema
      }
      merged.properties = properties
    } else if (['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties'].includes(key)) {
      merged[key] = typeof old === 'number' && typeof value === 'number' ? Math.max(old, value) : value
    } else if (['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties'].includes(key)) {
      merged[key] = typeof old === 'number' && typeof value === 'number' ? Math.min(old, value) : value
    } else if (key === 'enum' && Array.isArray(old) && Array.isArray(value)) {
      merged.enum = old.filter((item) => value.some((other) => JSON.stringify(other) === JSON.stringify(item)))
    } else if (key === 'allOf' && Array.isArray(old) && Array.isArray(value)) merged.allOf = [...old, ...value]
    else merged[key] = value
  }
  return remember(merged, [...originsOf(a), ...originsOf(b)], typeof b.$ref === 'string' ? refHolder(b) : refHolder(a))
}

/** A node with some keywords left out (for generating from the rest, then filtering by the whole node). */
export function without(node: JsonSchema, ...keys: string[]): JsonSchema {
  const copy: Record<string, unknown> = { ...node }
  for (const key of keys) delete copy[key]
  return remember(copy, originsOf(node), refHolder(node))
}

/**
 * A strict predicate for one subschema of `root` (see `subschemaValidator`); it accepts everything when the node
 * cannot be compiled on its own — also a copy made from a subschema inside an `$id`: beside the root's definitions
 * its refs would resolve from the root, so it would judge by schemas ajv does not use there.
 */
export function nodeOracle(root: JsonSchema, node: SchemaNode): (value: unknown) => boolean {
  if (typeof node === 'boolean') return () => node
  const validate = originsOf(node).some((origin) => idScope(root, origin) !== '') ? undefined : subschemaValidator(root, node)
  return validate ? (value) => validate(value) === true : () => true
}
