import type { JsonSchema } from '../core/tool.ts'
import { isSchema } from './local-ref.ts'

/** How the object schemas that all apply to one value treat one of its keys. */
export type KeyStatus = 'declared' | 'undeclared' | 'forbidden'

/** Whether an object schema names a key: in `properties` or matching a `patternProperties` pattern. */
export function keyIsListed(schema: JsonSchema, key: string): boolean {
  if (isSchema(schema.properties) && Object.hasOwn(schema.properties, key)) return true
  return isSchema(schema.patternProperties) && Object.keys(schema.patternProperties).some((pattern) => new RegExp(pattern, 'u').test(key))
}

/**
 * How a conjunction of object schemas (a schema with its `allOf` members and `$ref` targets, refs resolved) treats
 * a key. `forbidden`: a member says `additionalProperties: false` without naming it — whether or not that member
 * lists `properties` (`{ type: object, additionalProperties: false }` takes no key at all) — or
 * `unevaluatedProperties: false` and no member names or allows it. `declared`: a member names it or explicitly
 * allows extra keys (`additionalProperties: true` or a schema), or no member lists `properties` (a free-form
 * object). `undeclared`: the object lists its properties and this key is not among them (JSON Schema would let it
 * through, but a model that sends it made it up). The one rule for scoring hallucinated parameters, for what an
 * MCP server is sent and for checking a suite's expectations.
 */
export function keyStatus(members: readonly JsonSchema[], key: string): KeyStatus {
  if (members.some((member) => member.additionalProperties === false && !keyIsListed(member, key))) return 'forbidden'
  const allowed = members.some((member) => keyIsListed(member, key) || allowsExtraKeys(member))
  if (!allowed && members.some((member) => member.unevaluatedProperties === false)) return 'forbidden'
  if (allowed || !members.some((member) => isSchema(member.properties))) return 'declared'
  return 'undeclared'
}

function allowsExtraKeys(schema: JsonSchema): boolean {
  const extra = schema.additionalProperties
  return extra === true || isSchema(extra) || schema.unevaluatedProperties === true || isSchema(schema.unevaluatedProperties)
}
