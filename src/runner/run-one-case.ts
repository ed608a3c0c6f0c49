import { resolve } from 'node:path'
import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import { didYouMean, fewOf } from '../core/did-you-mean.ts'
import type { Provider } from '../core/provider.ts'
import { loadHooks, type ToolHooks } from '../loop/hooks.ts'
import { moduleScope } from '../io/load-module.ts'
import { McpServers } from '../mcp/mcp-servers.ts'
import { serversOf, type McpServerPool } from '../mcp/server-pool.ts'
import { defaultPriceTable, type PriceTable } from '../pricing/index.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import { loadSuite } from '../suite/load-suite.ts'
import { casesWithVariants } from '../variants/expand-variants.ts'
import { caseRefOf, caseWarnings, checkCaseRequests } from './provider-checks.ts'
import { setupWarnings } from './setup-warnings.ts'
import { evaluateCase, redactedCase, type EvaluatedCase, type EvaluationContext } from './evaluate-case.ts'
import { Judges } from './judges.ts'
import { boundedTurns } from './bounded-turns.ts'
import { guardStrays } from './process-guard.ts'
import { layeredModelOptions } from './model-providers.ts'
import { runSecrets } from './load-run.ts'
import { warnOnce } from '../core/warnings.ts'
import { inert } from '../report/terminal-text.ts'
import { Simulators } from './simulators.ts'
import { suiteModelOptions } from './suite-models.ts'
import { ToolSets } from './tool-sets.ts'
import { ToolTokenCounter } from './tool-token-cost.ts'

/** What `runCase` runs: one case of a suite for one model. */
export type RunCaseRequest = {
  /** A suite file path, or a suite already loaded with `loadSuite` (its MCP servers are started for this call, or are `mcp`). */
  readonly suite: string | Suite
  /** The case id within the suite. */
  readonly case: string
  /**
   * A model spec (`baseline`, `openai:gpt-4.1-mini`, …) or a provider built by the caller. A spec's provider gets
   * every secret of the case; one built by the caller redacts its own cassettes of what it was built with only (give
   * it the suite's MCP `${VAR}` values in its options' `secrets` if it records). A turn of a caller's provider that has
   * not settled within `providerOptions.timeoutMs` (default 600 000) is `provider_error`, its signal aborted.
   */
  readonly model: string | Provider
  /** The suite's tool-description variant to run (`variants:` in the suite); default: the suite's own tools. */
  readonly variant?: string
  /** Repeat index (0-based), as in a run's results. Default 0. */
  readonly repeat?: number
  /** Provider settings for a model given as a spec (retries, timeouts, …); `baseUrl` / `apiKeyEnv` for an `openai-compatible:` one only, as `--base-url` (another gets its own in `modelOptions`). */
  readonly providerOptions?: ProviderOptions
  /** Settings for one model spec, over `providerOptions`, as `RunOptions.modelOptions` (config `providers:`): a judge's or simulated user's own base URL and key. */
  readonly modelOptions?: ModelOptions
  /** Prices for the result's cost (default: the table that ships with toolgauge). */
  readonly prices?: PriceTable
  readonly signal?: AbortSignal
  /**
   * MCP servers kept by the caller across calls (`openMcpServers()`): the suite's servers run there, started on
   * first use and left up when this call returns. Default: started for this call and closed before it returns.
   */
  readonly mcp?: McpServerPool
}

/** One case run and scored: the case as loaded, the transcript, the verdict and the result a run would journal. */
export type ScoredCase = EvaluatedCase & { readonly case: Case }

/** Settings per model spec (`RunOptions.modelOptions`, config `providers:`): a judge's own server, key, settings. */
export type ModelOptions = { readonly [spec: string]: Partial<ProviderOptions> }

/** How `prepareCases` prepares: the runs of each case, the models' options with the run's secrets. */
export type CasePreparation = {
  /** Runs of each case (at least 1). */
  readonly repeats: number
  /** The caller's options with every secret of the run (`withCaseSecrets`): the simulated users and judges get them too. */
  readonly providerOptions: SecretOptions
  /** Per-spec settings (a judge's or simulated user's own base URL and key), as a run's `modelOptions`. */
  readonly modelOptions?: ModelOptions | undefined
  /**
   * The options each provider was built with, by index (undefined for a caller's own provider): their batch mode and
   * `cacheTools` are warned about as a run warns (`setupWarnings`).
   */
  readonly builtWith?: readonly (ProviderOptions | undefined)[]
  /** Default: the table that ships with toolgauge. */
  readonly prices?: PriceTable | undefined
  readonly signal?: AbortSignal | undefined
}

