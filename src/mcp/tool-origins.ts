import type { McpServerSpec } from './server-spec.ts'

/**
 * The server entry each MCP stub and tool definition was made from (`McpServers.stub`), every kind. A Suite loaded
 * beforehand is run by `runCase` under servers that never listed its specs, and `bindCase` learns their secrets
 * here — a tool's description may quote them even where no call reaches the server; a provider's tool-name check
 * names the server a refused tool came from. Weak: a Suite let go of takes its entries along. No imports beyond
 * types, so a provider reading it loads nothing of MCP.
 */
const origins = new WeakMap<object, McpServerSpec>()

/** Notes that `item` (a stub or a tool definition) was made from the server entry `spec`. */
export function noteMcpOrigin(item: object, spec: McpServerSpec): void {
  origins.set(item, spec)
}

/** The server entry a stub or tool definition was made from; none for the suite's own tools. */
export function mcpOriginOf(item: object): McpServerSpec | undefined {
  return origins.get(item)
}
