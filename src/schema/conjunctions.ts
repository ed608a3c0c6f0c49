import type { JsonSchema } from '../core/tool.ts'
import { schemaDraft, type Draft } from './ajv.ts'
import { dynamicRefTarget, isSchema, refTarget, subschemaValidator, type SchemaNode } from './local-ref.ts'

// Keywords the schema walk reads that a draft's ajv vocabulary does not have: the loop ignores them, and so must
// the walk. A draft-07 tool (no $schema, as most come) has none of these (`items` applies to every item, and its
// dependencies are `dependencies`); 2019-09 has `unevaluatedProperties`, `dependentSchemas` and
// `dependentRequired` but no `prefixItems` (its tuple is `items: [...]`).
const notInDraft: Readonly<Record<Draft, readonly string[]>> = {
  'draft-07': ['prefixItems', 'unevaluatedProperties', 'dependentSchemas', 'dependentRequired', '$recursiveRef', '$dynamicRef'],
  '2019-09': ['prefixItems'],
  '2020-12': [],
}

/** Most alternatives one schema expands to (a product of many `anyOf`s is cut here: extra ones are not judged). */
const maxAlternatives = 32

/** The value a schema is read for, when it is known (scoring judges arguments; the suite check has only matchers). */
export type KnownValue = { readonly value: unknown }

/**
 * The ways a value can be read against a schema, each a list of plain schemas that all apply to it at once: the
 * schema itself (without its combinators), its `allOf` members and `$ref` targets (`refTarget`; siblings of `$ref`
 * apply too, as in ajv) and `$recursiveRef` / `$dynamicRef` targets (`dynamicRefTarget`, not in draft-07), one branch of each `anyOf` / `oneOf`, the arm of an `if` that applies and each dependency schema
 * (`dependentSchemas`, schema-valued `dependencies`) whose key is there. Given the value, ajv decides the `if`
 * (compiled on its own, `subschemaValidator`) and its keys the dependencies; without it (or an `if` that cannot
 * stand alone) both arms, and each dependency applying or not, are readings. The caller takes the reading the
 * value fits best, as for `anyOf`. A schema without branches has one reading. Nested combinators are expanded the
 * same way; a `$ref` cycle is followed once. Boolean schemas count as ajv counts them: `true` (a branch, a member
 * or a ref's target) adds nothing, `false` leaves no reading (none at all when nothing else is left: no value fits
 * the schema). Keywords are read in the draft the loop validates `root` in (`ajv.ts` decides): a draft-07 schema's
 * `prefixItems`, `unevaluatedProperties` and `dependentSchemas` are no keywords, a 2019-09 one's `prefixItems`.
 */
export function conjunctions(schema: JsonSchema, root: JsonSchema, known?: KnownValue): JsonSchema[][] {
  return expand(schema, { root, known, ignored: notInDraft[schemaDraft(root)] }, new Set())
}

type Reading = { readonly root: JsonSchema; readonly known: KnownValue | undefined; readonly ignored: readonly string[] }

function expand(schema: JsonSchema, reading: Reading, seen: ReadonlySet<JsonSchema>): JsonSchema[][] {
  const { root, known } = reading
  const { allOf, anyOf, oneOf, $ref, if: condition, then, else: otherwise, ...rest } = schema
  // `rest` is this call's own copy: leaving keywords out of it changes no schema.
  const own: Record<string, unknown> = rest
  for (const keyword of reading.ignored) delete own[keyword]
  // The dependencies stay on the member too: the keys they name are declared (`keyIsNamed`); their schemas apply below.
  const { dependentSchemas, dependencies } = own
  const expandNode = (node: SchemaNode): JsonSchema[][] => (typeof node === 'boolean' ? (node ? [[]] : []) : expand(node, reading, seen))
  let result: JsonSchema[][] = [[own]]
  if (typeof $ref === 'string') {
    const target = refTarget($ref, root, schema)
    if (isSchema(target) && !seen.has(target)) result = product(result, expand(target, reading, new Set([...seen, target])))
    else if (target === false) return []
  }
  for (const dynamic of [own.$recursiveRef, own.$dynamicRef]) {
    const target = typeof dynamic === 'string' ? dynamicRefTarget(dynamic, root, schema) : undefined
    if (target && !seen.has(target)) result = product(result, expand(target, reading, new Set([...seen, target])))
  }
  for (const member of subschemasIn(allOf)) result = product(result, expandNode(member))
  for (const branches of [subschemasIn(anyOf), subschemasIn(oneOf)]) {
    if (branches.length > 0) result = product(result, branches.flatMap(expandNode))
  }
  if (condition !== undefined) {
    // ajv applies `then` when the value meets `if`, `else` when not; a missing arm applies nothing.
    const holds = conditionHolds(asNode(condition), root, known)
    const arms = holds === undefined ? [then, otherwise] : [holds ? then : otherwise]
    result = product(result, arms.flatMap((arm) => expandNode(asNode(arm))))
  }
  for (const [key, dependency] of [...dependencySchemas(dependentSchemas), ...dependencySchemas(dependencies)]) {
    const present = known === undefined ? undefined : isSchema(known.value) && Object.hasOwn(known.value, key)
    if (present === undefined) result = product(result, [...expandNode(dependency), []])
    else if (present) result = product(result, expandNode(dependency))
  }
  return result
}

// Whether the value meets an `if`, by ajv; undefined when the value is not known or the `if` cannot be compiled on its own.
function conditionHolds(condition: SchemaNode, root: JsonSchema, known: KnownValue | undefined): boolean | undefined {
  if (typeof condition === 'boolean') return condition
  if (known === undefined) return undefined
  const validate = subschemaValidator(root, condition)
  return validate ? validate(known.value) === true : undefined
}

function product(left: readonly JsonSchema[][], right: readonly JsonSchema[][]): JsonSchema[][] {
  return left.flatMap((first) => right.map((second) => [...first, ...second])).slice(0, maxAlternatives)
}

function subschemasIn(value: unknown): SchemaNode[] {
  return Array.isArray(value) ? value.filter((item): item is SchemaNode => typeof item === 'boolean' || isSchema(item)) : []
}

// The named schemas of `dependentSchemas` or `dependencies` (whose lists of names, `dependentRequired`'s form, are no schemas).
function dependencySchemas(value: unknown): [string, SchemaNode][] {
  if (!isSchema(value)) return []
  return Object.entries(value).filter((entry): entry is [string, SchemaNode] => typeof entry[1] === 'boolean' || isSchema(entry[1]))
}

// Anything but a schema (ajv would have refused the tool) applies nothing.
function asNode(value: unknown): SchemaNode {
  return typeof value === 'boolean' || isSchema(value) ? value : true
}
