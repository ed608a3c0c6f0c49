import { dirname, resolve } from 'node:path'
import stableStringify from 'safe-stable-stringify'
import type { Case, StubSpec } from '../core/case.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { isFile } from '../io/is-file.ts'
import { serverFiles } from '../mcp/server-files.ts'
import { mcpOriginOf } from '../mcp/tool-origins.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { toolgaugeVersion } from '../version.ts'
import { caseJudges } from './judges.ts'
import { loadedDigest } from '../io/load-module.ts'
import { digest, fileDigest, forgetImportGraphs, moduleDigest } from '../io/module-files.ts'

/**
 * Provider settings that change how a request travels, never what the model is asked or answers: left out of the
 * fingerprint, so a retry budget or a new cassette folder does not throw a finished run away. Every other
 * setting — base URL, max tokens, and whatever per-model option is added later (temperature, reasoning effort,
 * a label) — is in it automatically.
 */
const transportSettings: ReadonlySet<string> = new Set([
  'apiKeyEnv', 'retries', 'timeoutMs', 'recordDir', 'replayDir', 'secrets', 'onRetry', 'cwd',
  'retryBaseDelayMs', 'retryMaxDelayMs', 'maxConcurrency', 'requestsPerMinute', 'fetch',
  // Batch mode sends the same requests another way: a batched result is kept by a direct run and the reverse.
  'batch', 'batchPollMs', 'batchJournal', 'onBatchEvent',
  // Whose names the messages give the options: the same requests from the CLI and the library.
  'optionNames',
])

/** What a run's fingerprints depend on beyond its cases and models. */
export type FingerprintOptions = {
  /** The identity of the checks the run adds to the scorer's (`CaseCheckSet.id`), when it adds any. */
  readonly caseChecks?: string
  /**
   * The run's options per model spec (config `providers:`): a judge's or simulated user's own settings (its
   * temperature, its base URL) decide what it answers, and so the verdict of every case it takes part in.
   */
  readonly modelOptions?: { readonly [spec: string]: Partial<ProviderOptions> }
}

/**
 * The fingerprint of a result: a hash of everything that decides its verdict or changes its requests — the case as
 * loaded (messages, tools, tool_choice, parallel, max_turns, stubs, expectation), the content of the hooks module,
 * of live stub, world and custom check modules and of the local files each imports, the local files a stdio MCP
 * server's command line names (with their imports: `serversDigest`), the model spec with its settings
 * (`--cache-tools` and `--stream` among them) and, for `scripted:<file>`, the script —, a judge's or simulated user's own settings, the identity of the run's own checks
 * (`RunOptions.caseChecks`) and toolgauge's own version, whose loop and scorers decide it too. `--resume` keeps a
 * journaled result only when its fingerprint equals the one computed for the case as it is now.
 */
export class Fingerprints {
  private readonly files = new Map<string, string>()
  /** The last case hashed: a case's tasks (models × repeats) come one after another; a memo per case would grow with them. */
  private last: { testCase: Case; hooksFile: string | undefined; digest: Promise<string> } | undefined
  private readonly objects = new WeakMap<object, Promise<string>>()
  private readonly models = new Map<string, string>()
  private readonly modules = new Map<string, Promise<string>>()

  private readonly run: string
  private readonly modelOptions: FingerprintOptions['modelOptions']

  constructor(options: FingerprintOptions = {}) {
    const { caseChecks } = options
    if (caseChecks !== undefined && caseChecks.trim() === '') throw new Error('caseChecks needs an id that names its rules (a version string), not an empty one')
    // Without run checks the fingerprint is what it always was, so journals of earlier runs stay resumable. The
    // version is toolgauge's own: a run is scored by one version.
    this.run = caseChecks === undefined ? toolgaugeVersion : `${toolgaugeVersion}\u0000checks:${caseChecks}`
    this.modelOptions = options.modelOptions
    // One per run: the run's modules were loaded just now, so the next run's load finds their imports again.
    forgetImportGraphs()
  }

  /**
   * The fingerprint of one case × model (the repeat index is part of the result's identity, not of this). `model`
   * is the model's identity (its label, when it has one); `spec` what it runs (`scripted:<file>` names the script).
   */
  async of(testCase: Case, model: string, settings: ProviderOptions, hooksFile: string | undefined, spec = model): Promise<string> {
    return digest(`${this.run}\u0000${await this.caseDigest(testCase, hooksFile)}\u0000${this.modelDigest(model, spec, settings)}`)
  }

  private caseDigest(testCase: Case, hooksFile: string | undefined): Promise<string> {
    if (this.last?.testCase === testCase && this.last.hooksFile === hooksFile) return this.last.digest
    const value = this.computeCaseDigest(testCase, hooksFile)
    this.last = { testCase, hooksFile, digest: value }
    return value
  }

