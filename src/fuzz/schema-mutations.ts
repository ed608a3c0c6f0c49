import type { JsonSchema } from '../core/tool.ts'
import { toPointer, type JsonPath } from './json.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { mergeSchemas, refTargetOf, requiredKeys, typesOf, without } from './schema-node.ts'
import type { JsonType } from '../schema/json-type.ts'

/** A negative schema (Schemathesis' schema channel): generate from it, keep what the original's oracle rejects. */
export type SchemaMutation = {
  readonly kind: 'negate-constraint' | 'change-type' | 'remove-required-property'
  /** JSON Pointer of the mutated site in the arguments (`/filters/unit`), and the keyword involved. */
  readonly path: string
  readonly detail: string
  readonly schema: JsonSchema
}

// Keywords that can move under `not`, with the siblings that must travel with them. Not `uniqueItems`: random
// arrays almost never repeat, and the duplicate-items value mutation covers it.
const negatable: Readonly<Record<string, readonly string[]>> = {
  minimum: ['exclusiveMinimum'], maximum: ['exclusiveMaximum'], exclusiveMinimum: ['minimum'], exclusiveMaximum: ['maximum'],
  multipleOf: [], minLength: [], maxLength: [], pattern: [], minItems: [], maxItems: [], enum: [], const: [],
  additionalProperties: ['properties', 'patternProperties'], minProperties: [], maxProperties: [],
}
const typeKeywords: readonly string[] = ['type', 'nullable', 'format', 'pattern', 'minLength', 'maxLength', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'properties',
  'required', 'additionalProperties', 'patternProperties', 'enum', 'const']
// Not schema/json-type's jsonTypes: this order is the order change-type mutants are drawn in (fuzz seeds replay it).
const allTypes: readonly JsonType[] = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array']
// Bounds the number of negative schemas per tool (deep tool schemas have hundreds of sites).
const maxSites = 40

type Site = { readonly node: JsonSchema; readonly path: JsonPath; readonly schemaPath: readonly string[] }

/**
 * Schema-level negative mutations of a tool schema: `negate_constraints` (one keyword under `not`; `format` dropped),
 * `change_type` (integer↔number swaps excluded) and `remove_required_property`, on every reachable property site,
 * with `required` propagated along the path so the mutated node is actually emitted.
 */
export function schemaMutations(root: JsonSchema): SchemaMutation[] {
  const out: SchemaMutation[] = []
  for (const site of sitesOf(root).slice(0, maxSites)) {
    const { node, path } = site
    const replace = (replacement: JsonSchema): JsonSchema => replaceAt(root, site, replacement)
    for (const [keyword, siblings] of Object.entries(negatable)) {
      if (!(keyword in node) || (keyword === 'additionalProperties' && node.additionalProperties !== false)) continue
      const inverted = invert(keyword, node[keyword])
      if (inverted) {
        // Bounds flip into the opposite bound: generation lands outside the range directly instead of by filtering.
        out.push({ kind: 'negate-constraint', path: toPointer(path), detail: keyword, schema: replace({ ...without(node, keyword, ...siblings), ...inverted }) })
        continue
      }
      const moved = [keyword, ...siblings.filter((sibling) => sibling in node)]
      const negated: Record<string, unknown> = {}
      for (const key of moved) negated[key] = node[key]
      // additionalProperties: false negated means "has an undeclared key": keep properties for generation.
      const kept = keyword === 'additionalProperties' ? without(node, 'additionalProperties') : without(node, ...moved)
      out.push({ kind: 'negate-constraint', path: toPointer(path), detail: keyword, schema: replace({ ...kept, not: negated }) })
    }
    if (typeof node.format === 'string') {
      out.push({ kind: 'negate-constraint', path: toPointer(path), detail: 'format', schema: replace(without(node, 'format')) })
    }
    const current = typesOf(node)
    if (path.length > 0 && current.length > 0) {
      for (const type of allTypes) {
        const swap = current.includes(type) || (type === 'number' && current.includes('integer')) || (type === 'integer' && current.includes('number'))
        if (!swap) out.push({ kind: 'change-type', path: toPointer(path), detail: type, schema: replace({ ...without(node, ...typeKeywords), type }) })
      }
    }
    const required = requiredKeys(node)
    for (const key of required) {
      const properties = isPlainObject(node.properties) ? without(node.properties, key) : undefined
      const mutated = { ...node, required: required.filter((other) => other !== key), ...(properties ? { properties } : {}) }
      out.push({ kind: 'remove-required-property', path: toPointer([...path, key]), detail: key, schema: replace(mutated) })
    }
  }
  return out
}

/** The opposite bound of a numeric or size keyword (`minLength: 3` → `maxLength: 2`); undefined when it has none. */
function invert(keyword: string, value: unknown): JsonSchema | undefined {
  if (typeof value !== 'number') return undefined
  switch (keyword) {
    case 'minimum': return { exclusiveMaximum: value }
    case 'exclusiveMinimum': return { maximum: value }
    case 'maximum': return { exclusiveMinimum: value }
    case 'exclusiveMaximum': return { minimum: value }
    case 'minLength': return value > 0 ? { maxLength: value - 1 } : undefined
    case 'maxLength': return { minLength: value + 1 }
    case 'minItems': return value > 0 ? { maxItems: value - 1 } : undefined
    case 'maxItems': return { minItems: value + 1 }
    case 'minProperties': return value > 0 ? { maxProperties: value - 1 } : undefined
    case 'maxProperties': return { minProperties: value + 1 }
    default: return undefined
  }
}

/** Property sites reachable through `properties` and `items` (refs followed once per site), root first. */
function sitesOf(root: JsonSchema): Site[] {
  const sites: Site[] = []
  const visit = (raw: unknown, path: JsonPath, schemaPath: readonly string[], depth: number): void => {
    if (!isPlainObject(raw) || depth > 4) return
    const target = refTargetOf(root, raw)
    const node = isPlainObject(target) ? mergeSchemas(without(raw, '$ref'), target) : raw
    sites.push({ node, path, schemaPath })
    if (isPlainObject(node.properties)) {
      for (const [key, sub] of Object.entries(node.properties)) visit(sub, [...path, key], [...schemaPath, 'properties', key], depth + 1)
    }
    if (isPlainObject(node.items)) visit(node.items, [...path, 0], [...schemaPath, 'items'], depth + 1)
  }
  visit(root, [], [], 0)
  return sites
}

/**
 * A copy of `root` with the node at `site` replaced; each object on the way requires the key leading to the site,
 * and each array on the way gets `minItems: 1`, so generation cannot skip the mutated node.
 */
function replaceAt(root: JsonSchema, site: Site, replacement: JsonSchema): JsonSchema {
  const rebuild = (node: JsonSchema, rest: readonly string[]): JsonSchema => {
    if (rest.length === 0) return replacement
    const [keyword, ...tail] = rest as [string, ...string[]]
    const target = refTargetOf(root, node)
    const current = isPlainObject(target) ? mergeSchemas(without(node, '$ref'), target) : node
    if (keyword === 'items') {
      const minItems = typeof current.minItems === 'number' ? Math.max(1, current.minItems) : 1
      return { ...current, minItems, items: rebuild(current.items as JsonSchema, tail) }
    }
    const [key, ...after] = tail as [string, ...string[]]
    const properties = current.properties as Record<string, JsonSchema>
    const required = Array.isArray(current.required) ? current.required : []
    return {
      ...current,
      required: required.includes(key) ? required : [...required, key],
      properties: { ...properties, [key]: rebuild(properties[key]!, after) },
    }
  }
  return rebuild(root, site.schemaPath)
}