/** A suite's cases ready for `evaluateCase`: the suite's hooks and the context the cases share. */
export type PreparedCases = { readonly hooks: ToolHooks; readonly context: EvaluationContext }

/**
 * Runs one case through the same loop, scorers and result building as `runEvaluation`, and returns the scored
 * transcript — what the `toolgauge/vitest` matchers take. The suite's MCP servers belong to this call: started
 * for it (shared ones on the case's first call to them), closed before it returns, whether the suite is a path or
 * a Suite loaded beforehand — unless the caller keeps servers for many calls (`mcp: openMcpServers()`). Bad input (no such suite or case, an unknown model spec) is an InputError; a
 * provider failure is kept on the result as `provider_error`, a server that fails as `harness_error`, and so is an
 * error the case's code threw where nothing awaited it (a stub's timer), as in a run.
 */
export async function runCase(request: RunCaseRequest): Promise<ScoredCase> {
  // A model's missing key or server is said in runCase's option names (core/option-names.ts).
  // One version of each user module for the case, as for a run (io/load-module.ts).
  return moduleScope()(() => request.mcp ? runLoadedCase(request, serversOf(request.mcp, 'runCase request.mcp')) : McpServers.during((servers) => runLoadedCase(request, servers)))
}

async function runLoadedCase(request: RunCaseRequest, servers: McpServers): Promise<ScoredCase> {
  const suite = typeof request.suite === 'string' ? await loadSuite(resolve(request.suite), { mcp: servers }) : request.suite
  const found = suite.cases.find((candidate) => candidate.id === request.case)
  if (!found) {
    const ids = suite.cases.map((c) => c.id)
    throw new InputError(`no case "${request.case}" in suite "${suite.name}"${didYouMean(request.case, ids)}; its cases are ${fewOf(ids)}`, { file: suite.file, field: 'cases' })
  }
  // A Suite passed in holds no running server (loadSuite closed the ones it listed): its calls go to this call's.
  const testCase = servers.bindCase(request.variant === undefined ? found : casesOfVariant(suite, [found], request.variant)[0]!)
  const providerOptions = withCaseSecrets(request.providerOptions ?? {}, servers, request.modelOptions)
  // A caller's own provider has no HTTP timeout: its turns are bounded by providerOptions.timeoutMs (bounded-turns.ts).
  const builtWith = typeof request.model === 'string' ? specsOptions([request.model], providerOptions, request.modelOptions).get(request.model)! : undefined
  const provider = typeof request.model === 'string' ? await createProvider(request.model, builtWith!) : boundedTurns(request.model, providerOptions.timeoutMs)
  const repeat = request.repeat ?? 0
  const preparation = { repeats: repeat + 1, providerOptions, modelOptions: request.modelOptions, prices: request.prices, signal: request.signal, builtWith: [builtWith] }
  const { hooks, context } = await prepareCases(suite, [testCase], [provider], preparation)
  // As in a run: what the case's code throws unawaited ends it as harness_error (process-guard.ts), not the process.
  const release = guardStrays()
  let evaluated: EvaluatedCase | undefined
  try {
    evaluated = await servers.withCase({ testCase, provider, repeat, hooks }, (task) => evaluateCase(task, context))
  } finally {
    release()
  }
  if (!evaluated) throw new InputError(`case "${request.case}" was aborted before it finished`, { file: suite.file })
  return { ...redactedCase(evaluated, context.secrets), case: testCase }
}

/** Provider options carrying the secrets of the run they are for. */
export type SecretOptions = ProviderOptions & { readonly secrets: readonly string[] }

/**
 * The caller's provider options with every secret of a `runCase` or `describeSuite` run — the API keys the models
 * read, the credential headers of their settings, the configured secrets and the suite's MCP `${VAR}` values — as
 * `toolgauge run` gives each model it builds: a model's HTTP layer (cassettes, error messages) redacts them all, not
 * only its own key, since an MCP tool's result reaches the model's request through the conversation.
 */
