import { mkdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import pLimit from 'p-limit'
import picomatch from 'picomatch'
import type { Case, Suite } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { reportSchemaVersion, type Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { loadHooks } from '../loop/hooks.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import { defaultPriceTable, type PriceTable } from '../pricing/index.ts'
import { Journal, resultKey } from '../report/journal.ts'
import { writeReport } from '../report/json.ts'
import { summarize } from '../report/summarize.ts'
import { discoverSuiteFiles } from '../suite/discover.ts'
import { loadSuite } from '../suite/load-suite.ts'
import { toolgaugeVersion } from '../version.ts'
import { evaluateGates, type Gate, type GateResult } from '../gates/gates.ts'
import { evaluateCase, type CaseTask, type EvaluationContext } from './evaluate-case.ts'
import { exitCodeFor } from './exit-code.ts'
import { inShard, type Shard } from './shard.ts'
import { tokenBudgetGates } from './token-budgets.ts'
import { ToolTokenCounter } from './tool-token-cost.ts'

/** Everything a run needs; the CLI builds it from flags and config. */
export type RunOptions = {
  readonly suitePaths: readonly string[]
  readonly models: readonly string[]
  /** Where report.json and results.jsonl go. */
  readonly outDir: string
  readonly concurrency?: number
  /** Glob on case ids (or `suite/case`). */
  readonly filter?: string
  readonly repeat?: number
  readonly shard?: Shard
  /** Continue from the journal in outDir instead of starting afresh. */
  readonly resume?: boolean
  readonly gates?: readonly Gate[]
  readonly providerOptions?: ProviderOptions
  /** Settings for one model spec, over `providerOptions` (config `providers:`). */
  readonly modelOptions?: { readonly [spec: string]: Partial<ProviderOptions> }
  /** Providers built by the caller (tests, library users), keyed by spec; others are created from the spec. */
  readonly providers?: readonly Provider[]
  /** Aborting stops scheduling; finished cases stay journaled and the partial report is written. */
  readonly signal?: AbortSignal
  /** Called once the cases to run are known (after --resume skipped the finished ones), before any request. */
  readonly onStart?: (progress: { total: number }) => void
  /** Called after each journaled result (progress display). */
  readonly onResult?: (result: CaseResult, progress: { done: number; total: number }) => void
  /** Prices for cost (default: the table that ships with toolgauge, see docs/pricing.md). */
  readonly prices?: PriceTable
}

/** The outcome of a run: the report (also written to disk), gate verdicts and the exit code. */
export type RunOutcome = {
  readonly report: Report
  readonly gates: readonly GateResult[]
  readonly exitCode: 0 | 1 | 3 | 130
  readonly reportFile: string
}


/**
 * Runs suites × models × repeats through the tool-calling loop and the scorers. All input is loaded and checked
 * before the first model call (bad input throws InputError); results are journaled as they finish; the report
 * is written at the end, or on interruption with what finished.
 */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date()
  const suites = await loadSuites(options.suitePaths)
  const cases = selectCases(suites, options)
  const optionsFor = (spec: string): ProviderOptions => ({ ...options.providerOptions, ...options.modelOptions?.[spec] })
  const providers = await Promise.all(options.models.map((spec) =>
    options.providers?.find((provider) => provider.id === spec) ?? createProvider(spec, optionsFor(spec))))
  const secrets = secretValues(options.models.map(optionsFor))
  for (const provider of providers) provider.checkCases?.(cases.map((testCase) => ({ suite: testCase.suite, id: testCase.id })))
  const hooksBySuite = new Map(await Promise.all(suites.map(async (suite) => [suite.file, await loadHooks(suite.cases[0]?.hooks)] as const)))

  mkdirSync(options.outDir, { recursive: true })
  const journal = new Journal(join(options.outDir, 'results.jsonl'))
  const previous = options.resume ? journal.read() : []
  if (!options.resume) journal.reset()
  const finished = new Map(previous.map((result) => [resultKey(result), result]))

  const repeats = options.repeat ?? 1
  const tasks: CaseTask[] = []
  for (const testCase of cases) {
    for (const provider of providers) {
      for (let repeat = 0; repeat < repeats; repeat++) {
        if (finished.has(resultKey({ suite: testCase.suite, case: testCase.id, model: provider.id, repeat }))) continue
        tasks.push({ testCase, provider, repeat, hooks: hooksBySuite.get(testCase.file) ?? {} })
      }
    }
  }

  options.onStart?.({ total: tasks.length })
  const tokenCounter = new ToolTokenCounter()
  const prices = options.prices ?? defaultPriceTable
  const limit = pLimit(Math.max(1, options.concurrency ?? 4))
  const results: CaseResult[] = [...finished.values()]
  let done = 0
  const context: EvaluationContext = { tokenCounter, prices, secrets, ...(options.signal ? { signal: options.signal } : {}) }
  await Promise.all(tasks.map((task) => limit(async () => {
    if (options.signal?.aborted) return
    const evaluated = await evaluateCase(task, context)
    if (!evaluated) return
    journal.append(evaluated.result)
    results.push(evaluated.result)
    done++
    options.onResult?.(evaluated.result, { done, total: tasks.length })
  })))

  const ordered = orderResults(results, cases, providers)
  const summary = summarize(ordered)
  const gates = [...evaluateGates(options.gates ?? [], summary), ...await tokenBudgetGates(suites, providers.map((provider) => provider.id))]
  const interrupted = options.signal?.aborted === true
  const report: Report = {
    schemaVersion: reportSchemaVersion,
    run: {
      startedAt: startedAt.toISOString(),
      finishedAt: new Date().toISOString(),
      toolgaugeVersion,
      models: providers.map((provider) => provider.id),
      suites: suites.map((suite) => ({ name: suite.name, file: relative(process.cwd(), suite.file) || suite.file, cases: suite.cases.length })),
      repeat: repeats,
      priceTable: { date: prices.date, source: prices.source },
      ...(options.shard ? { shard: options.shard } : {}),
      ...(options.filter ? { filter: options.filter } : {}),
      ...(interrupted ? { interrupted: true } : {}),
    },
    results: ordered,
    summary,
    gates,
  }
  const reportFile = writeReport(options.outDir, report)
  return { report, gates, exitCode: exitCodeFor(ordered, gates, interrupted), reportFile }
}

/** The secret values a run knows: configured secrets and the API keys its providers read from the environment. */
export function secretValues(options: readonly ProviderOptions[]): string[] {
  const names = new Set(['OPENAI_API_KEY', 'ANTHROPIC_API_KEY', ...options.flatMap((option) => (option.apiKeyEnv ? [option.apiKeyEnv] : []))])
  const fromEnv = [...names].map((name) => process.env[name]).filter((value): value is string => typeof value === 'string' && value.length > 0)
  return [...new Set([...fromEnv, ...options.flatMap((option) => option.secrets ?? [])])]
}

async function loadSuites(paths: readonly string[]): Promise<Suite[]> {
  const suites: Suite[] = []
  // One at a time, so the first bad file reported is the first in order.
  for (const file of discoverSuiteFiles(paths)) suites.push(await loadSuite(file))
  const names = new Map<string, string>()
  for (const suite of suites) {
    const other = names.get(suite.name)
    if (other) throw new InputError(`suite name "${suite.name}" is also used by ${other}; suite names must be unique in a run`, { file: suite.file, field: 'name' })
    names.set(suite.name, suite.file)
  }
  return suites
}

function selectCases(suites: readonly Suite[], options: RunOptions): Case[] {
  const matches = options.filter ? picomatch(options.filter) : undefined
  const cases = suites.flatMap((suite) => suite.cases)
    .filter((testCase) => !matches || matches(testCase.id) || matches(`${testCase.suite}/${testCase.id}`))
    .filter((testCase) => inShard(testCase.suite, testCase.id, options.shard))
  if (cases.length === 0 && options.filter) throw new InputError(`no case id matches "${options.filter}"`, { field: '--filter' })
  return cases
}

/** Results in suite, case, model, repeat order, whatever order they finished in. */
function orderResults(results: readonly CaseResult[], cases: readonly Case[], providers: readonly Provider[]): CaseResult[] {
  const caseOrder = new Map(cases.map((testCase, index) => [`${testCase.suite}\u0000${testCase.id}`, index]))
  const modelOrder = new Map(providers.map((provider, index) => [provider.id, index]))
  const rank = (result: CaseResult) => [caseOrder.get(`${result.suite}\u0000${result.case}`) ?? Infinity, modelOrder.get(result.model) ?? Infinity, result.repeat]
  return [...results].sort((a, b) => {
    const [x, y] = [rank(a), rank(b)]
    for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return (x[i] as number) - (y[i] as number)
    return 0
  })
}
