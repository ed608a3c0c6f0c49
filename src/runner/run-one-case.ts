import { resolve } from 'node:path'
import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { loadHooks } from '../loop/hooks.ts'
import { defaultPriceTable, type PriceTable } from '../pricing/index.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import { loadSuite } from '../suite/load-suite.ts'
import { casesWithVariants } from '../variants/expand-variants.ts'
import { McpServers } from '../mcp/mcp-servers.ts'
import { checkCase } from './check-case-requests.ts'
import { evaluateCase, type EvaluatedCase } from './evaluate-case.ts'
import { secretValues } from './load-run.ts'
import { ToolTokenCounter } from './tool-token-cost.ts'
import { Simulators } from './simulators.ts'
import { Judges } from './judges.ts'

/** What `runCase` runs: one case of a suite for one model. */
export type RunCaseRequest = {
  /** A suite file path, or a suite already loaded with `loadSuite`. */
  readonly suite: string | Suite
  /** The case id within the suite. */
  readonly case: string
  /** A model spec (`baseline`, `openai:gpt-4.1-mini`, …) or a provider built by the caller. */
  readonly model: string | Provider
  /** The suite's tool-description variant to run (`variants:` in the suite); default: the suite's own tools. */
  readonly variant?: string
  /** Repeat index (0-based), as in a run's results. Default 0. */
  readonly repeat?: number
  /** Provider settings for a model given as a spec (base URL, key variable, …). */
  readonly providerOptions?: ProviderOptions
  /** Prices for the result's cost (default: the table that ships with toolgauge). */
  readonly prices?: PriceTable
  readonly signal?: AbortSignal
}

/** One case run and scored: the case as loaded, the transcript, the verdict and the result a run would journal. */
export type ScoredCase = EvaluatedCase & { readonly case: Case }

/**
 * Runs one case through the same loop, scorers and result building as `runEvaluation`, and returns the scored
 * transcript — what the `toolgauge/vitest` matchers take. Bad input (no such suite or case, an unknown model
 * spec) is an InputError; a provider failure is kept on the result as `provider_error`.
 */
export async function runCase(request: RunCaseRequest): Promise<ScoredCase> {
  // A suite loaded here keeps its MCP servers up for the case; a Suite passed in brings its own (or none).
  return McpServers.during((servers) => runLoadedCase(request, servers))
}

async function runLoadedCase(request: RunCaseRequest, servers: McpServers): Promise<ScoredCase> {
  const suite = typeof request.suite === 'string' ? await loadSuite(resolve(request.suite), { mcp: servers }) : request.suite
  const found = suite.cases.find((candidate) => candidate.id === request.case)
  if (!found) {
    throw new InputError(`no case "${request.case}" in suite "${suite.name}"; its cases are ${suite.cases.map((c) => c.id).join(', ')}`, { file: suite.file, field: 'cases' })
  }
  const testCase = caseForVariant(suite, found, request.variant)
  const options = request.providerOptions ?? {}
  const provider = typeof request.model === 'string' ? await createProvider(request.model, options) : request.model
  provider.checkCases?.([{ suite: testCase.suite, id: testCase.id }], { repeats: (request.repeat ?? 0) + 1 })
  checkCase(testCase, [provider])
  const simulators = new Simulators({ providerOptions: options })
  await simulators.prepare([testCase], (request.repeat ?? 0) + 1)
  const judges = new Judges({ providerOptions: options })
  await judges.prepare([testCase], (request.repeat ?? 0) + 1)
  const hooks = await loadHooks(suite.hooks)
  const evaluated = await servers.withCase(() => evaluateCase(
    { testCase, provider, repeat: request.repeat ?? 0, hooks },
    {
      tokenCounter: new ToolTokenCounter(),
      prices: request.prices ?? defaultPriceTable,
      secrets: [...secretValues([options, ...simulators.providerOptions(), ...judges.providerOptions()]), ...servers.secrets],
      simulators,
      judges,
      ...(request.signal ? { signal: request.signal } : {}),
    },
  ))
  if (!evaluated) throw new InputError(`case "${request.case}" was aborted before it finished`, { file: suite.file })
  return { ...evaluated, case: testCase }
}

/** The case with a variant's tools, as a run with the suite's variants would run it; the case itself without one. */
function caseForVariant(suite: Suite, testCase: Case, variant: string | undefined): Case {
  if (variant === undefined) return testCase
  const versions = casesWithVariants([suite], [], [testCase])
  const chosen = versions.find((version) => version.variant === variant)
  if (!chosen) {
    const names = versions.flatMap((version) => (version.variant ? [version.variant] : []))
    throw new InputError(`no variant "${variant}" in suite "${suite.name}"; ${names.length > 0 ? `its variants are ${names.join(', ')}` : 'it declares no variants'}`, { file: suite.file, field: 'variants' })
  }
  return chosen
}