  private async computeCaseDigest(testCase: Case, hooksFile: string | undefined): Promise<string> {
    // The suite file's path decides nothing (a moved folder is the same case); the modules' contents do. Tools
    // and stubs are usually the suite's shared objects: each is hashed once, by identity.
    const { file: _file, tools, stubs, ...rest } = testCase
    // A scripted simulated user's script decides the user's messages: its content, like a scripted model's.
    const simulatorScript = testCase.user ? scriptFile(testCase.user.model, dirname(testCase.file)) : undefined
    const simulator = simulatorScript ? this.fileDigest(simulatorScript) : null
    // A world's module decides every result of its tools (the case's rest holds its spec and the initial state).
    const world = testCase.world ? await this.moduleDigest(testCase.world.module) : null
    // A custom check's module decides its verdict, as a scripted judge's script decides the judge's.
    const checks = [
      ...await Promise.all(customCheckModules(testCase).map((module) => this.moduleDigest(module))),
      ...caseJudges(testCase).flatMap((judge) => scriptFile(judge.model, dirname(testCase.file)) ?? []).map((script) => this.fileDigest(script)),
    ]
    // The settings a judge or simulated user runs with (its spec is in the case): absent, the digest is as before.
    const helpers = [...new Set([...caseJudges(testCase).map((judge) => judge.model), ...(testCase.user ? [testCase.user.model] : [])])]
      .flatMap((spec) => { const own = this.modelOptions?.[spec]; return own ? [[spec, relevantSettings(own)] as const] : [] })
    const hooks = hooksFile ? await this.moduleDigest(hooksFile) : null
    return digest(stableStringify({ case: rest, tools: await this.shared(tools), stubs: await this.shared(stubs), hooks, ...(simulator ? { simulator } : {}), ...(world ? { world } : {}), ...(checks.length > 0 ? { checks } : {}), ...(helpers.length > 0 ? { helpers } : {}) }) ?? '')
  }

  /**
   * The digest of an object many cases share (tool list; stubs with live modules' contents and the local files their
   * MCP servers run), computed once per object.
   */
  private shared(value: Case['tools'] | Case['stubs']): Promise<string> {
    return getOrCreate(this.objects, value, () => {
      const stubs = Array.isArray(value) ? [] : Object.values(value as Case['stubs'])
      const live = stubs.flatMap((stub) => (stub.type === 'live' ? [stub] : []))
      return Promise.all([Promise.all(live.map(async (stub) => [stub.module, stub.export, await this.moduleDigest(stub.module)])), this.serversDigest(stubs)])
        .then(([modules, servers]) => digest(stableStringify({ value, modules, ...(servers.length > 0 ? { servers } : {}) }) ?? ''))
    })
  }

  /**
   * The local files the MCP servers answering `stubs` run (mcp/server-files.ts): each file the command line names,
   * with the local files a JS/TS one imports — a changed server answers otherwise. The stubs' labels already hold the
   * command lines. The fingerprint stops there: data a server reads by itself at run time (a database, a folder it
   * serves), its environment and an HTTP server's code are not in it. A server whose command line names no local
   * file (a package's: `npx -y …`) adds nothing, so its suites' journals stay resumable.
   */
  private async serversDigest(stubs: readonly StubSpec[]): Promise<(readonly [string, (readonly [string, string])[]])[]> {
    // Only the stubs that call the server: a "not executed" answer is recorded, whatever the server's code.
    const specs = [...new Set(stubs.flatMap((stub) => (stub.type === 'function' ? mcpOriginOf(stub) ?? [] : [])))]
    const servers = await Promise.all(specs.map(async (spec) => [spec.label,
      await Promise.all(serverFiles(spec).map(async (file) => [file.word, file.module ? await this.moduleDigest(file.path) : this.fileDigest(file.path)] as const))] as const))
    return servers.filter(([, files]) => files.length > 0)
  }

  private modelDigest(model: string, spec: string, settings: ProviderOptions): string {
    return getOrCreate(this.models, model, () => {
      // The model's script is read against the run's folder, as its provider reads it; a missing one is `null` here
      // but 'missing' for a judge's or simulated user's: both kept, since either change would re-run old journals.
      const script = scriptFile(spec, settings.cwd ?? process.cwd())
      return digest(stableStringify({ model, spec, settings: relevantSettings(settings), script: script && isFile(script) ? this.fileDigest(script) : null }) ?? '')
    })
  }

  /**
   * The digest of a user module: its file's, and the local files it imports with their paths from its folder
   * (io/module-files.ts) — once per run. That of the copy this process loaded when it has one (io/load-module.ts:
   * what the run calls, not read again), so the fingerprint names the code that ran, even when a file changed since
   * it loaded; else the file's now (a stdio MCP server's script, read when it starts).
   */
  private moduleDigest(file: string): Promise<string> {
    return getOrCreate(this.modules, file, async () => loadedDigest(file) ?? (await moduleDigest(file)).digest)
  }

  private fileDigest(file: string): string {
    return getOrCreate(this.files, file, () => fileDigest(file))
  }
}

/** A model's options but for its transport settings and functions: what decides its answers. */
function relevantSettings(settings: Partial<ProviderOptions>): Record<string, unknown> {
  const relevant: Record<string, unknown> = Object.fromEntries(Object.entries(settings).filter(([key, setting]) => !transportSettings.has(key) && typeof setting !== 'function'))
  // The `batch: true` setting is transport too (the requests are the same).
  if (settings.settings?.batch !== undefined) {
    const { batch: _batch, ...requestSettings } = settings.settings
    if (Object.keys(requestSettings).length > 0) relevant.settings = requestSettings
    else delete relevant.settings
  }
  return relevant
}

/**
 * The file a `scripted:<file>` spec names, resolved against `base` (undefined for any other spec): a model's against
 * the run's folder, a judge's or simulated user's against its suite's (runner/suite-models.ts reads them so).
 */
function scriptFile(spec: string, base: string): string | undefined {
  return spec.startsWith('scripted:') ? resolve(base, spec.slice('scripted:'.length)) : undefined
}

/** The modules of a case's custom checks (case-level and per message), each once. */
function customCheckModules(testCase: Case): string[] {
  const specs = [...(testCase.conversation ?? []).flatMap((message) => message.expect?.custom ?? []), ...(testCase.expect.custom ?? [])]
  return [...new Set(specs.map((spec) => spec.module))]
}
