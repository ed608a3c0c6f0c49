import type { JsonSchema } from '../core/tool.ts'
import { isDraft2020 } from './ajv.ts'
import { isSchema, refTarget, type SchemaNode } from './local-ref.ts'

// 2020-12 keywords the schema walk reads that ajv's draft-07 vocabulary does not have: in a draft-07 tool (no
// $schema, as most come) the loop ignores them — `items` applies to every item — and so must the walk.
const notInDraft07 = ['prefixItems', 'unevaluatedProperties', 'dependentSchemas'] as const

/** Most alternatives one schema expands to (a product of many `anyOf`s is cut here: extra ones are not judged). */
const maxAlternatives = 32

/**
 * The ways a value can be read against a schema, each a list of plain schemas that all apply to it at once: the
 * schema itself (without its combinators), its `allOf` members and local `$ref` targets (siblings of `$ref` apply
 * too, as in ajv), one branch of each `anyOf` / `oneOf`, `then` or `else` of an `if`, and each dependency schema
 * (`dependentSchemas`, schema-valued `dependencies`) or not. A schema without branches has one alternative.
 * Which `if` arm or dependency applies depends on the value, which this does not see: the caller takes the reading
 * the value fits best, as for `anyOf`. Nested combinators are expanded the same way; a `$ref` cycle is followed
 * once. Boolean schemas count as ajv counts them: `true` (a branch, a member or a ref's target) adds nothing,
 * `false` leaves no reading (none at all when nothing else is left: no value fits the schema). Keywords are read in
 * the draft the loop validates `root` in (`ajv.ts` decides): a draft-07 schema's `prefixItems`,
 * `unevaluatedProperties` and `dependentSchemas` are no keywords.
 */
export function conjunctions(schema: JsonSchema, root: JsonSchema): JsonSchema[][] {
  return expand(schema, root, new Set(), isDraft2020(root) ? [] : notInDraft07)
}

function expand(schema: JsonSchema, root: JsonSchema, seen: ReadonlySet<JsonSchema>, ignored: readonly string[]): JsonSchema[][] {
  const { allOf, anyOf, oneOf, $ref, if: condition, then, else: otherwise, ...rest } = schema
  // `rest` is this call's own copy: leaving keywords out of it changes no schema.
  const own: Record<string, unknown> = rest
  for (const keyword of ignored) delete own[keyword]
  const { dependentSchemas, dependencies } = own
  delete own.dependentSchemas
  delete own.dependencies
  const expandNode = (node: SchemaNode): JsonSchema[][] => (typeof node === 'boolean' ? (node ? [[]] : []) : expand(node, root, seen, ignored))
  let result: JsonSchema[][] = [[own]]
  if (typeof $ref === 'string') {
    const target = refTarget($ref, root)
    if (isSchema(target) && !seen.has(target)) result = product(result, expand(target, root, new Set([...seen, target]), ignored))
    else if (target === false) return []
  }
  for (const member of subschemasIn(allOf)) result = product(result, expandNode(member))
  for (const branches of [subschemasIn(anyOf), subschemasIn(oneOf)]) {
    if (branches.length > 0) result = product(result, branches.flatMap(expandNode))
  }
  if (condition !== undefined) {
    // ajv applies `then` when the value meets `if`, `else` when not; a missing arm applies nothing.
    const arms = condition === true ? [then] : condition === false ? [otherwise] : [then, otherwise]
    result = product(result, arms.flatMap((arm) => expandNode(asNode(arm))))
  }
  for (const dependency of [...subschemasOf(dependentSchemas), ...subschemasOf(dependencies)]) {
    result = product(result, [...expandNode(dependency), []])
  }
  return result
}

function product(left: readonly JsonSchema[][], right: readonly JsonSchema[][]): JsonSchema[][] {
  return left.flatMap((first) => right.map((second) => [...first, ...second])).slice(0, maxAlternatives)
}

function subschemasIn(value: unknown): SchemaNode[] {
  return Array.isArray(value) ? value.filter((item): item is SchemaNode => typeof item === 'boolean' || isSchema(item)) : []
}

// The schema values of a keyword holding schemas by name (`dependentSchemas`; `dependencies`, whose lists of names are no schemas).
function subschemasOf(value: unknown): SchemaNode[] {
  return isSchema(value) ? subschemasIn(Object.values(value)) : []
}

// Anything but a schema (ajv would have refused the tool) applies nothing.
function asNode(value: unknown): SchemaNode {
  return typeof value === 'boolean' || isSchema(value) ? value : true
}
