import { InputError } from '../core/errors.ts'
import type { JsonSchema, ToolDefinition } from '../core/tool.ts'
import type { SourceDocument } from '../io/read-document.ts'
import { schemaProblems } from '../schema/ajv.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { mcpOriginOf, noteMcpOrigin } from '../mcp/tool-origins.ts'

type Path = (string | number)[]

/**
 * Applies a description patch — `{ <tool>: { description?, parameters?: { properties: { <param>: { description … } } } } }`
 * — over the base tools: objects merge key by key, anything else (strings, arrays such as `enum` or `required`)
 * replaces. A tool the patch names must exist in `knownTools` (every tool the run's suites define), and every
 * property it names under `properties` must exist in the base schema at that place: a typo would otherwise add a
 * parameter nobody asked for. Tools of other suites are skipped. Errors name the file, line and field, with a
 * "did you mean".
 */
export function applyToolPatch(base: readonly ToolDefinition[], patch: Record<string, unknown>, document: SourceDocument, knownTools: ReadonlySet<string>): ToolDefinition[] {
  const at = (path: Path, message: string) => new InputError(message, { file: document.file, line: document.lineOf(path), field: path.join('.') })
  for (const [name, entry] of Object.entries(patch)) {
    if (!knownTools.has(name)) throw at([name], `unknown tool "${name}"${didYouMean(name, knownTools)}; a patch may only change tools the suite defines (${[...knownTools].join(', ')})`)
    if (!isPlainObject(entry)) throw at([name], 'expected an object such as { description: …, parameters: { properties: { <param>: { description: … } } } }')
    for (const key of Object.keys(entry)) {
      if (key !== 'description' && key !== 'parameters') throw at([name, key], `a patch changes "description" and "parameters" only${didYouMean(key, ['description', 'parameters'])}`)
    }
    if (entry.description !== undefined && typeof entry.description !== 'string') throw at([name, 'description'], 'expected a string')
    if (entry.parameters !== undefined && !isPlainObject(entry.parameters)) throw at([name, 'parameters'], 'expected an object (a partial JSON Schema)')
  }
  return base.map((tool) => {
    const entry = patch[tool.name] as { description?: string; parameters?: Record<string, unknown> } | undefined
    if (!entry) return tool
    if (entry.parameters) checkProperties(tool.parameters, entry.parameters, [tool.name, 'parameters'], at)
    const parameters = entry.parameters ? (deepMerge(tool.parameters, entry.parameters) as JsonSchema) : tool.parameters
    const problems = entry.parameters ? schemaProblems(parameters) : []
    if (problems.length > 0) throw at([tool.name, 'parameters'], `the patched parameters of "${tool.name}" are not a valid JSON Schema: ${problems.join('; ')}`)
    const patched = { ...tool, ...(entry.description !== undefined ? { description: entry.description } : {}), parameters }
    // A patched MCP tool is still its server's tool: a refusal of its name must name the server, not advise a rename.
    const origin = mcpOriginOf(tool)
    if (origin) noteMcpOrigin(patched, origin)
    return patched
  })
}

/** Every key under a `properties` object of the patch must name a property the base defines at that place. */
function checkProperties(base: unknown, patch: Record<string, unknown>, path: Path, at: (path: Path, message: string) => InputError): void {
  const baseObject = isPlainObject(base) ? base : {}
  for (const [key, value] of Object.entries(patch)) {
    if (key === 'properties' && isPlainObject(value)) {
      const defined = isPlainObject(baseObject.properties) ? baseObject.properties : {}
      for (const [param, child] of Object.entries(value)) {
        if (!(param in defined)) {
          const tool = String(path[0])
          throw at([...path, 'properties', param], `unknown parameter "${param}" of tool "${tool}"${didYouMean(param, Object.keys(defined))}; a patch may only change parameters the tool defines`)
        }
        if (isPlainObject(child)) checkProperties(defined[param], child, [...path, 'properties', param], at)
      }
    } else if (key === 'items' && isPlainObject(value)) {
      checkProperties(baseObject.items, value, [...path, 'items'], at)
    }
  }
}

/** Objects merge key by key (recursively); any other patch value replaces the base value. */
function deepMerge(base: unknown, patch: unknown): unknown {
  if (!isPlainObject(base) || !isPlainObject(patch)) return patch
  const merged: Record<string, unknown> = { ...base }
  for (const [key, value] of Object.entries(patch)) merged[key] = key in base ? deepMerge(base[key], value) : value
  return merged
}
