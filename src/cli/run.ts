import type { RunConfig } from '../config/load-config.ts'
import { UsageError } from '../core/errors.ts'
import { printWarningsWith } from '../core/warnings.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { parseModelSpec, specForms } from '../providers/model-spec.ts'
import { optionNames } from '../core/option-names.ts'
import type { Gate } from '../gates/gates.ts'
import { ProgressLine } from '../runner/progress.ts'
import { BatchProgress } from '../runner/batch-progress.ts'
import type { ResumeCounts } from '../runner/resume.ts'
import { resolveModels } from '../runner/model-entries.ts'
import { parseShard } from '../runner/shard.ts'
import { lockOutFolder } from '../runner/out-lock.ts'
import { abandonAfterMs } from '../runner/abandon-after-abort.ts'
import { inert, inertDeep, inertOneLine } from '../report/terminal-text.ts'
import { defineCommand, describeFlags, flagSpec, numberFlag, type DescribedFlag } from './flags.ts'
import { printGates } from './print-gates.ts'
import { dirname, join } from 'node:path'
import { parseVariantFlag, variantsFromMap } from '../variants/variant-spec.ts'
import type { VariantComparison } from '../variants/variant-deltas.ts'
import { formatConfusion } from '../variants/format-confusion.ts'
import type { ConfusionRow } from '../variants/confusion-rows.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { repeatLabel } from '../report/repeat-label.ts'
import { repeatLines } from '../report/repeat-text.ts'
import { runStops } from '../report/run-stops.ts'
import { sharedErrors, stoppedCalls } from './shared-error.ts'

/** Every flag of `run`, with its one-line help (the usage text below lists them all). */
export const runFlags = {
  model: { type: 'string', multiple: true, short: 'm', value: '<spec>', help: 'model to run, repeatable (the specs are listed below)' },
  out: { type: 'string', short: 'o', value: '<dir>', help: 'where report.json and the results.jsonl journal go (default reports/latest)' },
  concurrency: { type: 'string', value: '<N>', help: 'cases in flight at once (default 4)' },
  filter: { type: 'string', value: '<glob>', help: "only cases whose id or suite/id matches ('weather/*', '*parallel*')" },
  'min-accuracy': { type: 'string', value: '<0..1>', help: 'gate: exit 1 when a model\'s accuracy is below this' },
  by: { type: 'string', value: 'suite|confusion', help: 'table rows per suite and model; or list the most confused tool pairs' },
  variant: { type: 'string', multiple: true, value: '<name>=<file>', help: 'run every case once more with these tool descriptions: a tools file, or a patch { <tool>: { description, parameters: { properties: { <param>: { description } } } } } over the suite\'s tools (repeatable; the suite\'s own tools run first as base)' },
  repeat: { type: 'string', value: '<N>', help: 'run every case N times (pass@k, pass^k, flakiness)' },
  'repeat-until': { type: 'string', value: '<N>', help: 'repeat each case up to N times, stopping a case that passed or failed every time once more repeats cannot change the --min-accuracy decision (docs/ci.md)' },
  shard: { type: 'string', value: '<i/n>', help: 'run shard i of n (a stable hash of suite/case); join shards with merge' },
  resume: { type: 'boolean', help: 'continue an interrupted run from the journal in --out' },
  bail: { type: 'string', value: '<N>', help: 'stop starting cases after N failed ones (errored cases do not count); cases in flight finish, report.json run.cut lists what did not run; exit 1' },
  'max-cost': { type: 'string', value: '<usd>', help: 'stop starting cases once the run has spent this many USD (priced from the price table); cases in flight finish, report.json run.cut lists what did not run; exit 4' },
  format: { type: 'string', value: '<list>', help: 'extra report formats, comma-separated: json, junit, md, html' },
  'base-url': { type: 'string', value: '<url>', help: 'host of the openai-compatible: models (others read OPENAI_BASE_URL / ANTHROPIC_BASE_URL / GOOGLE_GEMINI_BASE_URL)' },
  'api-key-env': { type: 'string', value: '<NAME>', help: 'env var holding the openai-compatible: models\' key (default: no key is sent)' },
  retries: { type: 'string', value: '<N>', help: 'retries of a failed request: 408/409/429/5xx, timeouts, lost connections (default 4)' },
  timeout: { type: 'string', value: '<seconds>', help: 'per-request timeout (default 600)' },
  'stub-timeout': { type: 'string', value: '<seconds>', help: 'how long a live stub may take in suites that set no stub_timeout (default 30); then the case is harness_error' },
  record: { type: 'string', value: '<dir>', help: 'record every HTTP exchange as a cassette (keys redacted)' },
  replay: { type: 'string', value: '<dir>', help: 'answer from recorded cassettes: no network, no key, no base URL' },
  config: { type: 'string', short: 'c', value: '<file>', help: 'config file (default toolgauge.config.{yaml,yml,json,ts} in this folder)' },
  stream: { type: 'boolean', help: 'stream every HTTP model\'s requests (as its stream: true setting) and time each turn\'s events' },
  'cache-tools': { type: 'boolean', help: 'mark every HTTP model\'s tool definitions and system prompt cacheable (as its cache_tools: true setting)' },
  batch: { type: 'boolean', help: 'send each round of the loop as one batch through the models\' batch APIs (OpenAI Batch, Anthropic Message Batches, Gemini batch mode; as their batch: true setting): half the price, answers within 24 h; --resume --batch picks up the batches of a killed run' },
  'batch-poll': { type: 'string', value: '<seconds>', help: 'how often a running batch\'s status is read (default 30; fractions allowed)' },
  'batch-resubmit': { type: 'boolean', help: 'with --resume --batch: send again the requests of a batch whose creation failed uncertainly (check the provider\'s batch list first: that batch may exist and be billed)' },
  set: { type: 'string', multiple: true, value: '<key=value>', help: 'request setting for every model (temperature, reasoning.effort, thinking …); a protocol without it is an error' },
  help: { type: 'boolean', short: 'h', help: 'print this help' },
} as const satisfies Record<string, DescribedFlag>