export function withCaseSecrets(providerOptions: ProviderOptions, servers: McpServers, modelOptions?: ModelOptions): SecretOptions {
  return { ...providerOptions, secrets: runSecrets([providerOptions, ...Object.values(modelOptions ?? {})], servers.secrets) }
}

/**
 * The models under test's options, as a run layers them (model-providers.ts `layeredModelOptions`, the one rule):
 * the caller's, a run-wide `baseUrl` / `apiKeyEnv` for `openai-compatible:` models only — an `openai:` model beside a
 * local one keeps its own host, so its key never reaches the local server — then the spec's own (`modelOptions`),
 * its settings merged with the caller's key by key. The run's secrets are kept.
 */
export function specsOptions(specs: readonly string[], providerOptions: SecretOptions, modelOptions: ModelOptions | undefined): Map<string, SecretOptions> {
  const layered = layeredModelOptions(specs.map((spec) => ({ spec, id: spec })), { providerOptions, ...(modelOptions ? { modelOptions } : {}) })
  return new Map(specs.map((spec, index) => [spec, { ...layered[index], secrets: providerOptions.secrets }]))
}

/**
 * Prepares a suite's cases as `toolgauge run` does, for the library's `runCase` and `describeSuite`, before any
 * model call: each model's `checkCases` and the warnings on its settings (`setupWarnings`), printed on stderr, and its
 * request check (a request shape it refuses is an InputError), the simulated users and judges the cases name, built
 * with the run's secrets and their scripts checked, the suite's hooks.
 */
export async function prepareCases(suite: Suite, cases: readonly Case[], providers: readonly Provider[], preparation: CasePreparation): Promise<PreparedCases> {
  const refs = cases.map(caseRefOf)
  // As a run asks: about the cases run, knowing every case of the suite (a script key for none of them is a slip).
  const plan = { repeats: preparation.repeats, allCases: suite.cases.map(caseRefOf) }
  // Neither runCase nor describeSuite takes an onWarning: each check's warnings are said on stderr (inert: they may
  // quote a file), once per process, as runCase is called once per case.
  const say = (warnings: readonly string[]) => warnings.forEach((warning) => warnOnce(`case check\0${warning}`, inert(warning)))
  for (const provider of providers) say(caseWarnings(provider, refs, plan))
  await checkCaseRequests(cases, providers)
  const secrets = preparation.providerOptions.secrets
  const toolSets = new ToolSets(secrets)
  const built = providers.map((provider, index) => ({ provider, spec: provider.spec ?? provider.id, options: preparation.builtWith?.[index] ?? {} }))
  say(await setupWarnings(cases, built, () => true, (tools) => toolSets.idOf(tools)))
  // The judges' and simulated users' own settings (their base URL, key variable), as config `providers:` gives a run's.
  const modelOptions = suiteModelOptions({ providerOptions: preparation.providerOptions, ...(preparation.modelOptions ? { modelOptions: preparation.modelOptions } : {}) }, secrets)
  const simulators = new Simulators(modelOptions)
  say(await simulators.prepare(cases, plan.repeats, () => plan.allCases))
  const judges = new Judges(modelOptions)
  say(await judges.prepare(cases, plan.repeats, () => plan.allCases))
  const context = {
    tokenCounter: new ToolTokenCounter(),
    prices: preparation.prices ?? defaultPriceTable,
    secrets,
    toolSets,
    simulators,
    judges,
    ...(preparation.signal ? { signal: preparation.signal } : {}),
  }
  return { hooks: await loadHooks(suite.hooks), context }
}

/** The cases with a variant's tools, as a run with the suite's variants runs them; bad input for a variant the suite lacks. */
export function casesOfVariant(suite: Suite, cases: readonly Case[], variant: string): readonly Case[] {
  const versions = casesWithVariants([suite], [], cases)
  const chosen = versions.filter((version) => version.variant === variant)
  if (chosen.length === 0) {
    const names = [...new Set(versions.flatMap((version) => (version.variant ? [version.variant] : [])))]
    throw new InputError(`no variant "${variant}" in suite "${suite.name}"; ${names.length > 0 ? `its variants are ${names.join(', ')}` : 'it declares no variants'}`, { file: suite.file, field: 'variants' })
  }
  return chosen
}
