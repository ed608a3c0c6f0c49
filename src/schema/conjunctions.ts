import type { JsonSchema } from '../core/tool.ts'
import { isSchema, refTarget } from './local-ref.ts'

/** Most alternatives one schema expands to (a product of many `anyOf`s is cut here: extra ones are not judged). */
const maxAlternatives = 32

/**
 * The ways a value can be read against a schema, each a list of plain schemas that all apply to it at once: the
 * schema itself (without its combinators), its `allOf` members and local `$ref` targets (siblings of `$ref` apply
 * too, as in ajv), and one branch of each `anyOf` / `oneOf`. A schema without branches has one alternative.
 * Nested combinators are expanded the same way; a `$ref` cycle is followed once.
 */
export function conjunctions(schema: JsonSchema, root: JsonSchema): JsonSchema[][] {
  return expand(schema, root, new Set())
}

function expand(schema: JsonSchema, root: JsonSchema, seen: ReadonlySet<string>): JsonSchema[][] {
  const { allOf, anyOf, oneOf, $ref, ...own } = schema
  let result: JsonSchema[][] = [[own]]
  if (typeof $ref === 'string' && !seen.has($ref)) {
    const target = refTarget($ref, root)
    if (target) result = product(result, expand(target, root, new Set([...seen, $ref])))
  }
  for (const member of schemasIn(allOf)) result = product(result, expand(member, root, seen))
  for (const branches of [schemasIn(anyOf), schemasIn(oneOf)]) {
    if (branches.length > 0) result = product(result, branches.flatMap((branch) => expand(branch, root, seen)))
  }
  return result
}

function product(left: readonly JsonSchema[][], right: readonly JsonSchema[][]): JsonSchema[][] {
  return left.flatMap((first) => right.map((second) => [...first, ...second])).slice(0, maxAlternatives)
}

function schemasIn(value: unknown): JsonSchema[] {
  return Array.isArray(value) ? value.filter(isSchema) : []
}
