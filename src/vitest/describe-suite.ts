import { relative, resolve } from 'node:path'
import pLimit from 'p-limit'
import { afterAll, beforeAll, describe, test } from 'vitest'
import type { Case, Suite } from '../core/case.ts'
import { InputError, MissingApiKeyError } from '../core/errors.ts'
import { didYouMean } from '../core/did-you-mean.ts'
import type { Provider } from '../core/provider.ts'
import { McpServers } from '../mcp/mcp-servers.ts'
import { moduleScope } from '../io/load-module.ts'
import { noteFilesRead } from '../io/files-read.ts'
import type { ProviderOptions } from '../providers/provider-options.ts'
import { createProvider } from '../providers/registry.ts'
import { abandonedCase, evaluateCase, redactedCase, timedOutCase, type EvaluatedCase } from '../runner/evaluate-case.ts'
import { casesOfVariant, prepareCases, specsOptions, withCaseSecrets, type ModelOptions, type SecretOptions } from '../runner/run-one-case.ts'
import { Fingerprints } from '../runner/fingerprint.ts'
import { modelSettingsOf } from '../runner/run-header.ts'
import { suiteModelSettings as suiteModelSettingsOf } from '../runner/suite-models.ts'
import { guardStrays } from '../runner/process-guard.ts'
import { caseSelector } from '../runner/load-run.ts'
import { loadSuite } from '../suite/load-suite.ts'
import { casesWithVariants } from '../variants/expand-variants.ts'
import { caseTestFailure, caseTestName, modelSkipReason } from './test-text.ts'
import './result-meta.ts'
import { verdictOf } from '../core/verdict.ts'
import type { CaseResult } from '../core/result.ts'
import { HarnessError } from '../loop/harness-error.ts'
import { abandonAfterMs, AbandonAfterAbort } from '../runner/abandon-after-abort.ts'
import type { ToolgaugeTestMeta } from './result-meta.ts'

/** Options of `describeSuite`. */
export type DescribeSuiteOptions = {
  /** One model spec (`baseline`, `openai:gpt-4.1-mini`, …); or use `models`. */
  readonly model?: string
  readonly models?: readonly string[]
  /** Only these cases: ids or globs on the case id (or `suite/case`). */
  readonly cases?: readonly string[]
  /** Only this tool-description variant of the suite (`variants:`); default: every variant, as `toolgauge run` runs them. */
  readonly variant?: string
  /** Runs of each case per model (default 1); each is its own test. */
  readonly repeat?: number
  /**
   * Most cases running at once. Default: vitest's `maxConcurrency` (5 unless configured), the one limit, as the tests
   * run concurrently; 1 runs them one after the other. Another number queues the tests vitest started beyond it, their
   * timeouts running: set vitest's `maxConcurrency` instead where cases are slow.
   */
  readonly concurrency?: number
  /**
   * Provider settings for every model (retries, timeouts, settings, …), as the CLI's flags: `baseUrl` and `apiKeyEnv`
   * reach the `openai-compatible:` models only, as `--base-url` does, so an `openai:` model's key never goes to their
   * server (set either for no such model and collection fails). Give another model its own in `modelOptions`.
   */
  readonly providerOptions?: ProviderOptions
  /**
   * Settings for one model spec, over `providerOptions`: what the config's `providers:` gives `toolgauge run` (and
   * `runEvaluation` takes as `modelOptions`). A judge or simulated user gets none of the tested model's base URL or
   * key: `{ 'openai-compatible:qwen3:8b': { baseUrl: 'http://localhost:11434/v1' } }` puts that judge on a local server.
   */
  readonly modelOptions?: ModelOptions
}

type ModelSlot = { readonly spec: string; readonly options: SecretOptions; readonly provider?: Provider; readonly skip?: string }

