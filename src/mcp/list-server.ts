import { exposeTools, type ExposedMcpTool } from './exposed-tools.ts'
import { McpServers } from './mcp-servers.ts'
import type { McpServerSpec } from './server-spec.ts'
import { runsLive } from './tool-stub.ts'

/** A server's tools as `mcp list`, `tokens --mcp` and `lint-tools --mcp` see them. */
export type ServerToolList = {
  readonly serverName: string
  readonly tools: readonly (ExposedMcpTool & { readonly runsLive: boolean })[]
}

/** Starts a server, lists its tools and closes it again (the process is gone when this resolves). */
export async function listServerTools(spec: McpServerSpec): Promise<ServerToolList> {
  return McpServers.during(async (servers) => {
    const listing = await servers.list(spec)
    const [exposed = []] = exposeTools([{ namespace: listing.serverName, tools: listing.tools }], new Set())
    return {
      serverName: listing.serverName,
      tools: exposed.map((tool) => ({ ...tool, runsLive: runsLive(tool, spec) })),
    }
  })
}
