import type { JsonSchema } from '../core/tool.ts'
import { acceptsNothing } from './key-errors.ts'
import { isSchema, subschemaValidator } from './local-ref.ts'

/** How the object schemas that all apply to one value treat one of its keys. */
export type KeyStatus = 'declared' | 'undeclared' | 'forbidden'

/** Whether an object schema names a key: in `properties` or matching a `patternProperties` pattern. */
export function keyIsListed(schema: JsonSchema, key: string): boolean {
  if (isSchema(schema.properties) && Object.hasOwn(schema.properties, key)) return true
  return isSchema(schema.patternProperties) && Object.keys(schema.patternProperties).some((pattern) => new RegExp(pattern, 'u').test(key))
}

// Whether an object schema names a key the object may or must hold without giving it a schema: in `required`, or in
// a dependency (`dependentRequired`, `dependencies`: a key and the keys its list names; `dependentSchemas`: a key).
// ajv accepts such a key where no rule forbids it, and the schema's author wrote it: the model did not make it up.
function keyIsNamed(schema: JsonSchema, key: string): boolean {
  if (Array.isArray(schema.required) && schema.required.includes(key)) return true
  return [schema.dependentRequired, schema.dependencies, schema.dependentSchemas].some((dependencies) =>
    isSchema(dependencies) && Object.entries(dependencies).some(([name, needed]) => name === key || (Array.isArray(needed) && needed.includes(key))))
}

/**
 * How a conjunction of object schemas (a schema with its `allOf` members and `$ref` targets, refs resolved) treats
 * a key. `forbidden`: a member says `additionalProperties: false` without naming it — whether or not that member
 * lists `properties` (`{ type: object, additionalProperties: false }` takes no key at all) — or
 * `unevaluatedProperties: false` and no member names or allows it; a member's schema for the key accepts nothing
 * (`properties: { x: false }`, a matching `patternProperties` pattern's, `{ not: {} }` for `false`:
 * `acceptsNothing`), or its `propertyNames` refuses the name (ajv decides, the rule compiled on its own with `root`'s
 * definitions). `declared`: a member lists it, explicitly allows extra keys (`additionalProperties: true` or a
 * schema) or names it in `required` or a dependency (`keyIsNamed`), or no member lists `properties` (a free-form
 * object). `undeclared`: the object lists its properties and
 * this key is not among them (JSON Schema would let it through, but a model that sends it made it up). The one rule
 * for scoring hallucinated parameters, for what an MCP server is sent and for checking a suite's expectations.
 */
export function keyStatus(members: readonly JsonSchema[], key: string, root: JsonSchema): KeyStatus {
  if (members.some((member) => forbids(member, key, root))) return 'forbidden'
  const allowed = members.some((member) => keyIsListed(member, key) || allowsExtraKeys(member))
  if (!allowed && members.some((member) => acceptsNothing(member.unevaluatedProperties))) return 'forbidden'
  // Naming a key in `required` or a dependency evaluates nothing: `unevaluatedProperties: false` still refuses it, above.
  if (allowed || members.some((member) => keyIsNamed(member, key)) || !members.some((member) => isSchema(member.properties))) return 'declared'
  return 'undeclared'
}

// Whether one object schema refuses the key whatever its value, as ajv refuses it.
function forbids(member: JsonSchema, key: string, root: JsonSchema): boolean {
  if (acceptsNothing(member.additionalProperties) && !keyIsListed(member, key)) return true
  if (isSchema(member.properties) && Object.hasOwn(member.properties, key) && acceptsNothing(member.properties[key])) return true
  if (isSchema(member.patternProperties) && Object.entries(member.patternProperties).some(([pattern, child]) => acceptsNothing(child) && new RegExp(pattern, 'u').test(key))) return true
  return namesRefused(member.propertyNames, key, root)
}

// `propertyNames` refuses the key: `false` refuses every name; a schema, by ajv (one that cannot stand alone decides nothing).
function namesRefused(names: unknown, key: string, root: JsonSchema): boolean {
  if (names === false) return true
  if (!isSchema(names)) return false
  const validate = subschemaValidator(root, names)
  return validate !== undefined && !validate(key)
}

function allowsExtraKeys(schema: JsonSchema): boolean {
  const { additionalProperties: extra, unevaluatedProperties: unevaluated } = schema
  return extra === true || (isSchema(extra) && !acceptsNothing(extra)) || unevaluated === true || (isSchema(unevaluated) && !acceptsNothing(unevaluated))
}

/** The schemas one object schema applies to the value of `key`: its property, matching patterns, else extra keys'. */
export function valueSchemas(schema: JsonSchema, key: string): JsonSchema[] {
  const properties = isSchema(schema.properties) ? schema.properties : {}
  const named = Object.hasOwn(properties, key) && isSchema(properties[key]) ? [properties[key] as JsonSchema] : []
  const patterns = isSchema(schema.patternProperties) ? schema.patternProperties : {}
  const matching = Object.entries(patterns).filter(([pattern, child]) => isSchema(child) && new RegExp(pattern, 'u').test(key)).map(([, child]) => child as JsonSchema)
  const extra = !keyIsListed(schema, key) && isSchema(schema.additionalProperties) ? [schema.additionalProperties] : []
  return [...named, ...matching, ...extra]
}

/** The schema one array schema applies at `index`: a tuple position (2020 `prefixItems`, draft-07 `items: [...]`) or `items`. */
export function itemSchemas(schema: JsonSchema, index: number): JsonSchema[] {
  const { prefixItems, items, additionalItems } = schema
  const tuple = Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : undefined
  if (tuple && index < tuple.length) return isSchema(tuple[index]) ? [tuple[index] as JsonSchema] : []
  const rest = Array.isArray(prefixItems) || !Array.isArray(items) ? items : additionalItems
  return isSchema(rest) ? [rest] : []
}

/**
 * The one schema a conjunction of schemas applies to one child of the value — an object's key (`valueSchemas`) or
 * an array's index (`itemSchemas`) — as an `allOf` when several members apply; undefined when none does (the
 * child is free). What the scoring walk descends into, and what the suite check checks a matcher against.
 */
export function childSchema(members: readonly JsonSchema[], step: string | number): JsonSchema | undefined {
  const schemas = members.flatMap((member) => (typeof step === 'number' ? itemSchemas(member, step) : valueSchemas(member, step)))
  return schemas.length <= 1 ? schemas[0] : { allOf: schemas }
}
