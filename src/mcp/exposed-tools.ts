import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js'
import type { JsonSchema, ToolDefinition } from '../core/tool.ts'
import type { McpTool } from './session.ts'

/** Separator between a server's namespace and a tool name when names collide: `files__read_file`. */
const namespaceSeparator = '__'

/** A server's tool as the model is offered it. */
export type ExposedMcpTool = {
  /** The definition the model sees (name namespaced on collision). */
  readonly definition: ToolDefinition
  /** The name the server knows the tool by. */
  readonly serverTool: string
  readonly annotations?: ToolAnnotations
}

/** The tools of one server, with the namespace its tools get when names collide. */
export type ServerTools = { readonly namespace: string; readonly tools: readonly McpTool[] }

/**
 * Turns the servers' tools into definitions: `inputSchema` becomes `parameters`, the description is kept as
 * the server wrote it (the title when there is none). A name offered by more than one source (another server
 * or the suite's own tools) becomes `<namespace>__<name>` for every server that offers it; the suite's own
 * tools keep their names. Returns the exposed tools per server, in the order given.
 */
export function exposeTools(servers: readonly ServerTools[], otherNames: ReadonlySet<string>): ExposedMcpTool[][] {
  const count = new Map<string, number>()
  for (const name of [...otherNames, ...servers.flatMap((server) => server.tools.map((tool) => tool.name))]) count.set(name, (count.get(name) ?? 0) + 1)
  return servers.map((server) => server.tools.map((tool): ExposedMcpTool => {
    const name = (count.get(tool.name) ?? 0) > 1 ? `${server.namespace}${namespaceSeparator}${tool.name}` : tool.name
    const description = tool.description ?? tool.title
    return {
      definition: { name, ...(description !== undefined ? { description } : {}), parameters: tool.inputSchema as JsonSchema },
      serverTool: tool.name,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
    }
  }))
}

/** A namespace from the server's reported name: letters, digits, `_` and `-` only (what tool-name rules allow). */
export function namespaceOf(name: string | undefined, serverName: string): string {
  return (name ?? serverName).replace(/[^A-Za-z0-9_-]+/g, '_') || 'mcp'
}
