import fc from 'fast-check'
import type { JsonSchema } from '../core/tool.ts'
import { boundedFilter } from './bounded-filter.ts'
import { schemaContradictions } from './contradictions.ts'
import stableStringify from 'safe-stable-stringify'
import { cloneJson } from './json.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { compilePattern, integerArbitrary, matching, numberArbitrary, stringArbitrary } from './scalars.ts'
import { followRef, mergeSchemas, nodeOracle, refTargetOf, requiredKeys, typesOf, without } from './schema-node.ts'
import type { SchemaNode } from '../schema/local-ref.ts'
import { valueHasType, type JsonType } from '../schema/json-type.ts'

/** Options of the JSON Schema → fast-check mapper. */
export type MapperOptions = {
  /** How many `$ref` expansions deep recursive schemas go before only required parts are generated (default 3). */
  readonly maxRefDepth?: number
  /** Generate undeclared keys where a schema allows them (`additionalProperties` absent, `true` or a schema). Default true. */
  readonly extraKeys?: boolean
}

type Walk = { readonly depth: number; readonly refs: number }

// Keywords the mapper only approximates: the node's own strict validator filters what it generates.
const approximated = [
  'format', 'contains', 'propertyNames', 'dependentRequired', 'dependentSchemas', 'dependencies', 'minProperties',
  'maxProperties', 'multipleOf', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', 'prefixItems',
]

// Built once: constructing a regex arbitrary costs milliseconds, and every open object needs one.
const extraKeyNames = fc.stringMatching(/^[a-z][a-z_]{0,7}$/)

const anyScalar: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.integer({ min: -1000, max: 1000 }),
  fc.boolean(),
  fc.constant(null),
)

/**
 * A fast-check arbitrary of values valid under `schema` (draft-07 or 2020-12 tool parameters). Built only from
 * fast-check combinators, so counterexamples shrink structurally: optional keys drop, arrays shorten, numbers go to
 * their bounds. Keywords it can only approximate are filtered through the strict validator of that subschema.
 */
