import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js'
import { setTimeout as sleep } from 'node:timers/promises'
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { redactText } from '../http/redact.ts'
import { settledWithin } from '../loop/settled-within.ts'
import { toolgaugeVersion } from '../version.ts'
import { signal, trackProcess, untrackProcess } from './process-guard.ts'
import { McpServerError } from './server-error.ts'
import type { McpServerSpec } from './server-spec.ts'
import { StderrTail } from './stderr-tail.ts'
import { prepareTransport } from './workdir.ts'

/** One tool as a server lists it (the parts toolgauge uses). */
export type McpTool = Pick<Tool, 'name' | 'title' | 'description' | 'inputSchema' | 'annotations'>

/**
 * A connected MCP server: its name, its tools, calls with a timeout, and a close that always ends the process.
 * Every failure is an McpServerError naming the command line and the tail of the server's stderr.
 */
export class McpSession {
  #closing: Promise<void> | undefined
  #exited = false
  /** Why the server may no longer be trusted with calls: the call that hung, or was answered with something not MCP. */
  #broken: { readonly request: string; readonly error: unknown } | undefined
  readonly #protocolErrors: string[] = []

  private constructor(
    readonly spec: McpServerSpec,
    private readonly client: Client,
    private readonly transport: Transport,
    private readonly stderr: StderrTail,
    private readonly dispose: () => void,
    /** The server's process id (stdio): close() makes sure it has ended. */
    private readonly pid: number | undefined,
  ) {}

  /** The name the server reports in `initialize` (e.g. `secure-filesystem-server`). */
  get serverName(): string {
    return this.client.getServerVersion()?.name ?? ''
  }

