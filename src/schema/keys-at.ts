import type { JsonSchema } from '../core/tool.ts'
import { conjunctions } from './conjunctions.ts'
import { itemSchemas, valueSchemas } from './declared-keys.ts'
import { isSchema } from './local-ref.ts'

/**
 * The property names a schema declares for the object found at `path` inside a value it validates, over every
 * reading that could apply there (`allOf`, `anyOf`, `oneOf`, local `$ref`s): the names a misspelled key was meant to
 * be one of. Empty when nothing declares properties there.
 */
export function declaredKeysAt(root: JsonSchema, path: readonly (string | number)[]): string[] {
  let schemas: JsonSchema[] = [root]
  for (const step of path) schemas = membersOf(schemas, root).flatMap((member) => childSchemas(member, step))
  const keys = membersOf(schemas, root).flatMap((member) => (isSchema(member.properties) ? Object.keys(member.properties) : []))
  return [...new Set(keys)]
}

function membersOf(schemas: readonly JsonSchema[], root: JsonSchema): JsonSchema[] {
  return schemas.flatMap((schema) => conjunctions(schema, root).flat())
}

/** The schemas that apply to one child (array index or object key) of a value `member` validates. */
function childSchemas(member: JsonSchema, step: string | number): JsonSchema[] {
  // A numeric step may also be an object's key ("0"): a path does not say which it is.
  const items = typeof step === 'number' ? itemSchemas(member, step) : []
  return [...items, ...valueSchemas(member, String(step))]
}