/**
 * Registers one vitest test per case × model (× repeat), named `suite/case [model]` (with `#n` for repeats after
 * the first). Each runs the case through toolgauge's loop and scorers; a failing case fails its test with the
 * failure kinds, messages and a compact transcript. A model whose API key is missing makes its tests skip with
 * the reason. The result rides on the test's meta, where `toolgauge/vitest/reporter` collects it: under vitest's
 * `retry`, the last attempt's. An attempt vitest timed out is stopped (its model call aborted, its concurrency slot
 * freed) and its case ends as `harness_error`, errored: no verdict on the model. While the block
 * runs, an error a case's code threw where nothing awaited it (a stub's timer) ends that case as `harness_error`, as
 * in a run (after its verdict: a warning on stderr); one no case made is still vitest's to report.
 */
export function describeSuite(suitePath: string, options: DescribeSuiteOptions): void {
  const models = options.models ?? (options.model !== undefined ? [options.model] : [])
  if (models.length === 0) throw new TypeError('describeSuite needs `model` or `models`')
  const file = resolve(suitePath)
  describe(relative(process.cwd(), file) || file, async () => {
    // As in `toolgauge run`: the suite's MCP servers stay up for its tests (per_case ones start afresh per test)
    // and end with them — or at once when collecting fails, since vitest then runs no afterAll.
    const servers = new McpServers()
    afterAll(() => servers.close())
    // As in a run: what a case's code throws unawaited ends its test's case as harness_error (later: a warning), while
    // an error no case made is still vitest's to report (runner/process-guard.ts).
    let release: (() => void) | undefined
    beforeAll(() => {
      release = guardStrays()
    })
    afterAll(() => release?.())
    // As a run's: one version of each user module, the one loaded while collecting, for every test of the block,
    // whatever the worker loads meanwhile (a runCase or describeSuite after an edit; io/load-module.ts).
    const ownCopies = moduleScope()
    // Every file the block reads, on its suite's meta for the reporter: in watch mode an edit of one reruns this test
    // file (vitest/rerun-on-edit.ts), as vite's module graph holds none of them. Set after the tests, which read some
    // too (the MCP server scripts the fingerprint hashes); a block whose collection failed, or whose tests were all
    // filtered out, runs no afterAll and lists none (the reporter keeps what an earlier run listed).
    const read = new Set<string>()
    afterAll(({}, suite) => {
      suite.meta.toolgaugeFiles = [...read]
    })
    const scoped = <T>(work: () => T): T => ownCopies(() => noteFilesRead(read, work))
    try {
      // A model's missing key or server is said in describeSuite's option names (core/option-names.ts).
      await scoped(() => registerTests(file, options, models, servers, scoped))
    } catch (error) {
      await servers.close()
      throw error
    }
  })
}

