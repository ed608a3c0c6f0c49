import { isAbsolute, resolve } from 'node:path'
import { InputError } from '../core/errors.ts'
import { isCredentialName, redactText, warnIfUnredactable } from '../http/redact.ts'
import { argCredentials, credentialValues, urlCredentials, variableReference } from './entry-credentials.ts'

/** How toolgauge reaches one MCP server: a process spoken to over stdio, or a streamable HTTP endpoint. */
export type McpTransportSpec =
  | {
    readonly type: 'stdio'
    readonly command: string
    readonly args: readonly string[]
    /** Environment of the server process (values already expanded); PATH, HOME and a few others are inherited. */
    readonly env: { readonly [name: string]: string }
    /** Working directory of the server process (absolute); default: toolgauge's. */
    readonly cwd?: string
  }
  | { readonly type: 'http'; readonly url: string; readonly headers: { readonly [name: string]: string } }

/** One `- mcp: {…}` entry of a suite's `tools:` (or a `--mcp` command line), resolved and checked. */
export type McpServerSpec = {
  readonly transport: McpTransportSpec
  /**
   * The command line or URL as written (`${VAR}` not expanded), each credential written in it `[redacted]`
   * (`argCredentials`, `urlCredentials`): names the server in every message.
   */
  readonly label: string
  /** Namespace for its tools when names collide (`name__tool`); default: the name the server reports. */
  readonly name?: string
  /** Tools that may run on the server although not annotated `readOnlyHint: true`. */
  readonly allow: 'all' | readonly string[]
  /** A fresh server for each case (and each model and repeat) instead of one per run. */
  readonly perCase: boolean
  /** A folder copied afresh for each server process, which runs in the copy (`${WORKDIR}` names it). */
  readonly workdir?: string
  readonly connectTimeoutMs: number
  readonly callTimeoutMs: number
  /**
   * Redacted like API keys: the value of every `${VAR}` whose name says it is a credential (`isCredentialName`:
   * `${GITHUB_TOKEN}`, not `${PORT}`), the values of the credential env and headers (`credentialValues`), written
   * literally or through a variable, and the credentials in the args or the URL as the server gets them.
   */
  readonly secrets: readonly string[]
}

/** Default seconds to wait for a server to start and answer `initialize` (and list its tools). */
const defaultConnectTimeoutSeconds = 30
/** Default seconds to wait for one tool call. */
const defaultCallTimeoutSeconds = 60

/** The placeholder for the server's fresh working copy (`workdir:`), expanded in args, env and cwd. */
export const workdirPlaceholder = '${WORKDIR}'

type Where = (field: string, message: string) => InputError

/**
 * Reads one `mcp:` entry (already checked against the suite schema): resolves paths against the suite folder,
 * expands `${VAR}` from the environment in `command`, `args`, `url`, `env` and `headers` (a missing variable is an
 * InputError naming the field) and collects as secrets the values of the variables named as credentials and the
 * credentials of the entry as the server gets it. The label is the entry as written: `${VAR}` shows, its value not.
 */
