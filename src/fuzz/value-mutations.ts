import type { JsonSchema } from '../core/tool.ts'
import { formatViolations } from './formats.ts'
import { remove, renameKeyAt, updateAt, type JsonPath } from './json.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { MutationKind } from './mutant.ts'
import { followRef, mergeSchemas, nodeOracle, requiredKeys, typesOf, without } from './schema-node.ts'
import type { SchemaNode } from '../schema/local-ref.ts'

/** A candidate mutation: built lazily, because most candidates of a sample are never picked. */
export type MutationCandidate = { readonly kind: MutationKind; readonly path: JsonPath; readonly apply: () => unknown }

/**
 * Mutation families in shrink order (a counterexample shrinks toward the first family that still fails).
 * Picking a family first, then a site within it, keeps the mutation stable while the sample around it shrinks.
 */
export const mutationFamilies: readonly string[] = [
  'numeric-string', 'drop-required', 'extra-property', 'enum-case', 'format-violation', 'null-required', 'camelCase-key',
  'key-case', 'bool-as-string', 'number-for-string', 'boolean-for-number', 'float-for-integer', 'below-minimum',
  'above-maximum', 'not-multiple', 'below-minLength', 'above-maxLength', 'pattern-violation', 'not-in-enum',
  'const-violation', 'null-for-optional', 'empty-string-for-optional', 'null-string-for-optional', 'scalar-for-array',
  'array-as-json-string', 'object-as-json-string', 'below-minItems', 'above-maxItems', 'duplicate-items',
  'null-for-non-nullable', 'arguments-as-json-string',
]

/** The family of a mutation kind (all `format-<name>-violation` kinds are one family). */
export const familyOf = (kind: MutationKind): string => (kind.startsWith('format-') ? 'format-violation' : kind)

const hallucinatedNames = ['description', 'reason', 'query', 'verbose', 'extra_param']
// Only the first few elements of an array are mutation sites: enough to hit item schemas, bounded per sample.
const maxItemSites = 3

/**
 * Every single-leaf mutation of the valid `value` that `schema` suggests (Schemathesis' value channel plus the
 * LLM failure modes). Candidates are not yet checked: `pickMutant` keeps only ones the strict oracle rejects.
 */
export function valueMutations(schema: JsonSchema, value: unknown): MutationCandidate[] {
  const out: MutationCandidate[] = []
  const at = (kind: MutationKind, path: JsonPath, replacement: (old: unknown) => unknown): void => {
    out.push({ kind, path, apply: () => updateAt(value, path, replacement) })
  }
  const walk = (raw: SchemaNode | undefined, node: unknown, path: JsonPath): void => {
    const sub = effective(schema, raw, node)
    if (sub === undefined) return
    scalarMutations(sub, node, path, at)
    if (Array.isArray(node)) {
      const prefix = Array.isArray(sub.prefixItems) ? sub.prefixItems : Array.isArray(sub.items) ? sub.items : []
      const rest = (Array.isArray(sub.items) ? sub.additionalItems : sub.items) as SchemaNode | undefined
      node.slice(0, maxItemSites).forEach((item, index) => walk((prefix[index] ?? rest) as SchemaNode | undefined, item, [...path, index]))
    } else if (isPlainObject(node)) {
      objectMutations(sub, node, path, at, out, value)
      const properties = isPlainObject(sub.properties) ? (sub.properties as Record<string, SchemaNode>) : {}
      const additional = sub.additionalProperties as SchemaNode | undefined
      for (const [key, item] of Object.entries(node)) walk(properties[key] ?? (isPlainObject(additional) ? additional : undefined), item, [...path, key])
    }
  }
  walk(schema, value, [])
  if (isPlainObject(value)) at('arguments-as-json-string', [], (old) => JSON.stringify(old))
  return out
}

// Resolved forms per schema node, so repeated samples reuse the same objects (and their compiled node validators).
const resolvedSteps = new WeakMap<object, JsonSchema | readonly JsonSchema[]>()

/** One resolution step of a node: `$ref` followed or `allOf` merged (a schema), or its `anyOf`/`oneOf` branches (a list). */
function step(root: JsonSchema, current: JsonSchema): JsonSchema | readonly JsonSchema[] | undefined {
  const cached = resolvedSteps.get(current)
  if (cached) return cached
  let next: JsonSchema | readonly JsonSchema[] | undefined
  if (typeof current.$ref === 'string') next = followRef(root, current)
  else if (Array.isArray(current.allOf)) {
    next = (current.allOf as SchemaNode[]).filter(isPlainObject).reduce(mergeSchemas, without(current, 'allOf'))
  } else if (Array.isArray(current.anyOf) || Array.isArray(current.oneOf)) {
    const key = Array.isArray(current.anyOf) ? 'anyOf' : 'oneOf'
    const base = without(current, key)
    next = [...(current[key] as SchemaNode[]).filter(isPlainObject).map((branch) => mergeSchemas(base, branch)), base]
  }
  if (next !== undefined) resolvedSteps.set(current, next)
  return next
}

