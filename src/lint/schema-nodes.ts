import type { JsonSchema } from '../core/tool.ts'
import { isSchema } from '../schema/local-ref.ts'

/** One schema node inside a tool's parameters, with its parameter path (`city`, `filter.mode`, `attendees[]`). */
export type SchemaNode = {
  /** Dot path of the parameter; '' for the parameters object itself. */
  readonly path: string
  readonly schema: JsonSchema
  /** True for a named property (which should carry a description); false for the root and array items. */
  readonly isProperty: boolean
}

/**
 * Every schema node of a parameters object, depth first: object properties, array `items`, and the branches of
 * anyOf / oneOf / allOf (same path). $ref targets are not followed: tool schemas are usually inline.
 */
export function schemaNodes(parameters: JsonSchema): SchemaNode[] {
  const nodes: SchemaNode[] = []
  const visit = (schema: JsonSchema, path: string, isProperty: boolean, depth: number): void => {
    if (depth > 32) return // a guard against pathological nesting; real tools are a few levels deep
    nodes.push({ path, schema, isProperty })
    const properties = schema.properties
    if (isSchema(properties)) {
      for (const [name, child] of Object.entries(properties)) {
        if (isSchema(child)) visit(child, path ? `${path}.${name}` : name, true, depth + 1)
      }
    }
    if (isSchema(schema.items)) visit(schema.items, `${path}[]`, false, depth + 1)
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      const branches = schema[key]
      if (Array.isArray(branches)) for (const branch of branches) if (isSchema(branch)) visit(branch, path, false, depth + 1)
    }
  }
  visit(parameters, '', false, 0)
  return nodes
}
