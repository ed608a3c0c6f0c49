import type { JsonSchema, ToolDefinition } from '../core/tool.ts'

/** A problem found while normalizing one tool entry: the field (relative to the entry) and what was expected. */
export type ToolShapeProblem = { readonly field: string; readonly expected: string }

/**
 * Turns one tool entry in any accepted form — OpenAI `{type:'function', function:{…}}`, bare
 * `{name, description, parameters}`, Anthropic `{name, description, input_schema}` — into a ToolDefinition.
 * Returns a problem instead of throwing so callers can name the file and line.
 */
export function normalizeTool(entry: unknown): ToolDefinition | ToolShapeProblem {
  if (!isObject(entry)) return { field: '', expected: 'an object (OpenAI, bare or Anthropic tool form)' }
  if (entry.type === 'function' && isObject(entry.function)) {
    const inner = normalizeBare(entry.function)
    return 'expected' in inner ? { field: `function.${inner.field}`.replace(/\.$/, ''), expected: inner.expected } : inner
  }
  return normalizeBare(entry)
}

function normalizeBare(entry: Record<string, unknown>): ToolDefinition | ToolShapeProblem {
  if (typeof entry.name !== 'string' || entry.name === '') return { field: 'name', expected: 'a non-empty string' }
  if (entry.description !== undefined && typeof entry.description !== 'string') {
    return { field: 'description', expected: 'a string' }
  }
  const schemaField = entry.input_schema !== undefined ? 'input_schema' : 'parameters'
  const schema = entry[schemaField] ?? { type: 'object', properties: {} }
  if (!isObject(schema)) return { field: schemaField, expected: 'a JSON Schema object' }
  return {
    name: entry.name,
    ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
    parameters: schema as JsonSchema,
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
