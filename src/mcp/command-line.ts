import { parse } from 'shell-quote'
import { InputError } from '../core/errors.ts'
import { variableReference } from './entry-credentials.ts'
import { parseServerEntry, type McpServerSpec } from './server-spec.ts'

/** Options a command line cannot carry: environment, headers, timeouts (`--env`, `--header`, `--timeout`). */
export type CommandLineOptions = {
  readonly env?: { readonly [name: string]: string }
  readonly headers?: { readonly [name: string]: string }
  readonly connectTimeoutSeconds?: number
  /** The flag the line came from, for messages (`--mcp`, `mcp list`). */
  readonly field: string
}

/** Marks a `${NAME}` held through shell-quote: a private-use character, which no shell syntax gives a meaning. */
const held = '\uE000'
const heldReference = /\uE000([A-Za-z_][A-Za-z0-9_]*)\uE000/g

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
  // `${NAME}` is the entry's to expand (parseServerEntry, as in a suite), in any quotes: shell-quote would read it
  // as `$NAME`, so it passes through as a placeholder. `$NAME` stays as written, the user's shell's to expand.
  const words = shellWords(trimmed.replace(variableReference, (whole) => `${held}${whole.slice(2, -1)}${held}`), at)
  const operator = words.find((word) => typeof word !== 'string')
  if (operator !== undefined) throw at('', `expected a command and its arguments, without shell operators (found ${JSON.stringify(operator)})`)
  const [command, ...args] = (words as string[]).map((word) => word.replace(heldReference, '${$1}'))
  if (!command) throw at('', 'expected a command line (e.g. "npx -y @modelcontextprotocol/server-memory") or an http(s) URL')
  if (options.headers && Object.keys(options.headers).length > 0) throw at('', '--header belongs to an HTTP server (a URL), not to a command')
  return parseServerEntry({ command, args, ...(options.env ? { env: options.env } : {}), ...timeout }, process.cwd(), at)
}

/** The words of a line as the POSIX shell splits them; what shell-quote cannot read (`${X` unclosed) is bad input. */
function shellWords(line: string, at: (field: string, message: string) => InputError): ReturnType<typeof parse> {
  try {
    return parse(line, (name) => `$${name}`)
  } catch (error) {
    throw at('', `expected a command line the shell can read: ${(error as Error).message}`)
  }
}