export function schemaArbitrary(schema: JsonSchema, options: MapperOptions = {}): fc.Arbitrary<unknown> {
  const maxRefDepth = options.maxRefDepth ?? 3
  const extraKeys = options.extraKeys ?? true
  const build = (node: SchemaNode, walk: Walk): fc.Arbitrary<unknown> => {
    if (node === true) return anyScalar
    if (node === false) return fc.constant(undefined)
    const minimal = walk.refs > maxRefDepth || walk.depth > 12
    if (typeof node.$ref === 'string') {
      const target = refTargetOf(schema, node)
      if (target === undefined) return anyScalar
      const next = { depth: walk.depth, refs: walk.refs + 1 }
      const rest = without(node, '$ref')
      if (typeof target === 'boolean' || Object.keys(rest).length === 0) return build(target, next)
      return boundedFilter(build(mergeSchemas(rest, target), next), nodeOracle(schema, node))
    }
    const deref = (sub: unknown): JsonSchema => (isPlainObject(sub) ? followRef(schema, sub) : sub === false ? { not: {} } : {})
    const filtered = (arb: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> => boundedFilter(arb, nodeOracle(schema, node))
    if (Array.isArray(node.allOf)) {
      const merged = node.allOf.map(deref).reduce(mergeSchemas, without(node, 'allOf'))
      return filtered(build(merged, walk))
    }
    for (const key of ['anyOf', 'oneOf'] as const) {
      const branches = node[key]
      if (Array.isArray(branches) && branches.length > 0) {
        const base = without(node, key)
        // Simple branches first: fc.oneof shrinks toward its first arbitrary, which keeps counterexamples small.
        const arbs = branches.map((branch) => build(mergeSchemas(base, deref(branch)), walk))
        return filtered(fc.oneof(...arbs))
      }
    }
    if (isPlainObject(node.if) && (node.then !== undefined || node.else !== undefined)) {
      const base = without(node, 'if', 'then', 'else')
      const arms = [node.then, node.else].filter((arm) => arm !== undefined).map((arm) => build(mergeSchemas(base, deref(arm)), walk))
      return filtered(fc.oneof(...arms))
    }
    if (node.not !== undefined) return filtered(build(without(node, 'not'), walk))
    if ('const' in node) return fc.constant(node.const).map(cloneJson)
    const types = typesOf(node)
    if (Array.isArray(node.enum) && node.enum.length > 0) {
      const allowed = types.length === 0 ? node.enum : node.enum.filter((value) => valueHasType(value, types))
      return fc.constantFrom(...(allowed.length > 0 ? allowed : node.enum)).map(cloneJson)
    }
    const typed = (type: JsonType): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'string': return stringArbitrary(node)
        case 'integer': return integerArbitrary(node)
        case 'number': return numberArbitrary(node)
        case 'boolean': return fc.boolean()
        case 'null': return fc.constant(null)
        case 'array': return arrayArbitrary(node, walk, minimal)
        case 'object': return objectArbitrary(node, walk, minimal)
      }
    }
    const arb = types.length === 0 ? anyScalar : types.length === 1 ? typed(types[0]!) : fc.oneof(...types.map(typed))
    // ajv-formats' float/double accept any number: no need to filter (compiling a validator per node is the cost).
    const formatMatters = typeof node.format === 'string' && (types.includes('string') || node.format === 'int32' || node.format === 'int64')
    return formatMatters || approximated.some((key) => key !== 'format' && key in node) ? filtered(arb) : arb
  }

  const objectArbitrary = (node: JsonSchema, walk: Walk, minimal: boolean): fc.Arbitrary<unknown> => {
    const properties = isPlainObject(node.properties) ? (node.properties as Record<string, SchemaNode>) : {}
    const required = requiredKeys(node)
    const additional = node.additionalProperties as SchemaNode | undefined
    const inner = { depth: walk.depth + 1, refs: walk.refs }
    const valueFor = (key: string): fc.Arbitrary<unknown> =>
      key in properties ? build(properties[key]!, inner) : isPlainObject(additional) ? build(additional, inner) : anyScalar
    // Optional properties that cannot be satisfied (BFCL has booleans with string enums) are simply never sent.
    const keys = [...Object.keys(properties), ...required.filter((key) => !(key in properties))]
      .filter((key) => required.includes(key) || (!minimal && !(isPlainObject(properties[key]) && schemaContradictions(properties[key]).length > 0)))
    const models: Record<string, fc.Arbitrary<unknown>> = {}
    for (const key of keys) models[key] = valueFor(key)
    const declared = fc.record(models, { requiredKeys: keys.filter((key) => required.includes(key)), noNullPrototype: true })
    const patterns = isPlainObject(node.patternProperties) ? Object.entries(node.patternProperties as Record<string, SchemaNode>) : []
    const patternArbs = minimal ? [] : patterns.flatMap(([pattern, sub]) => {
      try {
        const key = matching(new RegExp(pattern, 'u'), 'xsmall').filter((name) => !(name in properties) && name !== '__proto__')
        return [fc.dictionary(key, build(sub, inner), { maxKeys: 2, noNullPrototype: true })]
      } catch {
        return []
      }
    })
    const open = additional !== false && extraKeys && !minimal
    const extraArbs = open ? [extraArbitrary(properties, patterns, additional, inner)] : []
    if (patternArbs.length === 0 && extraArbs.length === 0) return declared
    return fc.tuple(declared, ...patternArbs, ...extraArbs).map((parts) => {
      const merged: Record<string, unknown> = {}
      for (const part of parts) {
        for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
          if (!Object.hasOwn(merged, key)) merged[key] = value
        }
      }
      return merged
    })
  }

  const extraArbitrary = (
    properties: Record<string, SchemaNode>,
    patterns: readonly (readonly [string, SchemaNode])[],
    additional: SchemaNode | undefined,
    inner: Walk,
  ): fc.Arbitrary<Record<string, unknown>> => {
    const regexes = patterns.flatMap(([pattern]) => compilePattern(pattern) ?? [])
    const name = extraKeyNames.filter((key) => !(key in properties) && key !== '__proto__' && !regexes.some((regex) => regex.test(key)))
    const value = isPlainObject(additional) ? build(additional, inner) : anyScalar
    // Mostly no extra keys: they are legal in an open schema, but the declared ones are what a model usually sends.
    return fc.oneof(
      { weight: 3, arbitrary: fc.constant({}) },
      { weight: 1, arbitrary: fc.dictionary(name, value, { minKeys: 1, maxKeys: 2, noNullPrototype: true }) },
    )
  }

  const arrayArbitrary = (node: JsonSchema, walk: Walk, minimal: boolean): fc.Arbitrary<unknown> => {
    const inner = { depth: walk.depth + 1, refs: walk.refs }
    const prefix = Array.isArray(node.prefixItems) ? node.prefixItems : Array.isArray(node.items) ? node.items : []
    const rest = (Array.isArray(node.prefixItems) || Array.isArray(node.items) ? (node.prefixItems ? node.items : node.additionalItems) : node.items) as
      | SchemaNode
      | undefined
    const minItems = typeof node.minItems === 'number' ? node.minItems : 0
    const restMin = Math.max(0, minItems - prefix.length)
    const maxItems = typeof node.maxItems === 'number' ? node.maxItems : undefined
    let restMax = rest === false ? 0 : Math.max(restMin, Math.min(maxItems === undefined ? Infinity : maxItems - prefix.length, minimal ? restMin : restMin + 5))
    const item = rest === undefined || rest === true ? anyScalar : build(rest, inner)
    if (restMin === 0 && isPlainObject(rest) && schemaContradictions(rest).length > 0) restMax = 0
    const limits = { minLength: restMin, maxLength: restMax }
    let tail: fc.Arbitrary<unknown[]> =
      restMax === 0 ? fc.constant([]) : node.uniqueItems === true ? fc.uniqueArray(item, { ...limits, selector: stableStringify }) : fc.array(item, limits)
    if (node.contains !== undefined && prefix.length === 0 && restMax > 0) {
      const needle = build(node.contains as SchemaNode, inner)
      tail = fc.tuple(tail, needle, fc.nat()).map(([items, found, at]) =>
        items.length >= restMax ? items : [...items.slice(0, at % (items.length + 1)), found, ...items.slice(at % (items.length + 1))])
    }
    if (prefix.length === 0) return tail
    return fc.tuple(fc.tuple(...prefix.map((sub) => build(sub as SchemaNode, inner))), tail).map(([head, more]) => [...head, ...more])
  }

  return build(schema, { depth: 0, refs: 0 })
}
