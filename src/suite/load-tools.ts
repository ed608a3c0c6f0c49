import { dirname, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { schemaProblems } from '../schema/ajv.ts'
import { normalizeTool } from './normalize-tools.ts'
import { readDocument, type SourceDocument } from '../io/read-document.ts'

/**
 * Normalizes and checks a list of tool entries found at `path` inside `document`.
 * Each tool must have a unique name and parameters that are a valid JSON Schema.
 */
export function toolsFromList(list: unknown, document: SourceDocument, path: readonly (string | number)[]): ToolDefinition[] {
  const field = path.join('.')
  if (!Array.isArray(list)) {
    throw new InputError('expected a list of tool definitions', { file: document.file, line: document.lineOf(path), field })
  }
  const tools = list.map((entry, index) => toolFromEntry(entry, document, [...path, index]))
  checkUniqueNames(document, tools.map((tool, index) => ({ tool, path: [...path, index] })))
  return tools
}

/** Normalizes and checks one tool entry at `entryPath` (its parameters must be a valid JSON Schema). */
export function toolFromEntry(entry: unknown, document: SourceDocument, entryPath: readonly (string | number)[]): ToolDefinition {
  const tool = normalizeTool(entry)
  if ('message' in tool) {
    const fieldPath = tool.field ? [...entryPath, ...tool.field.split('.')] : entryPath
    throw new InputError(tool.message, {
      file: document.file,
      line: document.lineOf(fieldPath),
      field: fieldPath.join('.'),
    })
  }
  const problems = schemaProblems(tool.parameters)
  if (problems.length > 0) {
    throw new InputError(`parameters of tool "${tool.name}" is not a valid JSON Schema: ${problems.join('; ')}`, {
      file: document.file,
      line: document.lineOf(entryPath),
      field: `${entryPath.join('.')}.parameters`,
    })
  }
  return tool
}

/** A tool and the path of its entry in the document that lists it. */
export type PlacedTool = { readonly tool: ToolDefinition; readonly path: readonly (string | number)[] }

/** Tool names must be unique within a set: the second use is an InputError at its own entry. */
export function checkUniqueNames(document: SourceDocument, entries: readonly PlacedTool[]): void {
  const seen = new Set<string>()
  for (const { tool, path } of entries) {
    if (seen.has(tool.name)) {
      throw new InputError(`duplicate tool name "${tool.name}"`, { file: document.file, line: document.lineOf(path), field: `${path.join('.')}.name` })
    }
    seen.add(tool.name)
  }
}

/**
 * Loads tool definitions from a tools file (a JSON/YAML list, or `{tools: [...]}`) or from a suite file
 * (its `tools:` field, inline or a relative path). Used by `tokens`, `fuzz` and the suite loader.
 */
export function loadToolsFile(file: string): ToolDefinition[] {
  const absolute = resolve(file)
  const document = readDocument(absolute)
  const value = document.value
  if (Array.isArray(value)) return toolsFromList(value, document, [])
  if (isPlainObject(value) && 'tools' in value) {
    const tools = value.tools
    if (typeof tools === 'string') return loadToolsFile(resolve(dirname(absolute), tools))
    return toolsFromList(tools, document, ['tools'])
  }
  throw new InputError('expected a list of tool definitions, or an object with a `tools` field', { file: absolute, line: 1 })
}
