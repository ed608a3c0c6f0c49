import { InputError } from '../core/errors.ts'
import type { ToolDefinition } from '../core/tool.ts'
import { specFromCommandLine } from '../mcp/command-line.ts'
import type { McpServerSpec } from '../mcp/server-spec.ts'
import { nthFlag, numberFlag, type FlagSpec } from './flags.ts'

/** The flags every command that reaches an MCP server from the command line shares. */
export const mcpServerFlags = {
  env: { type: 'string', multiple: true },
  header: { type: 'string', multiple: true },
  'connect-timeout': { type: 'string' },
} as const satisfies FlagSpec

/** Usage lines for those flags. */
export const mcpServerFlagsUsage = `  --env NAME=value       environment of a stdio server (repeatable; \${VAR} is expanded as in a suite)
  --header "Name: value" HTTP header for a URL (repeatable; \${VAR} is expanded as in a suite)
  --connect-timeout <s>  seconds to wait for the server to start and list its tools (default 30)`

/** A server spec from a command line (or URL) and the shared flags. */
export function serverFromFlags(line: string, values: { env?: string[]; header?: string[]; 'connect-timeout'?: string }, field: string): McpServerSpec {
  const env = pairs(values.env, '=', '--env', 'NAME=value')
  const headers = pairs(values.header, ':', '--header', '"Name: value"')
  const connectTimeoutSeconds = numberFlag('connect-timeout', values['connect-timeout'], { min: 0.001, unit: 'seconds' })
  return specFromCommandLine(line, { field, ...(env ? { env } : {}), ...(headers ? { headers } : {}), ...(connectTimeoutSeconds !== undefined ? { connectTimeoutSeconds } : {}) })
}

// The item is not quoted when it has no separator: what follows a header's or variable's name is usually a token
// (`--header "Authorization Bearer sk-…"`), and the message is printed and kept in CI logs.
function pairs(list: readonly string[] | undefined, separator: string, flag: string, expected: string): Record<string, string> | undefined {
  if (!list || list.length === 0) return undefined
  return Object.fromEntries(list.map((item, index) => {
    const at = item.indexOf(separator)
    if (at <= 0) throw new InputError(`expected ${expected}, got a value with no "${separator}" ${at === 0 ? 'after a name' : 'in it'} (${nthFlag(index, flag)}; not shown, as it may hold a credential)`, { field: flag })
    return [item.slice(0, at).trim(), item.slice(at + 1).trim()]
  }))
}

/** The tool definitions of the server on a command line (`--mcp`); a server that fails to start is bad input. */
export async function toolsOfServer(line: string, values: { env?: string[]; header?: string[]; 'connect-timeout'?: string }): Promise<ToolDefinition[]> {
  const spec = serverFromFlags(line, values, '--mcp')
  const { listServerTools } = await import('../mcp/list-server.ts')
  const { McpServerError } = await import('../mcp/server-error.ts')
  const { redactDeep } = await import('../http/redact.ts')
  try {
    // A definition may quote the server's ${VAR} values; lint-tools and tokens print and count it (tokens keeps its
    // lines in the user cache): redacted first.
    return redactDeep((await listServerTools(spec)).tools.map((tool) => tool.definition), spec.secrets)
  } catch (error) {
    throw McpServerError.isInstance(error) ? new InputError(error.message, { field: '--mcp' }) : error
  }
}
