import type { Case, StubSpec } from '../core/case.ts'
import type { ExposedMcpTool } from './exposed-tools.ts'
import { McpServerError } from './server-error.ts'
import type { McpServerPool } from './server-pool.ts'
import type { McpServerSpec } from './server-spec.ts'
import type { McpSession, McpTool } from './session.ts'
import { mcpOriginOf, noteMcpOrigin } from './tool-origins.ts'
import { mcpToolStub } from './tool-stub.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/** What listing a server gave: the name it reports and its tools. */
export type ServerListing = { readonly serverName: string; readonly tools: readonly McpTool[] }

/** Sessions by server key (`keyOf`), each a pending connect. */
type Sessions = Map<string, Promise<McpSession>>

/** What an MCP tool's stub calls: the tool, its server, and the servers whose process answers (see `bindCase`). */
type StubOrigin = { readonly tool: ExposedMcpTool; readonly spec: McpServerSpec; readonly servers: McpServers }

/** The origin of every MCP stub made (`McpServers.stub`); weak, so a Suite let go of takes its entries along. */
const origins = new WeakMap<StubSpec, StubOrigin>()

/**
 * The MCP servers of one run. The run's servers (one process per distinct entry, shared by the suites that
 * name it) start when a suite lists their tools and stay up until `close()` — one that exits, hangs or breaks the
 * protocol is restarted for the next call that needs it (a failed start, the first or a restart, is tried again by
 * the next call, up to `maxFailedStarts`); `per_case` servers start afresh
 * for each case run through `withCase` and close when it ends. Callers use `McpServers.during`, which awaits `close()` in
 * a finally, so servers end on success, failure and Ctrl-C alike — or, for a library user's loop of `runCase`
 * calls, `openMcpServers()` (server-pool.ts), which hands these servers to the caller to close.
 */
export class McpServers implements McpServerPool {
  readonly #shared: Sessions = new Map()
  /** A case's stubs → the same stubs calling these servers (`bindCase`), so cases sharing stubs still share them. */
  readonly #bound = new WeakMap<Case['stubs'], Case['stubs']>()
  /**
   * The secrets of the servers listed here and of the cases bound here: this run's (or runCase call's, or pool's)
   * only, so a later or concurrent run in the process does not redact values that are plainly its own output.
   */
  readonly #secrets = new Set<string>()
  /** The cases' tool lists whose servers' secrets were learned (`bindCase`): each is looked through once. */
  readonly #learned = new WeakSet<object>()
  /**
   * A `per_case` server was listed here or a case bound here calls one: only then do cases need a scope. Learned
   * with the secrets, so a Suite loaded beforehand (its servers closed after listing) and run by `runCase` on servers
   * that never listed it is scoped, and another run in the process — before, after or beside — is not.
   */
  #perCase = false
  /** Failed starts so far (the first or restarts), by server key (`start`). */
  readonly #failedStarts = new Map<string, number>()
  /** The start that failed, by server key, while the next call may try again (`start`). */
  readonly #failedStart = new Map<string, Promise<McpSession>>()
  /** The servers whose first start succeeded, by key: each failed start since was a restart (the message says which). */
  readonly #upAtFirst = new Set<string>()
  #closed = false

  /** Runs `work` with a fresh set of servers and closes every one of them when it settles, however it ends. */
  static async during<T>(work: (servers: McpServers) => Promise<T>): Promise<T> {
    const servers = new McpServers()
    try {
      return await work(servers)
    } finally {
      await servers.close()
    }
  }

