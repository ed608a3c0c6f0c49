import { existsSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import type { Case, MatchingMode, StubSpec, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Message, RawToolCall } from '../core/message.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import { importUserFunction } from '../io/load-module.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import { readDocument, type SourceDocument } from '../io/read-document.ts'
import { didYouMeanFile } from '../io/similar-file.ts'
import { checkCaseToolReferences } from './case-tool-references.ts'
import { checkUniqueNames, loadToolsFile, toolFromEntry, toolsFromList, type PlacedTool } from './load-tools.ts'
import type { McpServers } from '../mcp/mcp-servers.ts'
import type { McpServerPool } from '../mcp/server-pool.ts'
import type { ServerEntry } from '../mcp/suite-servers.ts'
import { writesCredentialLiterally } from '../mcp/entry-credentials.ts'
import { validateSuiteShape } from '../schema/validate-document.ts'
import { caseFileCases, CaseIds, heldCases, type BuildCase, type Locate, type Path, type SuiteCases } from './case-file.ts'
import { variantsFromMap } from '../variants/variant-spec.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { firstNonFinite, nonFiniteMessage } from '../core/exact-number.ts'
import { conversationFields, parseWorld } from './conversation-fields.ts'
import { checkCustomExports } from './check-fields.ts'
import { expandCase } from './case-matrix.ts'
import { optionNames, type OptionNames, type OptionSurface } from '../core/option-names.ts'
import { checkMatchers, parseExpectation } from './expectation-fields.ts'

/** How a suite is loaded: on which MCP servers its tools are listed (`mcp`, e.g. `openMcpServers()`). */
export type LoadSuiteOptions = {
  /**
   * MCP servers to list the suite's tools on and keep up for its cases (`openMcpServers()`, or a run's own):
   * the caller closes them. Default: servers started only to list the tools, closed before loadSuite returns.
   */
  readonly mcp?: McpServerPool
  /** Whose names a message gives options in (core/option-names.ts): the library's unless the CLI says `'cli'`. */
  readonly optionNames?: OptionSurface
}

/** Default for `max_turns`. */
const defaultMaxTurns = 8

/** A suite as a run reads it: its settings, and its cases one at a time (`loadSuite` with `streamCases`). */
export type StreamedSuite = Omit<Suite, 'cases'> & { readonly cases: SuiteCases }

type RawSuite = Record<string, unknown> & { name: string; cases: Record<string, unknown>[] | string }

/**
 * Loads one suite file (YAML or JSON): validates it against suites/suite.schema.json, resolves tools, stubs
 * and hooks relative to the file, checks references (tool names, matchers, duplicate ids, stub modules) and
 * returns fully resolved cases. A suite's cases are inline, or one per line of a JSON Lines case file
 * (`cases: ./cases.jsonl`). Every problem is an InputError naming the file, line and field, before any case
 * runs. With `streamCases` (the runner), the cases come one at a time: a case file's are then not held but read
 * again, line by line, as they are asked for. Without `mcp`, the suite's MCP servers start only to list their
 * tools and are closed before this returns: the Suite is plain data owning no process, and whatever runs its cases
 * (`runCase`, `describeSuite`, `runEvaluation`) starts the servers for that run and closes them after. With
 * `mcp`, the tools are listed on those servers, which stay up for the cases until their owner closes them.
 */
export function loadSuite(file: string, options?: LoadSuiteOptions & { readonly streamCases?: false }): Promise<Suite>
export function loadSuite(file: string, options: LoadSuiteOptions & { readonly streamCases: true }): Promise<StreamedSuite>
export async function loadSuite(file: string, options: LoadSuiteOptions & { readonly streamCases?: boolean } = {}): Promise<Suite | StreamedSuite> {
  // Servers given are checked before anything starts (closed ones are refused).
  const given = options.mcp && (await import('../mcp/server-pool.ts')).serversOf(options.mcp, 'loadSuite options.mcp')
  // Without the run's servers (tokens, lint-tools…), servers are started only to list their tools.
  let own: McpServers | undefined
  const servers = async () => given || (own ??= new (await import('../mcp/mcp-servers.ts')).McpServers())
  try {
    const document = readDocument(resolve(file), { cache: (value) => !holdsLiteralCredential(value) })
    checkIsSuite(document, optionNames(options))
    validateSuiteShape(document)
    const { head, buildCase } = await prepareSuite(document, servers)
    const raw = document.value as RawSuite
    const atCases = (message: string) => new InputError(message, { file: document.file, line: document.lineOf(['cases']), field: 'cases' })
    const cases = typeof raw.cases === 'string'
      ? await caseFileCases(resolve(dirname(document.file), raw.cases), buildCase, options.streamCases === true, atCases)
      : await inlineCases(raw.cases, document, buildCase)
    if (!Array.isArray(cases)) return { ...head, cases }
    return options.streamCases ? { ...head, cases: heldCases(cases) } : { ...head, cases }
  } finally {
    await own?.close()
  }
}

/** The keys by which a file is a suite at all (misspelt, they still are: the schema's "did you mean" names them). */
const suiteKeys = ['name', 'cases', 'tools']

/**
 * A file given as a suite that holds something else — a tools list, a scripted model's turns — is said to be that,
 * not reported key by key as a suite with every field wrong ("(root): expected object").
 */
function checkIsSuite(document: SourceDocument, names: OptionNames): void {
  const value = document.value
  const what = Array.isArray(value)
    ? 'holds a list, not a suite (a tools file? a suite names it: tools: ./tools.json)'
    : isPlainObject(value) && !Object.keys(value).some((key) => suiteKeys.includes(key) || didYouMean(key, suiteKeys) !== '')
      ? `is not a suite: it has no name, tools or cases (its keys: ${Object.keys(value).slice(0, 5).join(', ')}${Object.keys(value).length > 5 ? ', …' : ''}; a scripted model's turns? give it as ${names.scriptedModel})`
      : undefined
  if (what) throw new InputError(`${what}; a suite file is an object with name, tools and cases: pass it, or its folder`, { file: document.file, line: 1 })
}

/**
 * Whether a parsed suite (not yet validated) writes a credential literally in an MCP server's `env:`, `headers:`, `args:` or `url:`:
 * such a suite is never copied into the user's cache.
 */
function holdsLiteralCredential(value: unknown): boolean {
  const tools = isPlainObject(value) ? value.tools : undefined
  return Array.isArray(tools) && tools.some((entry) => isPlainObject(entry) && writesCredentialLiterally(entry.mcp))
}

async function inlineCases(rawCases: readonly Record<string, unknown>[], document: SourceDocument, buildCase: BuildCase): Promise<Case[]> {
  const ids = new CaseIds()
  const cases: Case[] = []
  for (const [index, rawCase] of rawCases.entries()) {
    const at: Locate = (path, message) => new InputError(message, { file: document.file, line: document.lineOf(['cases', index, ...path]), field: ['cases', index, ...path].join('.') })
    // A case matrix (vars:) is one ordinary case per row from here on.
    for (const expanded of expandCase(rawCase, dirname(document.file), at)) {
      ids.add(expanded.rawCase, `cases.${index}`, expanded.at)
      cases.push(await buildCase(expanded.rawCase, expanded.at))
    }
  }
  return cases
}

/** A suite without its cases. */
type SuiteHead = Omit<Suite, 'cases'>

/** A suite's settings resolved, and the one function that turns a parsed case into a `Case`. */
type PreparedSuite = { readonly head: SuiteHead; readonly buildCase: BuildCase }

/**
 * Resolves a schema-valid suite document's settings — tools (MCP servers listed through `servers`), stubs, hooks,
 * budgets, variants — relative to its file. `document.value.cases` is not read.
 */
async function prepareSuite(document: SourceDocument, servers: () => Promise<McpServers>): Promise<PreparedSuite> {
  const absolute = document.file
  const raw = document.value as RawSuite
  const base = dirname(absolute)
  const at = (path: Path, message: string): InputError =>
    new InputError(message, { file: absolute, line: document.lineOf(path), field: path.join('.') })

  const { tools, stubs: serverStubs } = await loadSuiteTools(raw.tools, document, base, servers, at)
  const toolNames = new Set(tools.map((tool) => tool.name))
  const toolsByName = new Map(tools.map((tool) => [tool.name, tool]))
  // MCP servers' tools answer live (or "not executed"); the suite's recorded or module stubs win over them.
  const suiteStubs = { ...serverStubs, ...await parseStubs(raw.stubs, toolsByName, base, at) }
  const hooks = typeof raw.hooks === 'string' ? resolve(base, raw.hooks) : undefined
  if (hooks && !existsSync(hooks)) throw at(['hooks'], `module not found: ${hooks}${didYouMeanFile(raw.hooks as string, base)}`)
  const suiteMatching = (raw.matching as MatchingMode | undefined) ?? 'default'
  const budget = parseBudget(raw.max_tool_tokens)
  // A budget on a tool the suite lacks could never be measured: a misspelt name is bad input, not a budget met.
  for (const tool of Object.keys(budget.toolTokenBudgets ?? {})) {
    if (!toolNames.has(tool)) throw at(['max_tool_tokens', 'tools', tool], `a token budget for "${tool}", which is not a tool of this suite${didYouMean(tool, toolNames)}`)
  }
  const variants = variantsFromMap(raw.variants, base, (name) => ({ file: absolute, line: document.lineOf(['variants', name]), field: `variants.${name}` }))
  for (const variant of variants) if (!existsSync(variant.file)) throw at(['variants', variant.name], `variant file not found: ${variant.file}${didYouMeanFile(variant.file)}`)
  const name = raw.name
  const suiteMaxTurns = raw.max_turns as number | undefined
  const suiteStubTimeout = raw.stub_timeout as number | undefined
  const suiteWorld = await parseWorld(raw.world, base, at)

  const buildCase = async (rawCase: Record<string, unknown>, at: Locate): Promise<Case> => {
    const exposed = exposedTools(rawCase.tools, tools, toolNames, at)
    // The case's stub_timeout, else the suite's; neither: absent (the run's --stub-timeout applies).
    const caseStubTimeout = (rawCase.stub_timeout as number | undefined) ?? suiteStubTimeout
    const exposedNames = new Set(exposed.map((tool) => tool.name))
    const caseStubs = await parseStubs(rawCase.stubs, toolsByName, base, at)
    refuseNonFinite(rawCase.state, ['state'], at)
    const conversation = conversationFields(rawCase, {
      exposed,
      suiteTools: tools,
      world: rawCase.world === undefined ? suiteWorld : await parseWorld(rawCase.world, base, at),
      parseExpectation: (value, path) => parseExpectation(value, suiteMatching, toolsByName, base, path, at),
    }, at)
    const testCase: Case = {
      suite: name,
      file: absolute,
      id: rawCase.id as string,
      messages: caseMessages(rawCase, at),
      tools: conversation.tools,
      toolChoice: parseToolChoice(rawCase.tool_choice, exposedNames, at),
      ...(typeof rawCase.parallel_tool_calls === 'boolean' ? { parallelToolCalls: rawCase.parallel_tool_calls } : {}),
      maxTurns: (rawCase.max_turns as number | undefined) ?? suiteMaxTurns ?? defaultMaxTurns,
      ...(caseStubTimeout !== undefined ? { stubTimeout: caseStubTimeout } : {}),
      expect: conversation.expect,
      ...(conversation.conversation ? { conversation: conversation.conversation } : {}),
      ...(conversation.user ? { user: conversation.user } : {}),
      ...(conversation.world ? { world: conversation.world } : {}),
      ...(conversation.state !== undefined ? { state: conversation.state } : {}),
      // Shared with the suite when the case overrides nothing: a 20,000-case suite keeps one stubs object, not 20,000.
      stubs: Object.keys(caseStubs).length === 0 ? suiteStubs : { ...suiteStubs, ...caseStubs },
      ...budget,
    }
    checkCaseToolReferences(rawCase, testCase, at)
    await checkCustomExports(rawCase, testCase, at)
    return testCase
  }
  const head: SuiteHead = { name, file: absolute, tools, ...(hooks ? { hooks } : {}), ...(variants.length > 0 ? { variants } : {}) }
  return { head, buildCase }
}


/** What a suite's `tools:` gives: the definitions, and the stubs of MCP servers' tools (the suite's `stubs:` win). */
type SuiteTools = { readonly tools: ToolDefinition[]; readonly stubs: Record<string, StubSpec> }

/**
 * `tools:` is a tools file path, or a list whose entries are tool definitions, tools file paths and
 * `{ mcp: {…} }` servers (listed through `servers`; their names are namespaced where they collide).
 */
async function loadSuiteTools(value: unknown, document: SourceDocument, base: string, servers: () => Promise<McpServers>, at: Locate): Promise<SuiteTools> {
  if (value === undefined) return { tools: [], stubs: {} }
  if (typeof value === 'string') return { tools: toolsOfFile(value, document, ['tools'], base), stubs: {} }
  if (!Array.isArray(value)) return { tools: toolsFromList(value, document, ['tools']), stubs: {} }
  const located: PlacedTool[] = []
  const servedAt = new Map<number, number>()
  const serverEntries: ServerEntry[] = []
  value.forEach((entry: unknown, index) => {
    const path: Path = ['tools', index]
    if (typeof entry === 'string') {
      for (const tool of toolsOfFile(entry, document, path, base)) located.push({ tool, path })
    } else if (isPlainObject(entry) && 'mcp' in entry) {
      servedAt.set(index, serverEntries.length)
      serverEntries.push({ raw: entry.mcp as Record<string, unknown>, path: [...path, 'mcp'] })
    } else {
      located.push({ tool: toolFromEntry(entry, document, path), path })
    }
  })
  checkUniqueNames(document, located)
  if (serverEntries.length === 0) return { tools: located.map((entry) => entry.tool), stubs: {} }
  const { loadServerTools } = await import('../mcp/suite-servers.ts')
  const served = await loadServerTools(serverEntries, base, new Set(located.map((entry) => entry.tool.name)), await servers(), at)
  // Keep the order of the list: a server's tools stand where its entry stands.
  const ordered = value.flatMap((_, index): PlacedTool[] => {
    const server = servedAt.get(index)
    if (server === undefined) return located.filter((entry) => entry.path[1] === index)
    return (served.tools[server] ?? []).map((tool) => ({ tool, path: ['tools', index, 'mcp'] }))
  })
  checkUniqueNames(document, ordered)
  return { tools: ordered.map((entry) => entry.tool), stubs: { ...served.stubs } }
}

/** The tools of a tools file named in a suite, read as `loadToolsFile` reads one (a missing file named at the suite's field). */
function toolsOfFile(relativePath: string, document: SourceDocument, path: Path, base: string): ToolDefinition[] {
  const toolsFile = resolve(base, relativePath)
  if (!existsSync(toolsFile)) {
    throw new InputError(`tools file not found: ${toolsFile}${didYouMeanFile(relativePath, base)}`, { file: document.file, line: document.lineOf(path), field: path.join('.') })
  }
  return loadToolsFile(toolsFile)
}

function exposedTools(value: unknown, tools: readonly ToolDefinition[], names: ReadonlySet<string>, at: Locate): readonly ToolDefinition[] {
  // The suite's own array, not a copy: cases share it, so per-tool-set work (ids, token counts) is done once.
  if (value === undefined) return tools
  const wanted = value as string[]
  wanted.forEach((name, index) => {
    if (!names.has(name)) throw at(['tools', index], `no tool named "${name}" in this suite${didYouMean(name, names)} (tools: ${[...names].join(', ') || 'none'})`)
  })
  return tools.filter((tool) => wanted.includes(tool.name))
}

function caseMessages(rawCase: Record<string, unknown>, at: Locate): Message[] {
  const system: Message[] = typeof rawCase.system === 'string' ? [{ role: 'system', content: rawCase.system }] : []
  // Array literals, not spreads: a spread array keeps spare capacity, ~100 bytes a case in a 20,000-case suite.
  if (typeof rawCase.prompt === 'string') {
    const user: Message = { role: 'user', content: rawCase.prompt }
    return system.length > 0 ? [system[0]!, user] : [user]
  }
  // A conversation or a simulated user may come without history: the system prompt alone, if any.
  const messages = ((rawCase.messages as Record<string, unknown>[] | undefined) ?? []).map((message, index): Message => {
    const where = ['messages', index]
    const content = typeof message.content === 'string' ? message.content : ''
    switch (message.role) {
      case 'system':
      case 'user':
        return { role: message.role, content }
      case 'assistant':
        return { role: 'assistant', content, toolCalls: ((message.tool_calls as Record<string, unknown>[] | undefined) ?? []).map((call, position) => toRawCall(call, [...where, 'tool_calls', position, 'arguments'], at)) }
      default: {
        if (typeof message.tool_call_id !== 'string') throw at([...where, 'tool_call_id'], 'a tool message needs tool_call_id')
        return {
          role: 'tool',
          toolCallId: message.tool_call_id,
          name: typeof message.name === 'string' ? message.name : '',
          content,
          ...(message.is_error === true ? { isError: true } : {}),
        }
      }
    }
  })
  return [...system, ...messages]
}

function toRawCall(call: Record<string, unknown>, path: Path, at: Locate): RawToolCall {
  const args = call.arguments
  refuseNonFinite(args, path, at)
  return { id: call.id as string, name: call.name as string, rawArguments: typeof args === 'string' ? args : JSON.stringify(args ?? {}) }
}

/** A value sent or kept as JSON (a prior call's arguments, a recorded result, a world's state) holds no `.inf` or `.nan`. */
function refuseNonFinite(value: unknown, path: Path, at: Locate): void {
  const found = firstNonFinite(value, path)
  if (found) throw at(found.path, nonFiniteMessage(found.value))
}

function parseToolChoice(value: unknown, exposed: ReadonlySet<string>, at: Locate): ToolChoice {
  if (value === undefined) return 'auto'
  if (typeof value === 'string') return value as ToolChoice
  const name = (value as { name: string }).name
  if (!exposed.has(name)) throw at(['tool_choice', 'name'], `tool_choice names "${name}", which is not among the tools exposed in this case`)
  return { name }
}

async function parseStubs(value: unknown, tools: ReadonlyMap<string, ToolDefinition>, base: string, at: Locate): Promise<Record<string, StubSpec>> {
  const stubs: Record<string, StubSpec> = {}
  for (const [tool, spec] of Object.entries((value ?? {}) as Record<string, unknown>)) {
    const where = ['stubs', tool]
    const definition = tools.get(tool)
    if (!definition) throw at(where, `stub for "${tool}", which is not a tool of this suite${didYouMean(tool, tools.keys())}`)
    if (Array.isArray(spec)) {
      spec.forEach((entry: Record<string, unknown>, index) => {
        if (isPlainObject(entry.when)) checkMatchers(entry.when, definition, [...where, index, 'when'], 'default', at)
        refuseNonFinite(entry.result, [...where, index, 'result'], at)
      })
      stubs[tool] = { type: 'recorded', entries: spec }
    } else {
      const live = spec as { module: string; export?: string }
      const module = resolve(base, live.module)
      const exportName = live.export ?? tool
      try {
        await importUserFunction(module, exportName, {})
      } catch (error) {
        throw at([...where, 'module'], (error as Error).message)
      }
      stubs[tool] = { type: 'live', module, export: exportName }
    }
  }
  return stubs
}

function parseBudget(value: unknown): Pick<Case, 'maxToolTokens' | 'toolTokenBudgets'> {
  if (typeof value === 'number') return { maxToolTokens: value }
  if (isPlainObject(value)) {
    const budget = value as { total?: number; tools?: Record<string, number> }
    return {
      ...(budget.total !== undefined ? { maxToolTokens: budget.total } : {}),
      ...(budget.tools ? { toolTokenBudgets: budget.tools } : {}),
    }
  }
  return {}
}