const usage = `toolgauge run <suite files or folders...> --model <spec> [--model <spec> ...] [options]

Runs every case of the suites against each model and writes <out>/report.json and <out>/results.jsonl.
Settings not given as flags come from --config or toolgauge.config.{yaml,yml,json,ts} in the working directory
(models, suites, out, concurrency, repeat, filter, bail, format, base_url, api_key_env, retries, timeout, gates,
providers: per-model base_url, api_key_env, max_tokens, limits); paths in it are relative to the config file.

${describeFlags(runFlags)}

Model specs: ${specForms().join(' | ')}
Exit codes: 0 all cases (or, with gates, all gates) pass · 1 a case or gate failed, or --bail cut the run ·
            2 bad input · 3 a provider failed (unreachable or failing after retries, or refusing the key) ·
            4 --max-cost cut the run ·
            130 interrupted (partial report written).`

/** `toolgauge run`: suites × models → table, report.json, journal. */
export const command = defineCommand(usage, flagSpec(runFlags), async ({ values, positionals }) => {
  // The runner, config loading (ajv, yaml) and reporters load only when the command runs: `run --help` stays light.
  const [{ checkGateModels, gatesFromConfig, loadConfig, modelEntryFromConfig, modelOptionsFromConfig }, { defaultPriceTable, mergePriceTable }, { parseFormats, writeFormats }, { renderTable }, { runEvaluation }, { parseSetFlags }] = await Promise.all([
    import('../config/load-config.ts'), import('../pricing/index.ts'), import('../report/formats.ts'), import('../report/table.ts'), import('../runner/run-evaluation.ts'), import('./set-flag.ts'),
  ])
  const loaded = await loadConfig(values.config)
  const config: RunConfig = loaded?.config ?? {}
  const suitePaths = positionals.length > 0 ? positionals : [...(config.suites ?? [])]
  if (suitePaths.length === 0) throw new UsageError('give at least one suite file or folder (e.g. toolgauge run suites/weather --model baseline), or `suites:` in a config file (toolgauge init writes one)')
  const models = values.model ?? (config.models ?? []).map(modelEntryFromConfig)
  if (models.length === 0) throw new UsageError('give at least one --model (e.g. --model baseline), or `models:` in a config file', { field: '--model' })
  // Each spec is checked here; that no model is given twice, by the runner (labelled entries may repeat a spec) — the
  // flags' duplicates here, by the same check, so the message names them as typed and not as a config's models[i].
  for (const model of models) parseModelSpec(typeof model === 'string' ? model : model.spec, optionNames({ optionNames: 'cli' }), values.model ? '--model' : 'models')
  if (values.model) resolveModels(values.model, '--model')
  checkGateModels(loaded, models.map((model) => (typeof model === 'string' ? model : model.label ?? model.spec)))
  const settings = parseSetFlags(values.set)
  if (values.by !== undefined && values.by !== 'suite' && values.by !== 'confusion') throw new UsageError(`expected "suite" or "confusion", got "${values.by}"`, { field: '--by' })
  const variants = values.variant
    ? values.variant.map(parseVariantFlag)
    : variantsFromMap(config.variants, loaded ? dirname(loaded.file) : process.cwd(), (name) => ({ ...(loaded ? { file: loaded.file } : {}), field: `variants.${name}` }))
  if (values.record && values.replay) throw new UsageError('--record and --replay exclude each other', { field: '--replay' })
  checkBatchFlags(values)
  const batchPoll = numberFlag('batch-poll', values['batch-poll'], { min: 0.001, max: 86_400, unit: 'seconds' })
  const formats = parseFormats(values.format ?? config.format?.join(','))
  const minAccuracy = numberFlag('min-accuracy', values['min-accuracy'], { min: 0, max: 1 })
  // --min-accuracy replaces the threshold of the config's general accuracy gate; per-model gates of the config stay.
  const gates: Gate[] = withMinAccuracy(gatesFromConfig(config.gates), minAccuracy)
  const retries = numberFlag('retries', values.retries, { min: 0, max: 20, integer: true }) ?? config.retries
  const timeout = numberFlag('timeout', values.timeout, { min: 0.001, unit: 'seconds' }) ?? config.timeout
  const stubTimeout = numberFlag('stub-timeout', values['stub-timeout'], { min: 0.001, unit: 'seconds' })
  const baseUrl = values['base-url'] ?? config.base_url
  const apiKeyEnv = values['api-key-env'] ?? config.api_key_env
  const filter = values.filter ?? config.filter
  const outDir = values.out ?? config.out ?? 'reports/latest'
  const bail = numberFlag('bail', values.bail, { min: 1, integer: true }) ?? config.bail
  const maxCostUsd = numberFlag('max-cost', values['max-cost'], { min: 0, unit: 'usd' })
  // Warnings quote files (a script's keys, a suite's names): printed inert, as everything from outside.
  const warn = (message: string) => process.stderr.write(`warning: ${inert(message)}\n`)
  // Held until every file of the run is written: another run on this folder is refused meanwhile (exit 2).
  const outLock = lockOutFolder(outDir, warn, 'cli')

  const controller = new AbortController()
  const onSigint = () => {
    // The journal's finished lines and the lock are written and removed on exit (the runner's exit handlers).
    if (controller.signal.aborted) process.exit(130)
    process.stderr.write(`\nInterrupted: finishing the journal and writing the partial report; cases still running after ${abandonAfterMs / 1000} s are abandoned (Ctrl-C again to quit now)…\n`)
    controller.abort()
  }
  process.on('SIGINT', onSigint)
  let progress: ProgressLine | undefined
  const prices = config.prices ? mergePriceTable(defaultPriceTable, config.prices, loaded?.file) : undefined
  // Batch mode: the batches per model and what each cost (priced by spec: a label names the row only).
  const specs = new Map(models.map((model) => (typeof model === 'string' ? [model, model] : [model.label ?? model.spec, model.spec])))
  const batches = new BatchProgress(prices ?? defaultPriceTable, (model) => specs.get(model) ?? model)
  // What the run's parts say deep inside goes to the same printer as its other warnings, with no context of the run's.
  const restoreWarnings = printWarningsWith(warn)
  try {
    const outcome = await runEvaluation({
      suitePaths,
      models,
      // A config's model entries are named by their file and line when one is wrong (a suites: name).
      ...(loaded && values.model === undefined ? { modelsSource: { file: loaded.file, lineOf: loaded.lineOf } } : {}),
      outDir,
      outLock,
      concurrency: numberFlag('concurrency', values.concurrency, { min: 1, max: 1000, integer: true }) ?? config.concurrency ?? 4,
      ...(filter ? { filter } : {}),
      ...(values['repeat-until'] !== undefined
        ? { repeatUntil: numberFlag('repeat-until', values['repeat-until'], { min: 1, max: 1000, integer: true })!, ...(values.repeat !== undefined ? { repeat: numberFlag('repeat', values.repeat, { min: 1, max: 1000, integer: true })! } : {}) }
        : { repeat: numberFlag('repeat', values.repeat, { min: 1, max: 1000, integer: true }) ?? config.repeat ?? 1 }),
      ...(values.shard ? { shard: parseShard(values.shard) } : {}),
      resume: values.resume === true,
      ...(values['batch-resubmit'] === true ? { batchResubmit: true } : {}),
      ...(bail !== undefined ? { bail } : {}),
      ...(maxCostUsd !== undefined ? { maxCostUsd } : {}),
      bySuite: values.by === 'suite',
      gates,
      ...(variants.length > 0 ? { variants } : {}),
      ...(stubTimeout !== undefined ? { stubTimeoutMs: stubTimeout * 1000 } : {}),
      // Per-model settings of the config; the config's own models read their files (scripted:) from its folder.
      modelOptions: modelOptionsFromConfig(loaded, values.model === undefined),
      providerOptions: {
        // Messages about the run's options name this command's flags and the config's keys (core/option-names.ts).
        optionNames: 'cli',
        ...(settings ? { settings } : {}),
        ...(config.secrets ? { secrets: config.secrets } : {}),
        ...(baseUrl ? { baseUrl } : {}),
        ...(apiKeyEnv ? { apiKeyEnv } : {}),
        ...(retries !== undefined ? { retries } : {}),
        ...(timeout !== undefined ? { timeoutMs: timeout * 1000 } : {}),
        ...(values.record ? { recordDir: values.record } : {}),
        ...(values.replay ? { replayDir: values.replay } : {}),
        ...(values.stream === true ? { stream: true } : {}),
        ...(values['cache-tools'] === true ? { cacheTools: true } : {}),
        ...(values.batch === true ? { batch: true } : {}),
        ...(batchPoll !== undefined ? { batchPollMs: batchPoll * 1000 } : {}),
        onRetry: () => {
          if (progress) progress.state.retries++
        },
      },
      ...(prices ? { prices } : {}),
      signal: controller.signal,
      onWarning: warn,
      // The line exists from the start, so retries before the first finished case are counted too.
      onStart({ total, resumed }) {
        if (resumed) process.stdout.write(`${resumeLine(resumed, outDir)}\n`)
        progress = new ProgressLine(total)
        progress.batches = batches
      },
      onResult(result) {
        batches.result(result)
        progress?.record(result)
      },
      onBatchEvent(event) {
        // Model labels come from files: printed inert.
        const line = batches.event(event)
        if (line !== undefined) progress?.note(inert(line))
      },
    })
    progress?.finish()
    if (batches.active) process.stdout.write(`Batches (${batches.summary().map(inert).join('; ')}):\n${batches.perBatch().map((line) => `  ${inert(line)}\n`).join('')}\n`)
    // Streamed from the journal: the run's results are not held in memory.
    const written = writeFormats(outDir, outcome.stream, formats)
    const color = process.stdout.isTTY === true
    const comparisons = (outcome.report.variantComparisons ?? []) as VariantComparison[]
    // Model labels, suite and tool names come from files: the table gets inert copies and draws its own layout.
    process.stdout.write(`${renderTable(inertDeep(outcome.report.summary), { ...(values.by === 'suite' ? { bySuite: inertDeep(outcome.bySuite) } : {}), color, comparisons: inertDeep(comparisons) })}\n`)
    if (values.by === 'confusion') process.stdout.write(`\n${formatConfusion(inertDeep((outcome.report.confusion ?? []) as ConfusionRow[]))}`)
    // With repeats: pass@k / pass^k per row and the flaky cases with their pass counts (docs/ci.md).
    const repeated = repeatLines(inertDeep(outcome.report.summary))
    if (repeated.length > 0) process.stdout.write(`${repeated.join('\n')}\n`)
    printFailures(outcome.eachResult(), Number(outcome.report.run.repeat ?? 1))
    printGates(outcome.gates)
    // A cut or interrupted run says so, as every other format does (report/run-stops.ts).
    for (const stop of runStops(outcome.report.run)) process.stdout.write(`\n${inert(stop.text)}\n`)
    process.stdout.write(`\nReport: ${inert(outcome.reportFile)}${written.length > 0 ? ` (+ ${inert(written.join(', '))})` : ''}\n`)
    // A cause every errored case of a model shares (a server down all run) is said once per model, where the user looks last.
    const shared = outcome.exitCode === 2 || outcome.exitCode === 3 ? sharedErrors(outcome.eachResult()) : []
    for (const { model, kind, message, count } of shared) process.stderr.write(`Every errored case${model === undefined ? '' : ` of ${inert(model)}`} (${count}) ended the same way — ${inert(kind)}: ${inertOneLine(message)}\n`)
    // A server found unreachable was not called for the rest of its model's cases: said once per model and URL.
    if (outcome.exitCode === 3) {
      for (const { model, target, count } of stoppedCalls(outcome.eachResult())) process.stderr.write(`Stopped calling ${inertOneLine(target)}: nothing answered there, so ${count} case${count === 1 ? '' : 's'} of ${inert(model)} ${count === 1 ? 'was' : 'were'} not sent to it (provider_error) — is the server running, and is the base URL right?\n`)
    }
    if (outcome.exitCode === 2) process.stderr.write('Some cases ended in harness_error (a hook or live stub of the suite failed; see the failing cases above): exit code 2.\n')
    // Exit 3 is every outage: the model under test's provider, or a model the suite brought (a simulated user, a judge).
    if (outcome.exitCode === 3) process.stderr.write('Some cases errored because a model\'s API failed them — unreachable or failing after retries, or refusing the request (provider_error: the model under test; simulator_error: a simulated user; judge_error: a judge): exit code 3.\n')
    return outcome.exitCode
  } finally {
    restoreWarnings()
    process.off('SIGINT', onSigint)
    outLock.release()
  }
})