  /** Values to redact from everything written: the secrets (`McpServerSpec.secrets`) of every server listed here or of a case bound here. */
  get secrets(): string[] {
    return [...this.#secrets]
  }

  /** Connects to a server (the run's shared one, or a throwaway one for `per_case`) and lists its tools. */
  async list(spec: McpServerSpec): Promise<ServerListing> {
    this.learn(spec)
    const session = spec.perCase ? await connect(spec) : await this.shared(spec)
    try {
      return { serverName: session.serverName, tools: await session.listTools() }
    } finally {
      if (spec.perCase) await session.close()
    }
  }

  /**
   * The stub answering calls to a server's tool: live on these servers' process (started on the first call) when
   * allowed, or on `session` (a case's own `per_case` server: `withCase`).
   */
  stub(tool: ExposedMcpTool, spec: McpServerSpec, session = () => this.session(spec)): StubSpec {
    const stub = mcpToolStub(tool, spec, session)
    noteMcpOrigin(stub, spec)
    noteMcpOrigin(tool.definition, spec)
    // A recorded "not executed" answer calls no server: nothing to bind.
    if (stub.type === 'function') origins.set(stub, { tool, spec, servers: this })
    return stub
  }

  /**
   * The case with its MCP tools' calls going to these servers. A Suite loaded beforehand is plain data: the
   * servers that listed its tools (loadSuite's own) are closed, and whoever runs its cases binds them to the servers
   * it started for the run. A case already bound here is returned as it is.
   */
  bindCase(testCase: Case): Case {
    this.learnCase(testCase)
    let stubs = this.#bound.get(testCase.stubs)
    if (!stubs) {
      stubs = restubbed(testCase.stubs, (origin) => (origin.servers === this ? undefined : this.stub(origin.tool, origin.spec)))
      this.#bound.set(testCase.stubs, stubs)
    }
    return stubs === testCase.stubs ? testCase : { ...testCase, stubs }
  }

  /** The session a call should use: the run's server; a `per_case` one is only reached through `withCase`'s stubs. */
  session(spec: McpServerSpec): Promise<McpSession> {
    if (!spec.perCase) return this.shared(spec)
    return Promise.reject(new McpServerError(`MCP server "${spec.label}" is per_case, but the call came from outside a case (use McpServers.withCase)`))
  }

  /**
   * Runs one case (one model, one repeat; a case bound here): `run` gets the task with its case's `per_case` tools
   * calling servers of its own, started on its first call to each and closed when it ends. Passed in the case's
   * stubs, not through async context: the case's work already carries one store (core/warnings.ts), and each more
   * is written onto every promise the case makes.
   */
  async withCase<T extends { readonly testCase: Case }, R>(task: T, run: (task: T) => Promise<R>): Promise<R> {
    if (!this.#perCase) return run(task)
    const scope: Sessions = new Map()
    const stubs = restubbed(task.testCase.stubs, (origin) => (origin.spec.perCase ? this.stub(origin.tool, origin.spec, () => sessionIn(scope, origin.spec)) : undefined))
    try {
      return await run(stubs === task.testCase.stubs ? task : { ...task, testCase: { ...task.testCase, stubs } })
    } finally {
      await closeAll(scope)
    }
  }

  /** Whether `withCase` gives each case servers of its own: a `per_case` server was listed here or a case bound here calls one. */
  get scopesCases(): boolean {
    return this.#perCase
  }

  /** Whether `close()` was called. */
  get closed(): boolean {
    return this.#closed
  }

  /** Ends every server of the run (waits for each process to be gone); later calls fail with a clear error. */
  async close(): Promise<void> {
    this.#closed = true
    const sessions: Sessions = new Map(this.#shared)
    this.#shared.clear()
    await closeAll(sessions)
  }

  /** `close()`, for `await using`. */
  [Symbol.asyncDispose](): Promise<void> {
    return this.close()
  }

  /** Adds a server's secrets to these servers', and whether it is `per_case`. */
  private learn(spec: McpServerSpec): void {
    for (const secret of spec.secrets) this.#secrets.add(secret)
    if (spec.perCase) this.#perCase = true
  }

  /** Learns the secrets of the servers a case's stubs and tools came from (each stubs object and tool list once). */
  private learnCase(testCase: Case): void {
    if (!this.#learned.has(testCase.stubs)) {
      this.#learned.add(testCase.stubs)
      for (const stub of Object.values(testCase.stubs)) this.learnFrom(stub)
    }
    if (!this.#learned.has(testCase.tools)) {
      this.#learned.add(testCase.tools)
      for (const tool of testCase.tools) this.learnFrom(tool)
    }
  }

  private learnFrom(item: object): void {
    const spec = mcpOriginOf(item)
    if (spec) this.learn(spec)
  }

  private async shared(spec: McpServerSpec): Promise<McpSession> {
    if (this.#closed) throw new McpServerError(`MCP server "${spec.label}" was already closed (the run ended, or close() was called)`)
    const key = keyOf(spec)
    // A start that failed — the first or a restart — is tried again by the next call that needs the server: the
    // call that saw it fail ended its case as harness_error, or its loadSuite as bad input (which stops a run; a
    // caller's pool lives on for the next loadSuite, and a server down for a moment must not stay down for it).
    const pending = this.#shared.get(key)
    if (!pending || this.#failedStart.get(key) === pending) this.start(key, spec, Promise.resolve())
    const current = this.#shared.get(key) as Promise<McpSession>
    const session = await current
    if (session.usable || this.#closed) return session
    // It exited, hung or broke the protocol under an earlier case (that case ended as harness_error): later
    // cases get a fresh process, started once the old one is gone (it may hold files or ports).
    if (this.#shared.get(key) === current) this.start(key, spec, session.close())
    return this.#shared.get(key) as Promise<McpSession>
  }

  /**
   * Starts a server (afresh once `gone`: the old process ended) for every later call. A failed start is noted for
   * the next call to try again, up to `maxFailedStarts` in the run: then its error stands, saying so, and nothing
   * more is started — a server that dies on every start would cost each later case (or loadSuite) a start, up to
   * the connect timeout, for nothing.
   */
  private start(key: string, spec: McpServerSpec, gone: Promise<void>): void {
    const next = gone.then(() => connect(spec))
    this.#shared.set(key, next)
    this.#failedStart.delete(key)
    next.then(() => { if (!this.#failedStarts.has(key)) this.#upAtFirst.add(key) }, (error: unknown) => {
      const failures = (this.#failedStarts.get(key) ?? 0) + 1
      this.#failedStarts.set(key, failures)
      if (this.#shared.get(key) !== next) return
      if (failures < maxFailedStarts) {
        this.#failedStart.set(key, next)
        return
      }
      const message = error instanceof Error ? error.message : String(error)
      const given = this.#upAtFirst.has(key) ? `not restarted again: ${failures} restarts of it failed` : `not started again: ${failures} starts of it failed`
      const stands = Promise.reject(new McpServerError(`${message}\n  (${given})`))
      stands.catch(() => undefined) // awaited by the calls that come; unhandled until then
      this.#shared.set(key, stands)
    })
  }
}

/** Failed starts of one server (the first or restarts) that end the retrying: later calls get the last error without a new start. */
const maxFailedStarts = 3

/** `stubs` with each MCP stub that `fresh` makes anew from its origin replaced; the same object when none is. */
function restubbed(stubs: Case['stubs'], fresh: (origin: StubOrigin) => StubSpec | undefined): Case['stubs'] {
  let made: Record<string, StubSpec> | undefined
  for (const [name, stub] of Object.entries(stubs)) {
    const origin = origins.get(stub)
    const replacement = origin && fresh(origin)
    if (!replacement) continue
    made ??= { ...stubs }
    made[name] = replacement
  }
  return made ?? stubs
}

/** The session of a server among `sessions`, connected on first use. */
function sessionIn(sessions: Sessions, spec: McpServerSpec): Promise<McpSession> {
  return getOrCreate(sessions, keyOf(spec), () => connect(spec))
}

/** Ends every session (one that failed to start has nothing to end). */
async function closeAll(sessions: Sessions): Promise<void> {
  await Promise.all([...sessions.values()].map(async (pending) => (await pending.catch(() => undefined))?.close()))
}

/** The SDK loads only when a server is used, so commands without MCP servers do not pay for it. */
async function connect(spec: McpServerSpec): Promise<McpSession> {
  const { McpSession } = await import('./session.ts')
  return McpSession.connect(spec)
}

/** Two entries start the same server when they would run the same process the same way. */
function keyOf(spec: McpServerSpec): string {
  return JSON.stringify([spec.transport, spec.workdir ?? null, spec.connectTimeoutMs, spec.callTimeoutMs])
}
