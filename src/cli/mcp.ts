import { InputError, UsageError } from '../core/errors.ts'
import { listServerTools, type ServerToolList } from '../mcp/list-server.ts'
import { McpServerError } from '../mcp/server-error.ts'
import { redactDeep } from '../http/redact.ts'
import { exitCodes } from './command.ts'
import { defineCommand } from './flags.ts'
import { inert, inertDeep, inertJson } from '../report/terminal-text.ts'
import { mcpServerFlags, mcpServerFlagsUsage, serverFromFlags } from './mcp-flags.ts'

const usage = `toolgauge mcp list "<command line | URL>" [--json] [--env NAME=value] [--header "Name: value"] [--connect-timeout <s>]

Starts an MCP server (stdio: the command line; streamable HTTP: an http(s) URL), prints its tools — name,
annotations, description, parameters, and whether a run would execute calls to it live — and closes it.

  --json                 print { server, tools: [{ name, title, description, inputSchema, annotations, runsLive }] }
${mcpServerFlagsUsage}

Example: toolgauge mcp list "npx -y @modelcontextprotocol/server-filesystem /tmp/files"
Exit codes: 0 ok, 2 bad input or a server that failed to start (the message names it and ends with its stderr).`

/** `toolgauge mcp list`: a server's tools as toolgauge would offer them. */
export const command = defineCommand(usage, { ...mcpServerFlags, json: { type: 'boolean' } }, async ({ values, positionals }) => {
  const [sub, line, ...rest] = positionals
  if (sub !== 'list') throw new UsageError(`expected the subcommand "list", got ${sub === undefined ? 'none' : `"${sub}"`}`)
  if (line === undefined) throw new UsageError('expected the server\'s command line or URL, quoted as one argument')
  if (rest.length > 0) throw new UsageError(`unexpected argument "${rest[0]}" (quote the whole command line as one argument)`)
  const spec = serverFromFlags(line, values, 'mcp list')
  let listed: ServerToolList
  try {
    // What the server says may quote the ${VAR} values it was started with: redacted like a run's results.
    listed = redactDeep(await listServerTools(spec), spec.secrets)
  } catch (error) {
    if (McpServerError.isInstance(error)) throw new InputError(error.message)
    throw error
  }
  // Every name and description is the server's: inert text, and JSON with its controls \u-escaped.
  process.stdout.write(values.json ? `${inertJson(JSON.stringify(asJson(listed), null, 2))}\n` : renderList(inertDeep(listed), inert(spec.label)))
  return exitCodes.ok
})

function asJson(listed: ServerToolList) {
  return {
    server: { name: listed.serverName },
    tools: listed.tools.map((tool) => ({
      name: tool.serverTool,
      ...(tool.definition.description !== undefined ? { description: tool.definition.description } : {}),
      inputSchema: tool.definition.parameters,
      ...(tool.annotations ? { annotations: tool.annotations } : {}),
      runsLive: tool.runsLive,
    })),
  }
}

/** Plain text: one block per tool, the parameters on one line, long descriptions cut to their first line. */
function renderList(listed: ServerToolList, label: string): string {
  const lines = [`${listed.serverName || '(unnamed server)'}: ${listed.tools.length} tool${listed.tools.length === 1 ? '' : 's'} (${label})`, '']
  for (const tool of listed.tools) {
    const hints = Object.entries(tool.annotations ?? {}).filter(([key, value]) => key.endsWith('Hint') && value === true).map(([key]) => key.replace(/Hint$/, ''))
    lines.push(`${tool.serverTool}${hints.length > 0 ? `  [${hints.join(', ')}]` : ''}${tool.runsLive ? '' : `  (not executed in runs unless allowed: allow: [${tool.serverTool}])`}`)
    const description = (tool.definition.description ?? '').trim().split('\n')[0] ?? ''
    if (description) lines.push(`  ${description.length > 160 ? `${description.slice(0, 157)}…` : description}`)
    const parameters = describeParameters(tool.definition.parameters)
    if (parameters) lines.push(`  params: ${parameters}`)
  }
  return `${lines.join('\n')}\n`
}

function describeParameters(schema: { readonly [key: string]: unknown }): string {
  const properties = (schema.properties ?? {}) as Record<string, { type?: unknown }>
  const required = new Set(Array.isArray(schema.required) ? schema.required as string[] : [])
  return Object.entries(properties).map(([name, property]) => {
    const type = Array.isArray(property.type) ? property.type.join('|') : typeof property.type === 'string' ? property.type : 'any'
    return `${name} (${type}${required.has(name) ? ', required' : ''})`
  }).join(', ')
}
