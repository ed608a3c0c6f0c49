import { schemaNodes } from '../schema-nodes.ts'
import type { LintDraft, LintRule } from '../types.ts'

/** missing-param-description: a named parameter without a description (its meaning, format, unit, default). */
export const missingParamDescription: LintRule = {
  id: 'missing-param-description',
  defaultSeverity: 'warning',
  summary: 'a parameter has no description',
  check: ({ tools }) => tools.flatMap((tool) => schemaNodes(tool.parameters)
    .filter((node) => node.isProperty && (typeof node.schema.description !== 'string' || node.schema.description.trim() === ''))
    .map((node): LintDraft => ({ tool: tool.name, param: node.path, message: `parameter "${node.path}" has no description: say what it means, its format or unit, and its default` }))),
}

/** enum-without-type: an `enum` without `type` (some providers drop or mis-render untyped enums). */
export const enumWithoutType: LintRule = {
  id: 'enum-without-type',
  defaultSeverity: 'warning',
  summary: 'a parameter has an enum but no type',
  check: ({ tools }) => tools.flatMap((tool) => schemaNodes(tool.parameters)
    .filter((node) => Array.isArray(node.schema.enum) && node.schema.type === undefined)
    .map((node): LintDraft => {
      const where = node.path === '' ? 'the parameters object' : `parameter "${node.path}"`
      const types = [...new Set((node.schema.enum as unknown[]).map((value) => (value === null ? 'null' : typeof value)))]
      return { tool: tool.name, ...(node.path ? { param: node.path } : {}), message: `${where} has an enum but no type: add "type": "${types.length === 1 ? types[0] : types.join('" | "')}"` }
    })),
}

/** required-not-in-properties: `required` names a property the schema does not define (no valid call can satisfy it reliably). */
export const requiredNotInProperties: LintRule = {
  id: 'required-not-in-properties',
  defaultSeverity: 'error',
  summary: '`required` names a property that is not defined',
  check: ({ tools }) => tools.flatMap((tool) => schemaNodes(tool.parameters).flatMap((node): LintDraft[] => {
    const required = node.schema.required
    if (!Array.isArray(required)) return []
    const properties = node.schema.properties
    const defined = new Set(typeof properties === 'object' && properties !== null ? Object.keys(properties) : [])
    return required
      .filter((name): name is string => typeof name === 'string' && !defined.has(name))
      .map((name) => {
        const param = node.path ? `${node.path}.${name}` : name
        return { tool: tool.name, param, message: `"${param}" is required but not defined in properties` }
      })
  })),
}
