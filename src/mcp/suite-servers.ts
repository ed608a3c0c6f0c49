import { existsSync } from 'node:fs'
import type { StubSpec } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { schemaProblems } from '../schema/ajv.ts'
import { exposeTools, namespaceOf } from './exposed-tools.ts'
import type { McpServers } from './mcp-servers.ts'
import { McpServerError } from './server-error.ts'
import { parseServerEntry, type McpServerSpec } from './server-spec.ts'

/** One `- mcp: {…}` entry of a suite's `tools:` list and where it is. */
export type ServerEntry = { readonly raw: Record<string, unknown>; readonly path: readonly (string | number)[] }

/** Locates problems in the suite file. */
export type Locate = (path: (string | number)[], message: string) => InputError

/** The tools the servers offer (in entry order) and the stubs that answer calls to them. */
export type SuiteServerTools = { readonly tools: readonly ToolDefinition[][]; readonly stubs: Readonly<Record<string, StubSpec>> }

/**
 * Starts (or reuses) each server a suite names, lists its tools and turns them into definitions and stubs —
 * names namespaced where they collide with `otherNames` or another server's. A server that fails to start, hangs
 * or breaks the protocol is an InputError (exit 2) naming the entry, the command and the server's stderr.
 */
export async function loadServerTools(entries: readonly ServerEntry[], base: string, otherNames: ReadonlySet<string>, servers: McpServers, at: Locate): Promise<SuiteServerTools> {
  const specs = entries.map((entry) => {
    const spec = parseServerEntry(entry.raw, base, (field, message) => at([...entry.path, ...field.split('.')], message))
    if (spec.workdir && !existsSync(spec.workdir)) throw at([...entry.path, 'workdir'], `folder not found: ${spec.workdir}`)
    return spec
  })
  const listings = await Promise.all(specs.map(async (spec, index) => {
    try {
      return await servers.list(spec)
    } catch (error) {
      if (McpServerError.isInstance(error)) throw at([...entries[index]?.path ?? []], error.message)
      throw error
    }
  }))
  const exposed = exposeTools(listings.map((listing, index) => ({ namespace: namespaceOf(specs[index]?.name, listing.serverName), tools: listing.tools })), otherNames)
  const stubs: Record<string, StubSpec> = {}
  exposed.forEach((tools, index) => {
    const spec = specs[index] as McpServerSpec
    for (const tool of tools) {
      const problems = schemaProblems(tool.definition.parameters)
      if (problems.length > 0) throw at([...entries[index]?.path ?? []], `MCP server "${spec.label}": the inputSchema of tool "${tool.serverTool}" is not a valid JSON Schema: ${problems.join('; ')}`)
      stubs[tool.definition.name] = servers.stub(tool, spec)
    }
  })
  return { tools: exposed.map((tools) => tools.map((tool) => tool.definition)), stubs }
}
