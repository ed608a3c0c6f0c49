import { InputError } from '../core/errors.ts'
import { McpServers } from './mcp-servers.ts'

/**
 * MCP servers opened by the caller for many library calls (`openMcpServers`): `loadSuite` lists a suite's tools
 * on them and `runCase` runs its case's calls there (`mcp` option of both), so a loop of calls starts each server
 * once. The caller owns them: `close()` (or `await using`) ends every process; calls given them afterwards are
 * refused.
 */
export type McpServerPool = {
  /** Whether `close()` was called: such servers are refused by `runCase` and `loadSuite`. */
  readonly closed: boolean
  /** Ends every server process (waits until each is gone); `per_case` servers already end with their case. */
  close(): Promise<void>
  /** `close()`, for `await using servers = openMcpServers()`. */
  [Symbol.asyncDispose](): Promise<void>
}

/**
 * Opens a set of MCP servers for the caller to keep across `loadSuite` and `runCase` calls: each server a suite
 * names starts on first use (listing its tools, or the first call to one) and stays up until `close()`; one that
 * exits, hangs or breaks the protocol is restarted for the next case that needs it, as in `toolgauge run`; a failed
 * start (the first or a restart) is tried again by the next loadSuite or case that needs it, at most 3 failed starts
 * per server.
 */
export function openMcpServers(): McpServerPool {
  return new McpServers()
}

/**
 * The servers behind a pool given as `field` (`runCase request.mcp`): a TypeError for what openMcpServers did not
 * make, bad input once closed — refused before anything starts, rather than each call failing on a closed server.
 */
export function serversOf(pool: McpServerPool, field: string): McpServers {
  if (!(pool instanceof McpServers)) throw new TypeError(`${field}: takes the servers openMcpServers() returns`)
  if (pool.closed) throw new InputError('the MCP servers were closed (close() was called); open new ones with openMcpServers()', { field })
  return pool
}