/** Loads the suite (its MCP servers listed through `servers`) and registers its tests, each run in `scoped`. */
async function registerTests(file: string, options: DescribeSuiteOptions, models: readonly string[], servers: McpServers, scoped: <T>(work: () => T) => T): Promise<void> {
  const suite = await loadSuite(file, { mcp: servers })
  const selected = selectCases(suite, options.cases)
  const cases = options.variant === undefined ? casesWithVariants([suite], [], selected) : casesOfVariant(suite, selected, options.variant)
  const providerOptions = withCaseSecrets(options.providerOptions ?? {}, servers, options.modelOptions)
  const perModel = specsOptions(models, providerOptions, options.modelOptions)
  const modelSettings = modelSettingsOf(models, models.map((spec) => perModel.get(spec)!), providerOptions.secrets)
  const slots = await Promise.all(models.map((spec) => modelSlot(spec, perModel.get(spec)!)))
  const repeats = Math.max(1, options.repeat ?? 1)
  // Checked and prepared while collecting, as a run prepares before its first call.
  const built = slots.filter((slot) => slot.provider)
  const { hooks, context } = await prepareCases(suite, cases, built.map((slot) => slot.provider!), { repeats, providerOptions, modelOptions: options.modelOptions, builtWith: built.map((slot) => slot.options) })
  // The judges and simulated users are built by now (prepared above): their settings are the block's, not each test's.
  const suiteModelSettings = suiteModelSettingsOf(context.simulators, context.judges)
  // As a run's: a judge's or simulated user's own settings decide its verdicts.
  const fingerprints = new Fingerprints(options.modelOptions ? { modelOptions: options.modelOptions } : {})
  // vitest starts a test's timeout when it starts the test, and starts at most maxConcurrency at once: a queue of ours
  // behind it would spend the timeouts of tests vitest started (a case could time out never having run). So by default
  // vitest's queue is the only one; concurrency 1 is vitest's sequential order; only another number has a queue here.
  const concurrency = options.concurrency === undefined ? undefined : Math.max(1, options.concurrency)
  const limit = concurrency === undefined || concurrency === 1 ? undefined : pLimit(concurrency)
  const register = concurrency === 1 ? test.sequential : test.concurrent
  for (const testCase of cases) {
    for (const slot of slots) {
      for (let repeat = 0; repeat < repeats; repeat++) {
        // vitest's `retry` runs the test again and reports the last attempt: each attempt clears the meta (what the
        // reporter writes), and only the latest one, while vitest still runs it, leaves its result there or throws.
        let attempts = 0
        register(caseTestName(testCase, slot.spec, repeat), (ctx) => scoped(async () => {
          if (!slot.provider) return ctx.skip(slot.skip)
          const attempt = ++attempts
          // An earlier attempt's result is not this one's: until this attempt has a result, there is none.
          delete ctx.task.meta.toolgauge
          const provider = slot.provider
          const fingerprint = await fingerprints.of(testCase, provider.id, slot.options, suite.hooks, provider.spec ?? provider.id)
          const metaOf = (result: CaseResult): ToolgaugeTestMeta => ({ result, suiteFile: suite.file, testFile: ctx.task.file.filepath, models, repeats, modelSettings, suiteModelSettings, toolSets: context.toolSets.pick(result.turns.map((turn) => turn.request.toolSet)) })
          // vitest's timeout fails the test without stopping this function: the attempt's own signal stops its case
          // (the model call is aborted, the limiter's slot freed; user code that ignores it is abandoned after a grace).
          const abort = new AbortController()
          const abandon = new AbandonAfterAbort(abort.signal)
          // A cancelled run (Ctrl-C, --bail) aborts the test's signal with a TestRunAbortError: it stops this attempt's
          // case too, which leaves no result, as an interrupted run's case. vitest keeps one signal per test: after an
          // attempt it timed out, the signal is aborted already and a cancel reaches no later attempt (nor vitest's own).
          const cancel = () => {
            if (isRunCancel(ctx.signal.reason)) abort.abort(ctx.signal.reason)
          }
          if (!ctx.signal.aborted) ctx.signal.addEventListener('abort', cancel, { once: true })
          const task = { testCase, provider, repeat, hooks, fingerprint }
          let started = false
          const run = () => {
            // An attempt stopped while it waited for its slot never runs.
            if (abort.signal.aborted) return Promise.resolve(undefined)
            started = true
            return abandon.race(servers.withCase(task, (own) => evaluateCase(own, { ...context, signal: abort.signal })))
          }
          const evaluation = limit ? limit(run) : run()
          let settled = false
          let evaluated: EvaluatedCase | undefined
          // Failed while still running: vitest timed the attempt out. Its case ends as harness_error (errored, no
          // verdict on the model), the result this attempt leaves unless a retry follows.
          ctx.onTestFailed(async ({ task: { result: outcome } }) => {
            const timedOut = `the test timed out after ${ctx.task.timeout} ms (vitest's testTimeout)`
            // vitest's timeout is the harness giving up, whenever the case ended: the one verdict on both sides is
            // errored. A case that ended on its own without seeing the abort keeps its turns (errored ones their error).
            const late = `${timedOut}: its case ended only then, past the timeout (its code kept the event loop busy, or it ended as the timeout fired); raise the timeout if the case is slow on purpose`
            const timedOutUnlessErrored = async (ended: EvaluatedCase) => verdictOf(ended.result) === 'errored' ? ended : await timedOutCase(task, context, ended.transcript, late)
            if (settled) {
              // Ended, and only then failed by vitest: its function returned at or after the timeout (vitest fails it
              // then; no timer could fire while the event loop was blocked). A throw of ours is vitest's error instead.
              if (!evaluated || !ctx.task.meta.toolgauge || !isTimeout(outcome?.errors?.at(-1))) return
              ctx.task.meta.toolgauge = metaOf((await timedOutUnlessErrored(evaluated)).result)
              return
            }
            if (!started) {
              // Still queued behind describeSuite's own concurrency: nothing ran, so nothing is kept.
              const queued = `${timedOut} while its case waited for a concurrency slot (describeSuite's concurrency: ${concurrency}): it never ran; leave describeSuite's concurrency unset and set vitest's maxConcurrency, whose queue no timeout counts, or raise the timeout`
              abort.abort(new HarnessError(queued))
              abandon.dispose()
              ctx.task.meta.toolgauge = metaOf((await abandonedCase(task, context, queued)).result)
              return
            }
            const reason = `${timedOut} and its case was stopped; raise the timeout if the model is slow on purpose`
            abort.abort(new HarnessError(reason))
            const stopped = await abandon.race(evaluation).catch(() => undefined)
            abandon.dispose()
            const ended = stopped === undefined
              ? await abandonedCase(task, context, `${reason}; the case's own code had not ended ${abandonAfterMs / 1000} s later and was abandoned, so no turn is kept`)
              : await timedOutUnlessErrored(stopped)
            ctx.task.meta.toolgauge = metaOf(ended.result)
          })
          evaluated = await evaluation.finally(() => {
            settled = true
            ctx.signal.removeEventListener('abort', cancel)
          })
          if (attempt !== attempts || ctx.task.result?.state !== 'run') return undefined
          if (!evaluated) return ctx.skip('aborted')
          // The test's meta is serialized to the reporter in the main process.
          ctx.task.meta.toolgauge = metaOf(evaluated.result)
          const verdict = verdictOf(evaluated.result)
          if (verdict !== 'passed') throw new Error(caseTestFailure({ ...redactedCase(evaluated, context.secrets), case: testCase }, provider.id, verdict))
        }))
      }
    }
  }
}