/** `--batch` sends requests the batch API's way: nothing streams, and there is no direct exchange to record or replay. */
function checkBatchFlags(values: { readonly batch?: boolean; readonly stream?: boolean; readonly record?: string; readonly replay?: string; readonly resume?: boolean; readonly 'batch-resubmit'?: boolean }): void {
  // Accepted silently it would do nothing: a fresh run journals and submits everything anyway.
  if (values['batch-resubmit'] === true && values.resume !== true) {
    throw new UsageError('--batch-resubmit only applies with --resume (it lets a resumed batch run send again the requests of a batch whose creation failed uncertainly)', { field: '--batch-resubmit' })
  }
  if (values.batch !== true) return
  const clash = values.stream === true ? '--stream' : values.record !== undefined ? '--record' : values.replay !== undefined ? '--replay' : undefined
  if (clash === undefined) return
  const why = clash === '--stream' ? 'a batch answers each request whole, nothing streams' : clash === '--record' ? 'cassettes record direct requests, and a batch sends none' : 'a replayed run sends nothing to batch'
  throw new UsageError(`--batch and ${clash} exclude each other (${why})`, { field: '--batch' })
}

function withMinAccuracy(gates: readonly Gate[], threshold: number | undefined): Gate[] {
  if (threshold === undefined) return [...gates]
  const general = gates.find((gate) => gate.type === 'min-accuracy' && gate.model === undefined)
  const others = gates.filter((gate) => gate !== general)
  return [...others, { ...(general ?? { type: 'min-accuracy' as const }), threshold }]
}

