import { parse } from 'shell-quote'
import { InputError } from '../core/errors.ts'
import { parseServerEntry, type McpServerSpec } from './server-spec.ts'

/** Options a command line cannot carry: environment, headers, timeouts (`--env`, `--header`, `--timeout`). */
export type CommandLineOptions = {
  readonly env?: { readonly [name: string]: string }
  readonly headers?: { readonly [name: string]: string }
  readonly connectTimeoutSeconds?: number
  /** The flag the line came from, for messages (`--mcp`, `mcp list`). */
  readonly field: string
}

/**
 * A server from a command line as a user types it (`npx -y @modelcontextprotocol/server-memory`,
 * `node server.js --root "my files"`) or an http(s) URL. Quoting follows the POSIX shell (shell-quote);
 * pipes, redirections and other operators are refused: the command is started directly, without a shell.
 */
export function specFromCommandLine(line: string, options: CommandLineOptions): McpServerSpec {
  const at = (field: string, message: string) => new InputError(message, { field: field ? `${options.field} ${field}` : options.field })
  const trimmed = line.trim()
  const timeout = options.connectTimeoutSeconds !== undefined ? { timeout: { connect: options.connectTimeoutSeconds } } : {}
  if (/^https?:\/\//i.test(trimmed)) {
    return parseServerEntry({ url: trimmed, ...(options.headers ? { headers: options.headers } : {}), ...timeout }, process.cwd(), at)
  }
  // Variables stay as written: the user's own shell has already expanded what it should.
  const words = parse(trimmed, (name) => `$${name}`)
  const operator = words.find((word) => typeof word !== 'string')
  if (operator !== undefined) throw at('', `expected a command and its arguments, without shell operators (found ${JSON.stringify(operator)})`)
  const [command, ...args] = words as string[]
  if (!command) throw at('', 'expected a command line (e.g. "npx -y @modelcontextprotocol/server-memory") or an http(s) URL')
  if (options.headers && Object.keys(options.headers).length > 0) throw at('', '--header belongs to an HTTP server (a URL), not to a command')
  return parseServerEntry({ command, args, ...(options.env ? { env: options.env } : {}), ...timeout }, process.cwd(), at)
}