  /**
   * Starts (stdio) or reaches (HTTP) the server and completes the MCP handshake within the connect timeout.
   * On any failure the process is ended before the error is thrown.
   */
  static async connect(spec: McpServerSpec): Promise<McpSession> {
    const prepared = prepareTransport(spec)
    const stderr = new StderrTail()
    const transport: Transport = prepared.transport.type === 'stdio'
      ? new StdioClientTransport({ ...prepared.transport, args: [...prepared.transport.args], stderr: 'pipe' })
      : new StreamableHTTPClientTransport(new URL(prepared.transport.url), { requestInit: { headers: { ...prepared.transport.headers } } })
    let pid: number | undefined
    if (transport instanceof StdioClientTransport) {
      transport.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk))
      // The SDK forgets the process as soon as it starts closing: keep its pid from the spawn on, so it can be ended.
      const start = transport.start.bind(transport)
      transport.start = async () => {
        await start()
        pid = transport.pid ?? undefined
        if (pid !== undefined) trackProcess(pid)
      }
    }
    const client = new Client({ name: 'toolgauge', version: toolgaugeVersion }, { capabilities: {} })
    // Errors while connecting (output that is not JSON-RPC, a failed spawn) are kept for the message.
    const errors: string[] = []
    client.onerror = (error) => { errors.push(error.message) }
    const started = client.connect(transport, { timeout: spec.connectTimeoutMs })
    started.catch(() => undefined) // the deadline may win; the late outcome is handled by ending the process below
    try {
      await withDeadline(started, spec.connectTimeoutMs)
    } catch (error) {
      // A server that failed to start gets no grace period: it may be hung.
      if (pid !== undefined) await ensureGone(pid, 500)
      await endProcess(client, transport, pid)
      prepared.dispose()
      // The whole message is redacted: an HTTP server's refusal (quoted in the problem) may echo the headers sent.
      throw new McpServerError(redactText(`MCP server "${spec.label}" ${startProblem(error, spec, errors)}${stderr.lines()}`, spec.secrets))
    }
    const session = new McpSession(spec, client, transport, stderr, prepared.dispose, pid)
    for (const error of errors) session.#protocolErrors.push(error)
    client.onerror = (error) => { session.#protocolErrors.push(error.message) }
    client.onclose = () => { session.#exited = true }
    return session
  }

  /** All tools the server lists (following pagination), within the connect timeout. */
  async listTools(): Promise<McpTool[]> {
    const tools: McpTool[] = []
    let cursor: string | undefined
    try {
      do {
        const page = await this.client.listTools(cursor ? { cursor } : {}, { timeout: this.spec.connectTimeoutMs })
        // One by one: a server may list thousands of tools in one page, too many for a spread argument list.
        for (const tool of page.tools) tools.push(tool)
        cursor = page.nextCursor
      } while (cursor)
    } catch (error) {
      throw await this.failure('tools/list', error, this.spec.connectTimeoutMs)
    }
    return tools
  }

  /**
   * Whether the server can still take calls: not closed, not exited, and no earlier call hung or was answered
   * with something that is not MCP. A session that is not usable is replaced by a fresh server (McpServers).
   */
  get usable(): boolean {
    return !this.#exited && !this.#closing && this.#broken === undefined
  }

  /**
   * Calls one tool (by the server's own name). A JSON-RPC error answer is the tool failing (the server is well):
   * it comes back as an `isError` result. A server that exited, hung past the call timeout or broke the protocol
   * is an McpServerError (infrastructure), and the session is no longer `usable`.
   */
  async callTool(name: string, args: Record<string, unknown>): Promise<CallToolResult> {
    const request = `tools/call ${name}`
    if (!this.usable) throw await this.failure(request, this.#broken?.error ?? new McpError(ErrorCode.ConnectionClosed, 'Connection closed'), this.spec.callTimeoutMs)
    try {
      return await this.client.callTool({ name, arguments: args }, undefined, { timeout: this.spec.callTimeoutMs }) as CallToolResult
    } catch (error) {
      if (error instanceof McpError && !isCode(error, ErrorCode.RequestTimeout) && !isCode(error, ErrorCode.ConnectionClosed) && !this.#exited) {
        return { content: [{ type: 'text', text: error.message }], isError: true }
      }
      const earlier = this.#broken
      // A call still in flight when an earlier one broke the server and toolgauge ended it to restart it failed for
      // that reason, not its own: the message says so (the server did not exit by itself).
      if (earlier && this.#closing) throw await this.failure(request, error, this.spec.callTimeoutMs, earlier)
      this.#broken ??= { request, error }
      throw await this.failure(request, error, this.spec.callTimeoutMs)
    }
  }

  /** Ends the session and the server process (stdin closed, then SIGTERM, then SIGKILL); safe to call twice. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await endProcess(this.client, this.transport, this.pid)
      this.dispose()
    })()
    return this.#closing
  }

  private async failure(request: string, error: unknown, timeoutMs: number, restartedAfter?: { readonly request: string; readonly error: unknown }): Promise<McpServerError> {
    // The server's last words (written just before it broke) may still be in the stderr pipe: give them a moment.
    if (this.pid !== undefined && !this.#exited) await sleep(50)
    const problem = restartedAfter
      ? `was restarted while ${request} was in flight, after it ${this.problemOf(restartedAfter.request, restartedAfter.error, timeoutMs, false)}`
      : this.problemOf(request, error, timeoutMs, this.#exited)
    // The transport reports some failures twice (as the call's error and through onerror): say it once.
    const last = this.#protocolErrors.at(-1)
    const protocol = last !== undefined && !problem.includes(last) ? `; it also sent output that is not MCP: ${last}` : ''
    return new McpServerError(redactText(`MCP server "${this.spec.label}" ${problem}${protocol}${this.stderr.lines()}`, this.spec.secrets))
  }

  /** What went wrong with one request, as a message says it after the server's label. */
  private problemOf(request: string, error: unknown, timeoutMs: number, exited: boolean): string {
    if (isCode(error, ErrorCode.RequestTimeout)) return `did not answer ${request} within ${timeoutMs / 1000} s`
    if (isCode(error, ErrorCode.ConnectionClosed) || exited) return `is not running (it exited or closed the connection) — ${request} failed`
    if (isSchemaError(error)) return `broke the MCP protocol on ${request}: its answer is not a valid result (${schemaIssuesOf(error)})`
    return `failed on ${request}: ${messageOf(error)}${this.spec.transport.type === 'http' ? httpStatusOf(error) : ''}`
  }
}

async function endProcess(client: Client, transport: Transport, pid: number | undefined): Promise<void> {
  if (transport instanceof StreamableHTTPClientTransport) await transport.terminateSession().catch(() => undefined)
  // The SDK ends stdin, then sends SIGTERM and SIGKILL after grace periods (unless a failed handshake already
  // began that without waiting): make sure the process is gone before returning.
  await client.close().catch(() => undefined)
  if (pid !== undefined) {
    await ensureGone(pid, 2000)
    untrackProcess(pid)
  }
}

/** SIGTERM, then SIGKILL after `graceMs`; resolves once the process no longer exists. */
async function ensureGone(pid: number, graceMs: number): Promise<void> {
  if (!isAlive(pid)) return
  signal(pid, 'SIGTERM')
  const deadline = Date.now() + graceMs
  while (isAlive(pid) && Date.now() < deadline) await sleep(25)
  if (!isAlive(pid)) return
  signal(pid, 'SIGKILL')
  // SIGKILL cannot be ignored; the wait is for the kernel to reap it (bounded all the same).
  for (let tries = 0; tries < 200 && isAlive(pid); tries++) await sleep(10)
}

/** Whether a process id is alive (signal 0 checks without sending anything). */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function startProblem(error: unknown, spec: McpServerSpec, errors: readonly string[]): string {
  const code = (error as NodeJS.ErrnoException).code
  if (code === 'ENOENT' && spec.transport.type === 'stdio') return `could not be started: command "${spec.transport.command}" not found`
  if (code === 'EACCES') return `could not be started: permission denied (${messageOf(error)})`
  const protocol = errors.length > 0 ? ` (it sent output that is not MCP: ${errors.at(-1)})` : ''
  if (error instanceof DeadlineError || isCode(error, ErrorCode.RequestTimeout)) {
    return `did not complete the MCP handshake within ${spec.connectTimeoutMs / 1000} s${protocol}`
  }
  if (isCode(error, ErrorCode.ConnectionClosed)) return `exited before completing the MCP handshake${protocol}`
  if (spec.transport.type === 'http') return `could not be reached: ${messageOf(error)}`
  return `broke the MCP protocol while starting: ${messageOf(error)}${protocol}`
}

/** A result that failed the SDK's schema (zod): the server answered, but not with what MCP says it must. */
function isSchemaError(error: unknown): error is { issues: readonly { path?: readonly PropertyKey[]; message?: string }[] } {
  return typeof error === 'object' && error !== null && Array.isArray((error as { issues?: unknown }).issues)
}

/** `content: expected array, received string` for each issue (zod's own message is multi-line JSON). */
function schemaIssuesOf(error: { issues: readonly { path?: readonly PropertyKey[]; message?: string }[] }): string {
  return error.issues.slice(0, 3).map((issue) => `${(issue.path ?? []).map(String).join('.') || 'result'}: ${issue.message ?? 'invalid'}`).join('; ')
}

/** ` (HTTP 503)` for the SDK's HTTP transport errors, which carry the status as `code`. */
function httpStatusOf(error: unknown): string {
  const code = error instanceof McpError ? undefined : (error as { code?: unknown } | null)?.code
  return typeof code === 'number' && code >= 100 && code < 600 ? ` (HTTP ${code})` : ''
}

function isCode(error: unknown, code: ErrorCode): boolean {
  return error instanceof McpError && error.code === code
}

function messageOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error)
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : ''
  return `${message}${cause}`.split('\n')[0] ?? ''
}

class DeadlineError extends Error {}

/** The SDK's timeout covers `initialize` only; spawning and the rest get one overall deadline. */
function withDeadline<T>(promise: Promise<T>, ms: number): Promise<T> {
  return settledWithin(promise, ms, () => new DeadlineError('deadline'))
}