/** Lists failed and errored cases briefly under the table, apart (errored is no verdict), so a user sees what to `toolgauge show`. */
function printFailures(results: Iterable<CaseResult>, repeats: number): void {
  // Streamed from the journal: only the first 20 results of each list are kept.
  const lists = { failed: { title: 'Failing cases', shown: [] as CaseResult[], count: 0 }, errored: { title: 'Errored cases (no verdict on the model)', shown: [] as CaseResult[], count: 0 } }
  for (const result of results) {
    const verdict = verdictOf(result)
    if (verdict === 'passed') continue
    const list = lists[verdict]
    list.count++
    if (list.shown.length < 20) list.shown.push(result)
  }
  for (const { title, shown, count } of [lists.failed, lists.errored]) {
    if (count === 0) continue
    process.stdout.write(`\n${title} (${count}; details: toolgauge show <report.json> --case <id>):\n`)
    for (const result of shown) {
      const first = result.failures[0]
      // One line per result whatever the model wrote: its text, tool names and arguments are in the messages.
      process.stdout.write(`  ✗ ${inert(`${result.suite}/${result.case}`)} [${inert(summaryLabel(result))}]${repeats > 1 || result.repeat > 0 ? ` ${repeatLabel(result.repeat)}` : ''} ${first?.userMessage !== undefined ? `message ${first.userMessage + 1}: ` : ''}${inert(String(first?.kind))}: ${inertOneLine(String(first?.message))}${result.failures.length > 1 ? ` (+${result.failures.length - 1} more)` : ''}\n`)
    }
    if (count > 20) process.stdout.write(`  … and ${count - 20} more\n`)
  }
}

/** The console line saying what --resume did with the journal. */
function resumeLine(resumed: ResumeCounts, outDir: string): string {
  const repair = resumed.repair === 'truncated' ? '; a torn last line was cut off' : ''
  // No entry at all: a first run, or a slip in --out — which re-runs, and pays for, every case; say which file it read.
  if (resumed.kept + resumed.rerun + resumed.dropped === 0) return `Resumed: nothing — ${inert(join(outDir, 'results.jsonl'))} holds no results (a first run, or another --out?)${repair}: every case runs.`
  const { upgraded } = resumed
  // An upgrade re-runs everything it scored differently: say so, or the re-runs look like changed cases.
  // The versions are read from the journal, a file.
  const upgrade = upgraded.count > 0 ? `; ${upgraded.count} made by ${inert(upgraded.from.join(', '))}, this is toolgauge ${upgraded.to}` : ''
  return `Resumed: ${resumed.kept} result(s) kept, ${resumed.rerun} re-run (changed or errored${upgrade}), ${resumed.dropped} dropped (not in this run; still in the journal)${repair}.`
}
