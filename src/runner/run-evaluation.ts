import { join, resolve } from 'node:path'
import type { Case } from '../core/case.ts'
import type { CaseRef, Provider } from '../core/provider.ts'
import { reportSchemaVersion, type Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { loadHooks } from '../loop/hooks.ts'
import { moduleScope } from '../io/load-module.ts'
import { McpServers } from '../mcp/mcp-servers.ts'
import type { RunOptions, RunOutcome } from './run-options.ts'
import type { StreamedSuite } from '../suite/load-suite.ts'
import { defaultPriceTable } from '../pricing/index.ts'
import { Journal, resultKey } from '../report/journal.ts'
import { writeStreamedReport, type StreamedReport } from '../report/json.ts'
import { evaluateGates, type GateResult } from '../gates/gates.ts'
import { modelSettingsOf, runHeader } from './run-header.ts'
import { printWarning, RunCallbacks, withContainedCallbacks } from './run-callbacks.ts'
import { ProcessGuard } from './process-guard.ts'
import { printsWarnings, warningsTo } from '../core/warnings.ts'
import { evaluateCase, type CaseTask, type EvaluationContext } from './evaluate-case.ts'
import { RunTally } from './run-tally.ts'
import { caseRefOf, caseWarnings, checkCaseRequest } from './provider-checks.ts'
import { exitCodeFor } from './exit-code.ts'
import { Fingerprints } from './fingerprint.ts'
import { AbandonAfterAbort } from './abandon-after-abort.ts'
import { batchStopWarnings, StopRules, unpricedWarnings } from './bail.ts'
import { lockOutFolder } from './out-lock.ts'
import { planTasks, type PlannedTask } from './run-plan.ts'
import { checkRepeatUntil, minAccuracyThresholds, RepeatRounds } from './repeat-until.ts'
import { loadRunSuites, runSecrets } from './load-run.ts'
import { RunCases } from './run-cases.ts'
import { resumeFromJournal, type PlannedResult, type ResumeCounts } from './resume.ts'
import { resolveModels, type ResolvedModel } from './model-entries.ts'
import { modelProviderOptions, modelProviders } from './model-providers.ts'
import { checkAnswered, modelSuites, type ModelAnswers } from './model-suites.ts'
import { tokenBudgetGates } from './token-budgets.ts'
import { ToolSets } from './tool-sets.ts'
import { Simulators } from './simulators.ts'
import { Judges } from './judges.ts'
import { suiteModelOptions, suiteModelSettings } from './suite-models.ts'
import { ToolTokenCounter } from './tool-token-cost.ts'
import { BatchJournal } from '../providers/batch/batch-journal.ts'
import { scheduleTasks } from './schedule-tasks.ts'
import { BatchSchedule } from './batch-schedule.ts'
import { refuseUncertainResubmits } from './uncertain-creations.ts'
import { optionNames } from '../core/option-names.ts'
import { checkShard } from './shard.ts'
import { setupWarnings } from './setup-warnings.ts'

export type { RunOptions, RunOutcome } from './run-options.ts'

/**
 * Runs suites × models × repeats through the tool-calling loop and the scorers. All input is loaded and checked
 * before the first model call (bad input throws InputError). Results stream: each is journaled as it finishes,
 * folded into the running summaries and dropped; report.json is then written by streaming the journal, in
 * suite, case, model, repeat order. Memory grows with the number of cases only by a few numbers each (the
 * case's place in its suite, a small task object with its journal position, one repeat tally per case) and the suites' inline
 * cases: a suite's JSON Lines case file (`cases: ./cases.jsonl`) is read again as its cases run, never held.
 */
export async function runEvaluation(options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date()
  const models = resolveModels(options.models, options.modelsSource)
  if (options.shard !== undefined) checkShard(options.shard, optionNames(options.providerOptions))
  if (options.outLock && options.outLock.dir !== resolve(options.outDir)) throw new Error(`the lock given is of ${options.outLock.dir}, not of ${options.outDir}`)
  // The caller's callbacks are its own code: one that throws is said once the run is over, and changes nothing else.
  const callbacks = new RunCallbacks(options)
  try {
    // What the run's parts warn about deep inside (a secret too short to redact, a cache folder others may write to)
    // goes to onWarning like the run's other warnings; without one, or when onWarning is where warnings said outside
    // a run go already (the CLI's printer), it goes there with no context of the run's own (core/warnings.ts).
    return await (callbacks.takesWarnings && !printsWarnings(options.onWarning) ? warningsTo(callbacks.warn, () => lockedRun(options, models, callbacks, startedAt)) : lockedRun(options, models, callbacks, startedAt))
  } finally {
    callbacks.close()
  }
}

/** The run with its out folder locked and the process guarded. */
async function lockedRun(options: RunOptions, models: readonly ResolvedModel[], callbacks: RunCallbacks, startedAt: Date): Promise<RunOutcome> {
  const lock = options.outLock ?? lockOutFolder(options.outDir, callbacks.warn, options.providerOptions?.optionNames)
  // From the first user module loaded to the last result: an error nothing awaited or an exit mid-run is the run's to handle.
  const guard = new ProcessGuard()
  try {
    // The MCP servers the suites name live for the run: closed on success, failure and interruption alike.
    const contained = withContainedCallbacks(options, callbacks)
    // One version of each user module for the run, whatever another run of the process loads meanwhile.
    return await moduleScope()(() => McpServers.during(async (servers) => evaluate(contained, models, callbacks, startedAt, servers, await loadRunSuites(options.suitePaths, servers, options.providerOptions))))
  } finally {
    guard.dispose(options.signal?.aborted === true)
    if (lock !== options.outLock) lock.release()
  }
}

async function evaluate(options: RunOptions, models: readonly ResolvedModel[], callbacks: RunCallbacks, startedAt: Date, servers: McpServers, suites: readonly StreamedSuite[]): Promise<RunOutcome> {
  const answersSuite = modelSuites(models, suites.map((suite) => suite.name), options.modelsSource)
  // Batch mode journals its batches in the out folder; --resume --batch serves requests from those of the run before.
  const batchJournal = BatchJournal.open(options.outDir, options.resume === true)
  const modelOptions = modelProviderOptions(models, options, batchJournal)
  // Every secret the run knows, before any provider is built: each provider's HTTP layer (cassettes, error messages)
  // redacts all of them, not only its own key — an MCP server's token, a simulated user's words and a model's answer
  // reach other models' requests through the conversation and the judge's prompt.
  const secrets = runSecrets([...modelOptions, ...(options.providerOptions ? [options.providerOptions] : []), ...Object.values(options.modelOptions ?? {})], servers.secrets)
  // The simulated users' and judges' models are built in the pass that selects the cases and checked before the first
  // call, like the models'; they answer from inside a task, one request at a time: never in batch mode.
  const suiteModels = suiteModelOptions(options, secrets)
  const simulators = new Simulators(suiteModels)
  const judges = new Judges(suiteModels)
  const providers = await modelProviders(models, modelOptions, secrets, options)
  // Each run case is seen once here, in order, and read again when its tasks run (runner/run-cases.ts); the models'
  // request checks (a tool name the API refuses) are asked in this pass, not in one more over a case file.
  const toolSets = new ToolSets(secrets)
  const cases = await RunCases.select(suites, options, options.variants ?? [], async (testCase) => {
    toolSets.idOf(testCase.tools)
    await simulators.add(testCase)
    await judges.add(testCase)
    checkCaseRequest(testCase, providers, (modelIndex) => answersSuite(modelIndex, testCase.suite))
  })
  for (const warning of checkAnswered(models, casesPerSuite(suites, cases), answersSuite, optionNames(options.providerOptions), options.modelsSource)) callbacks.warn(warning)
  const built = models.map((model, index) => ({ provider: providers[index]!, spec: model.spec, options: modelOptions[index]! }))
  for (const warning of await setupWarnings(eachCase(cases), built, answersSuite, (tools) => toolSets.idOf(tools))) callbacks.warn(warning)
  if (options.repeatUntil !== undefined) checkRepeatUntil(options, optionNames(options.providerOptions))
  const repeats = options.repeatUntil ?? options.repeat ?? 1
  // A --repeat-until run's min-accuracy gates read the mean of per-case pass rates (cases ran unequal repeats).
  const runGates = options.repeatUntil !== undefined ? (options.gates ?? []).map((gate) => (gate.type === 'min-accuracy' ? { ...gate, perCaseMean: true } : gate)) : options.gates ?? []
  // Every case of the suites, read once and only for a model that checks its cases (a key for a case left out is no slip).
  let identities: ReturnType<typeof caseIdentities> | undefined
  const known = () => (identities ??= caseIdentities(suites, cases))
  if (providers.some((provider) => provider.checkCases)) {
    const { caseRefs, allCases } = await known()
    providers.forEach((provider, modelIndex) => {
      // A model answering some suites only is asked about their cases only.
      const own = (refs: readonly CaseRef[]) => refs.filter((ref) => answersSuite(modelIndex, ref.suite))
      // One whose suites: names none of the run's suites (init's scripted model, beside a run of another suite) answers
      // nothing here: its script's keys are not unused, only for another run.
      if (!suites.some((suite) => answersSuite(modelIndex, suite.name))) return
      for (const warning of caseWarnings(provider, own(caseRefs), { repeats, allCases: own(allCases) })) callbacks.warn(warning)
    })
  }
  const suiteCases = async () => (await known()).allCases
  for (const warning of [...(await simulators.check(repeats, suiteCases)), ...(await judges.check(repeats, suiteCases))]) callbacks.warn(warning)
  // Each suite's hooks module (its path is in the fingerprint) and what it exports, by suite file.
  const hooksBySuite = new Map(await Promise.all(suites.map(async (suite) => [suite.file, { file: suite.hooks, hooks: await loadHooks(suite.hooks) }] as const)))

  const fingerprints = new Fingerprints({ ...(options.caseChecks ? { caseChecks: options.caseChecks.id } : {}), ...(options.modelOptions ? { modelOptions: options.modelOptions } : {}) })
  const answers = (caseIndex: number, modelIndex: number) => answersSuite(modelIndex, cases.suiteAt(caseIndex))
  const plan = planTasks(cases.size, providers.length, repeats, answers)
  // The model's identity (its label) and its resolved options, settings included, decide its verdicts. Computed
  // when a task runs (and for --resume), not kept per case.
  const fingerprintOf = (testCase: Case, modelIndex: number) =>
    fingerprints.of(testCase, providers[modelIndex]!.id, modelOptions[modelIndex]!, hooksBySuite.get(testCase.file)?.file, models[modelIndex]!.spec)
  const taskAt = async ({ caseIndex, modelIndex, repeat }: PlannedTask): Promise<CaseTask> => {
    const testCase = await cases.at(caseIndex)
    return { testCase, provider: providers[modelIndex]!, repeat, hooks: hooksBySuite.get(testCase.file)?.hooks ?? {}, fingerprint: await fingerprintOf(testCase, modelIndex) }
  }

  const journal = new Journal(join(options.outDir, 'results.jsonl'))
  const tally = new RunTally({ repeats, caseMeanAccuracy: options.repeatUntil !== undefined, bySuite: options.bySuite === true })
  let resumed: ResumeCounts | undefined
  if (options.resume) {
    // Every planned result's key and fingerprint, streamed in the plan's order: a case is read and hashed once for
    // all its models and repeats (`cases.at` and Fingerprints keep the last case).
    const planned = async function* (): AsyncGenerator<PlannedResult> {
      for (const [index, { caseIndex, modelIndex, repeat }] of plan.entries()) {
        const testCase = await cases.at(caseIndex)
        const key = resultKey({ suite: testCase.suite, case: testCase.id, model: providers[modelIndex]!.id, repeat, variant: testCase.variant })
        yield { key, fingerprint: await fingerprintOf(testCase, modelIndex), index }
      }
    }
    const { kept, counts } = await resumeFromJournal(journal, planned())
    resumed = counts
    for (const { index, position } of kept) {
      plan[index]!.position = position
      tally.add(journal.readAt(position))
    }
  } else {
    journal.reset()
    batchJournal.reset()
  }
  const tasks = plan.filter((task) => !task.position)
  if (options.resume && !options.batchResubmit) await refuseUncertainResubmits(batchJournal, providers, tasks, (index) => cases.at(index), optionNames(options.providerOptions))

  callbacks.start({ total: tasks.length, ...(resumed ? { resumed } : {}) })
  const tokenCounter = new ToolTokenCounter()
  const prices = options.prices ?? defaultPriceTable
  if (options.maxCostUsd !== undefined) for (const warning of unpricedWarnings(providers, prices, optionNames(options.providerOptions))) callbacks.warn(warning)
  const context: EvaluationContext = {
    tokenCounter, prices, secrets, toolSets, simulators, judges, warn: callbacks.takesWarnings ? callbacks.warn : printWarning, ...(options.signal ? { signal: options.signal } : {}), ...(options.stubTimeoutMs !== undefined ? { stubTimeoutMs: options.stubTimeoutMs } : {}),
    ...(options.caseChecks ? { caseChecks: options.caseChecks.check } : {}),
  }
  let done = 0
  // A process that exits mid-run (a second Ctrl-C exits at once) still writes the lines it has finished.
  const flushOnExit = () => journal.close()
  process.once('exit', flushOnExit)
  const patience = new AbandonAfterAbort(options.signal)
  // Set when the run stops (an error): a case still in flight then is not journaled.
  let stopped = false
  const batching = new BatchSchedule(providers)
  const bail = new StopRules(options)
  const rounds = options.repeatUntil !== undefined
    ? new RepeatRounds(plan, repeats, (model) => minAccuracyThresholds(runGates, model))
    : undefined
  for (const warning of batchStopWarnings(options, batching.models, rounds !== undefined, optionNames(options.providerOptions))) callbacks.warn(warning)
  const runTask = async (planned: PlannedTask) => {
    const task = await taskAt(planned)
    const evaluated = await patience.race(servers.withCase(task, (own) => evaluateCase(own, context)))
    // An interrupted or abandoned case is not journaled: --resume runs it again from the start.
    if (!evaluated || stopped) return
    const safe = evaluated.result
    planned.position = journal.append(safe)
    tally.add(safe)
    rounds?.record(planned, safe)
    bail.record(safe)
    done++
    callbacks.result(safe, { done, total: tasks.length })
  }
  try {
    await scheduleTasks(tasks, {
      batching,
      stopping: () => bail.reached,
      ...(options.concurrency !== undefined ? { concurrency: options.concurrency } : {}),
      ...(rounds ? { rounds } : {}),
      ...(options.signal ? { signal: options.signal } : {}),
    }, runTask)
  } catch (error) {
    stopped = true
    journal.close()
    throw error
  } finally {
    patience.dispose()
    // Every line is written: from here the journal is only read (report.json, the other formats).
    journal.flush()
    process.off('exit', flushOnExit)
  }

  const modelIds = providers.map((provider) => provider.id)
  const { summary, bySuite } = tally.rows(modelIds, suites.map((suite) => suite.name))
  const gates = [...evaluateGates(runGates, summary), ...await budgetGates(suites, providers, answersSuite)]
  const interrupted = options.signal?.aborted === true
  const cut = await bail.cut(plan, (index) => cases.at(index), (index) => providers[index]!.id)
  // Report order: suite, case, model, repeat — the plan's order — whatever order results finished in.
  const eachResult = function* (): Generator<CaseResult> {
    for (const { position } of plan) if (position) yield journal.readAt(position)
  }
  const eachResultJson = function* (): Generator<string> {
    for (const { position } of plan) if (position) yield journal.readLineAt(position)
  }
  const header: Omit<Report, 'results'> & Pick<Report, 'schemaVersion' | 'run' | 'summary'> = {
    schemaVersion: reportSchemaVersion,
    run: runHeader({
      startedAt,
      models: modelIds,
      modelSpecs: Object.fromEntries(models.map((model, index) => [modelIds[index]!, model.spec])),
      modelSettings: modelSettingsOf(modelIds, modelOptions, secrets),
      suiteModelSettings: suiteModelSettings(simulators, judges),
      suites: suites.map((suite) => ({ ...suite, cases: { length: suite.cases.count } })),
      repeat: repeats,
      prices,
      extra: {
        ...(options.shard ? { shard: options.shard } : {}),
        ...(options.filter ? { filter: options.filter } : {}),
        ...(rounds ? { repeatUntil: rounds.summary() } : {}),
        // run.unfinished: the planned case runs with no result, which every format reports (report/run-stops.ts).
        ...(batching.active ? { batch: batching.header(prices) } : {}),
        ...(interrupted ? { interrupted: true, unfinished: plan.filter((task) => !task.position).length } : {}),
        ...(cut ? { cut } : {}),
        ...(resumed ? { resumed: { kept: resumed.kept, rerun: resumed.rerun, dropped: resumed.dropped } } : {}),
      },
    }),
    // Tool definitions an MCP server listed may quote its ${VAR} values: redacted like the results (ToolSets does).
    toolSets: toolSets.toJSON(),
    summary,
    gates,
    ...tally.variantFindings(modelIds),
  }
  const stream: StreamedReport = { ...header, eachResult, eachResultJson }
  const reportFile = writeStreamedReport(options.outDir, stream)
  return {
    report: withLazyResults(header, eachResult),
    eachResult,
    stream,
    bySuite,
    gates,
    exitCode: exitCodeFor(tally.verdicts(), gates, interrupted, cut?.reason),
    reportFile,
    ...(resumed ? { resumed } : {}),
  }
}

/** A report whose `results` are read from the journal on first access (library users and tests), then kept. */
function withLazyResults(header: Omit<Report, 'results'>, eachResult: () => Iterable<CaseResult>): Report {
  let results: CaseResult[] | undefined
  return Object.defineProperty({ ...header }, 'results', { enumerable: true, get: () => (results ??= [...eachResult()]) }) as Report
}

/** The run's cases in order, each read when asked for (a JSON Lines case file is not held). */
async function* eachCase(cases: RunCases): AsyncGenerator<Case> {
  for (let index = 0; index < cases.size; index++) yield await cases.at(index)
}

/** The run's cases per suite (after --filter, --shard and variants), in the suites' order. */
function casesPerSuite(suites: readonly StreamedSuite[], cases: RunCases): Map<string, number> {
  const counts = new Map(suites.map((suite) => [suite.name, 0]))
  for (let index = 0; index < cases.size; index++) {
    const suite = cases.suiteAt(index)
    counts.set(suite, (counts.get(suite) ?? 0) + 1)
  }
  return counts
}

/** The `{ suite, id }` of each run case and of every case of the suites (for `Provider.checkCases`). */
async function caseIdentities(suites: readonly StreamedSuite[], cases: RunCases): Promise<{ caseRefs: CaseRef[]; allCases: CaseRef[] }> {
  const allCases: CaseRef[] = []
  for (const suite of suites) for (let index = 0; index < suite.cases.count; index++) allCases.push(caseRefOf(await suite.cases.at(index)))
  if (cases.everyCase) return { caseRefs: allCases, allCases }
  const caseRefs: CaseRef[] = []
  for await (const testCase of eachCase(cases)) caseRefs.push(caseRefOf(testCase))
  return { caseRefs, allCases }
}

/**
 * The suites' tool-token budget gates for the models that run each suite, from each suite's first case (suite-level
 * `max_tool_tokens` is copied onto every case).
 */
async function budgetGates(suites: readonly StreamedSuite[], providers: readonly Provider[], answersSuite: ModelAnswers): Promise<GateResult[]> {
  const gates: GateResult[] = []
  for (const suite of suites) {
    const budgeted = { ...suite, cases: suite.cases.count > 0 ? [await suite.cases.at(0)] : [] }
    for (const gate of await tokenBudgetGates([budgeted], providers.filter((_, index) => answersSuite(index, suite.name)))) gates.push(gate)
  }
  return gates
}