export function parseServerEntry(raw: Record<string, unknown>, base: string, at: Where): McpServerSpec {
  const writtenUrl = typeof raw.url === 'string' ? raw.url : undefined
  const writtenArgs = (raw.args as string[] | undefined) ?? []
  const written = writtenUrl !== undefined ? urlCredentials(writtenUrl) : argCredentials(writtenArgs)
  const writtenLine = typeof written.shown === 'string' ? written.shown : commandLine(raw.command as string, written.shown)
  const secrets: string[] = []
  // A short secret is warned about by where it came from: a variable's value by its variable.
  const sources = new Map<string, string>()
  const secret = (value: string, source: string) => {
    secrets.push(value)
    warnIfUnredactable(value, sources.get(value) ?? source)
  }
  // A variable is a credential by the word rule of every name (`GITHUB_TOKEN`, not `PORT`: redacting a port or a
  // path would hide which server failed and shred the reports), or where it stands in one (found below). In a URL
  // only the host and port are shown: a hosted server's key stands in its path (`/api/mcp/s/${KEY}/mcp`), and a
  // variable holding the whole URL may carry one anywhere.
  const urlOutsideHost = writtenUrl?.replace(urlHost, '$1')
  const expand = (field: string, value: string): string => expandVariables(value, (name, found) => {
    sources.set(found, `the environment variable ${name} (${field} of the MCP server "${writtenLine}")`)
    if (isCredentialName(name) || (field === 'url' && urlOutsideHost?.includes(`\${${name}}`))) secret(found, '')
  }, (name) => at(field, `environment variable ${name} is not set`))
  const url = writtenUrl !== undefined ? expand('url', writtenUrl) : undefined
  const args = writtenArgs.map((arg, index) => expand(`args.${index}`, arg))
  // The credentials as the server gets them: written ones, and those an expanded value brings (a URL's query, decoded).
  for (const credential of (url !== undefined ? urlCredentials(url) : argCredentials(args)).secrets) {
    secret(credential, `a credential in the ${url !== undefined ? 'url' : 'args'} of the MCP server "${writtenLine}"`)
  }
  const named = (field: string, values: unknown): Record<string, string> => {
    const expanded: Record<string, string> = {}
    for (const [key, value] of Object.entries((values ?? {}) as Record<string, string>)) {
      expanded[key] = expand(`${field}.${key}`, value)
      for (const credential of credentialValues(key, expanded[key])) secret(credential, `${field}.${key} of the MCP server "${writtenLine}"`)
    }
    return expanded
  }
  // An expanded value may turn what follows it into a credential (`${FLAG} sk-…`): the label is redacted all the same.
  const label = redactText(writtenLine, secrets)
  const timeout = (raw.timeout ?? {}) as { connect?: number; call?: number }
  const common = {
    ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
    allow: raw.allow === 'all' ? 'all' as const : (raw.allow as string[] | undefined) ?? [],
    perCase: raw.per_case === true,
    connectTimeoutMs: (timeout.connect ?? defaultConnectTimeoutSeconds) * 1000,
    callTimeoutMs: (timeout.call ?? defaultCallTimeoutSeconds) * 1000,
  }
  if (url !== undefined) {
    const refused = () => at('url', `expected an http(s) URL, got "${label}"${url === writtenUrl ? '' : ' (its variables expanded)'}`)
    let parsed: URL
    try {
      parsed = new URL(url)
    } catch {
      throw refused()
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw refused()
    const stdioOnly = ['args', 'env', 'cwd', 'workdir'].find((key) => raw[key] !== undefined)
    if (stdioOnly) throw at(stdioOnly, 'belongs to a stdio server (command), not to a url')
    const headers = named('headers', raw.headers)
    return { ...common, transport: { type: 'http', url, headers }, label, secrets }
  }
  if (raw.headers !== undefined) throw at('headers', 'belongs to an HTTP server (url), not to a command')
  const command = expand('command', raw.command as string)
  const env = named('env', raw.env)
  const local = (value: unknown) => (typeof value === 'string' && !value.includes(workdirPlaceholder) ? resolve(base, value) : value as string | undefined)
  const cwd = local(raw.cwd)
  const workdir = local(raw.workdir)
  return {
    ...common,
    transport: { type: 'stdio', command: resolveCommand(command, base), args, env, ...(cwd ? { cwd } : {}) },
    label,
    ...(workdir ? { workdir } : {}),
    secrets,
  }
}

/** A URL's scheme (kept, `$1`) and its host and port, written literally: a URL written as `${VAR}` has none. */
const urlHost = /^([a-z][a-z0-9+.-]*:\/\/(?:[^/?#@]*@)?)[^/?#@]*/i

/** `${NAME}` → the variable's value (`${WORKDIR}` is left for the server start), each one told to `expanded`. */
function expandVariables(value: string, expanded: (name: string, value: string) => void, missing: (name: string) => Error): string {
  return value.replace(variableReference, (whole) => {
    const name = whole.slice(2, -1)
    if (whole === workdirPlaceholder) return whole
    const found = process.env[name]
    if (found === undefined) throw missing(name)
    expanded(name, found)
    return found
  })
}

/** A relative command path (`./server.js`) is relative to the suite; a bare name (`node`, `npx`) is looked up on PATH. */
function resolveCommand(command: string, base: string): string {
  return !isAbsolute(command) && /^\.\.?[\\/]/.test(command) ? resolve(base, command) : command
}

/** A readable command line for messages: arguments with spaces quoted. */
function commandLine(command: string, args: readonly string[]): string {
  return [command, ...args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ')
}