/** The schema that applies to `node`: `$ref` followed, `allOf` merged, the first matching `anyOf`/`oneOf` branch taken. */
function effective(root: JsonSchema, raw: SchemaNode | undefined, node: unknown): JsonSchema | undefined {
  let sub: SchemaNode | undefined = raw
  for (let hops = 0; hops < 8 && isPlainObject(sub); hops++) {
    const next = step(root, sub)
    if (next === undefined) return sub
    // For branches, the last entry is the base without the combinator: the fallback when no branch matches.
    sub = Array.isArray(next) ? next.slice(0, -1).find((branch) => nodeOracle(root, branch)(node)) ?? next[next.length - 1] : (next as JsonSchema)
  }
  return isPlainObject(sub) ? sub : undefined
}

type At = (kind: MutationKind, path: JsonPath, replacement: (old: unknown) => unknown) => void

function scalarMutations(sub: JsonSchema, node: unknown, path: JsonPath, at: At): void {
  const types = typesOf(sub)
  if (!types.includes('null') && node !== null) at('null-for-non-nullable', path, () => null)
  if (typeof node === 'number') {
    at('numeric-string', path, () => String(node))
    at('boolean-for-number', path, () => node !== 0)
    if (Number.isInteger(node)) at('float-for-integer', path, () => node + 0.5)
    const min = typeof sub.exclusiveMinimum === 'number' ? sub.exclusiveMinimum : sub.minimum
    const max = typeof sub.exclusiveMaximum === 'number' ? sub.exclusiveMaximum : sub.maximum
    if (typeof min === 'number') at('below-minimum', path, () => (sub.exclusiveMinimum !== undefined ? min : min - 1))
    if (typeof max === 'number') at('above-maximum', path, () => (sub.exclusiveMaximum !== undefined ? max : max + 1))
    const step = sub.multipleOf
    if (typeof step === 'number') at('not-multiple', path, () => node + step / 2)
  }
  if (typeof node === 'boolean') at('bool-as-string', path, () => String(node))
  if (typeof node === 'string') {
    at('number-for-string', path, () => (node.trim() !== '' && Number.isFinite(Number(node)) ? Number(node) : 42))
    if (typeof sub.minLength === 'number' && sub.minLength > 0) at('below-minLength', path, () => [...node].slice(0, (sub.minLength as number) - 1).join(''))
    if (typeof sub.maxLength === 'number') at('above-maxLength', path, () => node.padEnd((sub.maxLength as number) + 1, 'x'))
    if (typeof sub.pattern === 'string') at('pattern-violation', path, () => `${node}*`)
    if (typeof sub.format === 'string') {
      const violate = formatViolations[sub.format] ?? (() => '%%not-a-valid-value%%')
      at(`format-${sub.format}-violation`, path, () => violate(node))
    }
    if (Array.isArray(sub.enum)) at('enum-case', path, () => recase(node))
  }
  if (Array.isArray(sub.enum)) at('not-in-enum', path, () => '__not_in_enum__')
  if ('const' in sub) at('const-violation', path, () => (typeof node === 'string' ? recase(node) : '__not_const__'))
  if (Array.isArray(node)) {
    at('scalar-for-array', path, () => (node.length > 0 ? node[0] : 'x'))
    at('array-as-json-string', path, () => JSON.stringify(node))
    if (typeof sub.minItems === 'number' && sub.minItems > 0) at('below-minItems', path, () => node.slice(0, (sub.minItems as number) - 1))
    if (typeof sub.maxItems === 'number' && node.length > 0) {
      at('above-maxItems', path, () => [...node, ...Array.from({ length: (sub.maxItems as number) + 1 - node.length }, () => node[0])])
    }
    if (sub.uniqueItems === true && node.length > 0) at('duplicate-items', path, () => [...node, node[0]])
  }
}

function objectMutations(
  sub: JsonSchema,
  node: Record<string, unknown>,
  path: JsonPath,
  at: At,
  out: MutationCandidate[],
  root: unknown,
): void {
  const required = requiredKeys(sub)
  const properties = isPlainObject(sub.properties) ? sub.properties : {}
  for (const key of Object.keys(node)) {
    const keyPath = [...path, key]
    if (required.includes(key)) {
      at('drop-required', keyPath, () => remove)
      at('null-required', keyPath, () => null)
    } else {
      at('null-for-optional', keyPath, () => null)
      at('empty-string-for-optional', keyPath, () => '')
      at('null-string-for-optional', keyPath, () => 'null')
    }
    const renamed = camelCase(key)
    if (renamed !== key && !(renamed in node)) out.push({ kind: 'camelCase-key', path: keyPath, apply: () => renameKeyAt(root, path, key, renamed) })
    else if (!(capitalize(key) in node) && capitalize(key) !== key) {
      out.push({ kind: 'key-case', path: keyPath, apply: () => renameKeyAt(root, path, key, capitalize(key)) })
    }
  }
  const extra = hallucinatedNames.find((name) => !(name in properties) && !(name in node))
  if (extra) at('extra-property', [...path, extra], () => 'hallucinated')
  if (path.length > 0) at('object-as-json-string', path, (old) => JSON.stringify(old))
}

/** A mixed-case variant (`metric` → `METRIC`, `Metric` → `metric`): what models send for enums (category 10). */
function recase(value: string): string {
  const upper = value.toUpperCase()
  return upper !== value ? upper : value.toLowerCase() !== value ? value.toLowerCase() : `${value}X`
}

const camelCase = (key: string): string => key.replace(/[_-]+([a-zA-Z0-9])/g, (_, letter: string) => letter.toUpperCase())
const capitalize = (key: string): string => key.charAt(0).toUpperCase() + key.slice(1)