/**
 * Whether a test's error is vitest's timeout ("Test timed out in N ms."). Its words are all vitest 4.1 gives: the
 * error is a plain Error (no name or property of its own, @vitest/runner makeTimeoutError), serialized into the
 * result (no class to check), whose state is `fail` as for any failure. The test's signal is aborted with it, but that
 * signal is one per test, not per attempt (aborted already after an earlier attempt timed out): no way to tell this one.
 */
function isTimeout(error: { readonly message?: unknown } | undefined): boolean {
  return typeof error?.message === 'string' && error.message.startsWith('Test timed out in ')
}

/** Whether a test's abort reason is vitest's cancel of the run (TestRunAbortError, which vitest does not export). */
function isRunCancel(reason: unknown): boolean {
  return reason instanceof Error && reason.name === 'TestRunAbortError'
}

function selectCases(suite: Suite, patterns: readonly string[] | undefined): readonly Case[] {
  if (!patterns || patterns.length === 0) return suite.cases
  const selectors = patterns.map((filter) => caseSelector({ filter }))
  const selected = suite.cases.filter((testCase) => selectors.some((selects) => selects(testCase)))
  if (selected.length === 0) {
    const ids = suite.cases.map((testCase) => testCase.id)
    const named = patterns.map((pattern) => `"${pattern}"${didYouMean(pattern, ids)}`).join(', ')
    throw new InputError(`no case of suite "${suite.name}" matches ${named}`, { field: 'describeSuite options.cases' })
  }
  return selected
}

/** A provider for the spec, or the reason its tests skip (a missing API key; bad specs still fail loudly). */
async function modelSlot(spec: string, options: SecretOptions): Promise<ModelSlot> {
  try {
    return { spec, options, provider: await createProvider(spec, options) }
  } catch (error) {
    if (error instanceof MissingApiKeyError) return { spec, options, skip: modelSkipReason(error.message) }
    throw error
  }
}
