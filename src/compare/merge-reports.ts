import { isDeepStrictEqual } from 'node:util'
import { InputError } from '../core/errors.ts'
import type { ModelSummary, Report, ReportInput } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import { resultKey } from '../report/journal.ts'
import { summarize } from '../report/summarize.ts'
import { recordsMetricGate, reevaluateGates } from '../gates/recorded-gates.ts'
import { variantFindings } from '../variants/variant-report.ts'
import { byModelThenVariant } from '../variants/variant-order.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { caseKey } from '../core/case-key.ts'
import { summaryLabel } from '../variants/variant-cells.ts'
import { isTask, runCut, runStops } from '../report/run-stops.ts'
import { mustPassRecord, recordedMustPassKeys, type MustPassEntry } from './must-pass.ts'
import { mergedModelSettings, mergedModelSpecs, mergedSuiteModelSettings } from './model-specs.ts'
import { checkOneRepeat, isShard, shardSetRecords, shardSets } from './shard-sets.ts'
import { keepOneCopy } from './result-copies.ts'
import { checkOneRunSettings } from './run-settings.ts'
import { optionNames, type OptionNames, type OptionSurface } from '../core/option-names.ts'

export type { ReportInput }

/** The merged report and what merging had to decide. */
export type MergeOutcome = {
  readonly report: Report
  /**
   * Copies of a result seen in more than one input (same suite, case, model, repeat) and dropped: the same result
   * kept once, or an errored copy (no verdict) dropped for the judged one; copies that differ otherwise are refused
   * (`keepOneCopy`).
   */
  readonly duplicates: number
  /** Things the user should know (errored copies dropped, partial shard sets, extensions not carried over). */
  readonly warnings: readonly string[]
  /**
   * The merged results from reports that recorded no metric gate (or that a merged input recorded as such, its
   * `run.merged.mustPass`): their run's exit code asked every case to pass, and the merge's asks the same of them
   * (`exitCodeFor`'s `mustPass`) — another report's gates do not cover them. With metric gates the merged report
   * stores them as `run.merged.mustPass`, so a merge of merged reports judges them the same way.
   */
  readonly mustPass: readonly CaseResult[]
}

/**
 * Joins shard (or partial) reports into one: results concatenated and de-duplicated by suite + case + model +
 * repeat (copies of one case run that differ are refused, `keepOneCopy`; so are inputs run with different repeat
 * settings, suite versions or toolgauge versions, `checkOneRunSettings`, and one model name under two specs or
 * request settings, `mergedModelSpecs` / `mergedModelSettings`: the order of the inputs never decides), run metadata merged,
 * and every aggregate recomputed from the results — summaries by `summarize()`
 * (pass@k, pass^k and intervals included), gates by evaluating again the definitions the inputs recorded (each
 * metric gate over the merged summary rows, each suite budget on the tokens its suite's tools measured).
 * An incomplete shard set, an interrupted input or one cut by `--bail` / `--max-cost` is an error unless
 * `allowPartial`: a gate over half the cases would pass for the wrong reason. A partial merge carries the inputs'
 * cut and interruption, so the merged report says it is partial.
 */
export function mergeReports(inputs: readonly ReportInput[], options: { readonly allowPartial?: boolean; readonly optionNames?: OptionSurface } = {}): MergeOutcome {
  if (inputs.length === 0) throw new InputError('expected at least one report to merge')
  const warnings: string[] = []
  const first = inputs[0]!
  for (const { file, report } of inputs) {
    if (report.schemaVersion !== first.report.schemaVersion) {
      throw new InputError(`schemaVersion ${report.schemaVersion} differs from ${first.file} (${first.report.schemaVersion})`, { file, field: 'schemaVersion' })
    }
  }
  // Before anything is joined: one label for two specs would pool two models' results into one row.
  const names = optionNames(options)
  const modelSpecs = mergedModelSpecs(inputs, names)
  // And one model (or judge, or simulated user) run with two settings would pool verdicts decided under each into its row.
  const modelSettings = mergedModelSettings(inputs, names)
  const suiteModelSettings = mergedSuiteModelSettings(inputs)
  // The shard sets' own checks first (their messages name the shard set), then what every input must share.
  const problems = incompleteness(inputs, names)
  checkOneRunSettings(inputs, names)
  // An incomplete merge is an error unless `allowPartial`: then each problem is a warning.
  if (problems.length > 0 && options.allowPartial !== true) throw new InputError(`incomplete set of reports: ${problems.join('; ')} (${names.allowPartial} to merge anyway)`)
  for (const p of problems) warnings.push(`partial merge: ${p}`)

  const { results: kept, duplicates, warnings: copyWarnings } = keepOneCopy(inputs)
  for (const warning of copyWarnings) warnings.push(warning)
  const models = unique(inputs.flatMap(({ report }) => [...report.run.models, ...report.results.map((r) => r.model)]))
  const suites = uniqueBy(inputs.flatMap(({ report }) => report.run.suites), (s) => s.name)
  const results = orderResults(kept, suites.map((s) => s.name), models)
  // --repeat-until runs' gates read the mean of per-case pass rates: recomputed over the merged results, as the
  // run computes it, never averaged from the inputs' figures (their case counts and repeat counts differ).
  const repeatUntil = repeatUntilInputs(inputs, warnings, names)
  const summary = carryExtensions(summarize(results, { caseMeanAccuracy: repeatUntil.any }), inputs, warnings)
    .sort(byModelThenVariant(models))
  // The models a report's gates covered: its run's, and any its results name (a hand-built report may list none).
  const recorded = inputs.map(({ file, report }) => ({ file, gates: report.gates, models: unique([...report.run.models, ...report.results.map((r) => r.model)]) }))
  const gates = reevaluateGates(recorded, summary, warnings)
  // A result any input asks to pass must pass, whichever input's copy was kept: the order of the inputs cannot
  // decide the exit code (a copy kept from a gated run would otherwise free the ungated run's same failed case). An
  // input without a metric gate asks every result (its run's exit code did); one with, those its own merge recorded
  // (`run.merged.mustPass`): its gates cover its gated runs' models only, so a merge of merges keeps its ungated ones.
  const toPass = new Set(inputs.flatMap(({ file, report }, i) => (recordsMetricGate(recorded[i]!) ? recordedMustPassKeys(file, report.run) : report.results.map(resultKey))))
  const mustPass = results.filter((result) => toPass.has(resultKey(result)))
  // Stored when gates decide (without a metric gate every result must pass anyway): a later merge reads it.
  const recordMustPass = mustPass.length > 0 && gates.some((line) => line.gate.kind === 'metric')
  // Tool sets are keyed by a hash of their content: the same id in two shards is the same set.
  const toolSets: { [id: string]: NonNullable<Report['toolSets']>[string] } = {}
  for (const { report } of inputs) Object.assign(toolSets, report.toolSets)
  const report: Report = {
    schemaVersion: first.report.schemaVersion,
    run: { ...mergedRun(inputs, models, { modelSpecs, modelSettings, suiteModelSettings }, suites, recordMustPass ? mustPassRecord(mustPass) : []), ...(repeatUntil.record ? { repeatUntil: repeatUntil.record } : {}), ...carriedStops(inputs, results) },
    ...(Object.keys(toolSets).length > 0 ? { toolSets } : {}),
    results,
    summary,
    ...(gates.length > 0 ? { gates } : {}),
    ...variantFindings(results, models),
  }
  return { report, duplicates, warnings, mustPass }
}

/**
 * What leaves the merge short of the whole run (a missing shard, a cut or interrupted input); throws on a shard set
 * no merge can make whole (split differently, or run with two --repeat values).
 */
function incompleteness(inputs: readonly ReportInput[], names: OptionNames): string[] {
  const problems: string[] = []
  // Whether a resume finishes it is the report's to say (report/run-stops.ts): a vitest report has none, its tests run again.
  for (const { file, report } of inputs) {
    for (const stop of runStops(report.run)) if (stop.kind === 'interrupted') problems.push(`${file} is from an interrupted run (finish it ${stop.resumable ? `with ${names.resume}` : 'by running the tests again'})`)
  }
  // A run cut by --bail (run.cut) left case runs out: the merged gates would judge fewer cases than were planned.
  for (const { file, report } of inputs) {
    const cut = runCut(report.run)
    if (cut) problems.push(`${file} is from a run cut by ${cut.reason === 'max-cost' ? names.maxCost : cut.reason === 'bail' ? names.bail : String(cut.reason)} (${cut.notRun.length} case run(s) did not start; run them with ${names.resume})`)
  }
  for (const set of shardSets(inputs, names)) {
    const counts = unique(set.shards.map((s) => s.shard.count))
    if (counts.length > 1) {
      const file = set.shards.find((s) => s.shard.count !== counts[0])!.file
      const field = isShard(inputs.find((input) => input.file === file)?.report.run.shard) ? 'run.shard' : 'run.merged.shardSets'
      throw new InputError(`shard reports${set.label} split the cases differently (${counts.map((n) => `/${n}`).join(', ')})`, { file, field })
    }
    checkOneRepeat(set, names)
    const missing = Array.from({ length: counts[0]! }, (_, i) => i + 1).filter((i) => !set.shards.some((s) => s.shard.index === i))
    if (missing.length > 0) problems.push(`shard${missing.length > 1 ? 's' : ''} ${missing.map((i) => `${i}/${counts[0]}`).join(', ')}${set.label} missing`)
  }
  return problems
}

/** Results in suite, case (first seen), model, repeat order: shards keep their own case order, so merging is stable. */
function orderResults(results: readonly CaseResult[], suites: readonly string[], models: readonly string[]): CaseResult[] {
  const caseOrder = new Map<string, number>()
  for (const r of results) if (!caseOrder.has(caseKey(r))) caseOrder.set(caseKey(r), caseOrder.size)
  return [...results].sort((a, b) => indexOr(suites, a.suite) - indexOr(suites, b.suite) || caseOrder.get(caseKey(a))! - caseOrder.get(caseKey(b))!
    || indexOr(models, a.model) - indexOr(models, b.model) || a.repeat - b.repeat)
}

/**
 * Summary keys `summarize()` does not compute (added by other stages, such as `toolTokens`) cannot be recomputed
 * from results. They are kept when every input agrees; numeric ones that differ become a mean weighted by each
 * input's case count; anything else is dropped with a warning.
 */
function carryExtensions(summaries: ModelSummary[], inputs: readonly ReportInput[], warnings: string[]): ModelSummary[] {
  return summaries.map((summary) => {
    const sources = inputs.flatMap(({ report }) => report.summary.filter((s) => s.model === summary.model))
    const extra: Record<string, unknown> = {}
    for (const key of unique(sources.flatMap((s) => Object.keys(s)))) {
      if (key in summary) continue
      // Any key a report file holds, named in ModelSummary or not (a later toolgauge's, another stage's).
      const values = sources.filter((s) => key in s).map((s) => ({ value: (s as Readonly<Record<string, unknown>>)[key], weight: s.cases }))
      const merged = values.every((v) => isDeepStrictEqual(v.value, values[0]!.value)) ? values[0]!.value : weightedMean(values)
      if (merged === undefined) warnings.push(`summary.${key} of ${summary.model} differs between reports and cannot be recomputed; left out`)
      else extra[key] = merged
    }
    return { ...summary, ...extra }
  })
}

function weightedMean(values: readonly { value: unknown; weight: number }[]): unknown {
  const total = values.reduce((sum, v) => sum + v.weight, 0)
  if (total === 0) return undefined
  if (values.every((v) => typeof v.value === 'number')) return values.reduce((sum, v) => sum + (v.value as number) * v.weight, 0) / total
  const objects = values.map((v) => v.value)
  if (!objects.every(isPlainObject)) return undefined
  const result: Record<string, unknown> = {}
  for (const key of unique(objects.flatMap((o) => Object.keys(o as object)))) {
    const merged = weightedMean(values.map((v) => ({ value: (v.value as Record<string, unknown>)[key], weight: v.weight })))
    if (merged === undefined) return undefined
    result[key] = merged
  }
  return result
}

/** A `--repeat-until` run's record (report.json `run.repeatUntil`), as far as merge reads it. */
type RepeatUntilRecord = { readonly max: number; readonly rule: string; readonly repeatsRun: number; readonly planned: number; readonly casesStopped: number; readonly reopened: number }

/**
 * Whether any input is a `--repeat-until` run (its `run.repeatUntil`, or a summary row with `caseMeanAccuracy`, as
 * a merged report of such runs has), and the merged record: the inputs' repeats added up when every input recorded
 * one (all with one N and rule: `checkOneRunSettings` refused two). Each run stopped its cases on its own gates, so
 * a row drawn from several runs is a mean over results no single decision covered: said in a warning.
 */
function repeatUntilInputs(inputs: readonly ReportInput[], warnings: string[], names: OptionNames): { any: boolean; record?: RepeatUntilRecord } {
  const marked = inputs.filter(({ report }) => report.run.repeatUntil !== undefined || report.summary.some((row) => 'caseMeanAccuracy' in row))
  if (marked.length === 0) return { any: false }
  const records = inputs.map(({ report }) => report.run.repeatUntil).filter(isRepeatUntilRecord)
  const filesOfRow = new Map<string, string[]>()
  for (const { file, report } of marked) for (const row of new Set(report.summary.map((summary) => summaryLabel(summary)))) filesOfRow.set(row, [...(filesOfRow.get(row) ?? []), file])
  for (const [row, files] of filesOfRow) if (files.length > 1) warnings.push(`${row}: its results come from ${files.join(', ')}, ${names.repeatUntil} runs that each stopped cases on their own gates; the merged caseMeanAccuracy is the mean over the results present, not a decision one run made`)
  if (records.length !== inputs.length) return { any: true }
  const sum = (field: 'repeatsRun' | 'planned' | 'casesStopped' | 'reopened') => records.reduce((total, record) => total + record[field], 0)
  return { any: true, record: { max: records[0]!.max, rule: records[0]!.rule, repeatsRun: sum('repeatsRun'), planned: sum('planned'), casesStopped: sum('casesStopped'), reopened: sum('reopened') } }
}

function isRepeatUntilRecord(value: unknown): value is RepeatUntilRecord {
  if (typeof value !== 'object' || value === null) return false
  const record = value as Record<string, unknown>
  return typeof record.max === 'number' && typeof record.rule === 'string' && ['repeatsRun', 'planned', 'casesStopped', 'reopened'].every((field) => typeof record[field] === 'number')
}

/**
 * What stopped the inputs (`--allow-partial`), carried so the merged report says it is partial as they did
 * (report/run-stops.ts reads it for every format): one `run.cut` with the first cut's reason and limit, every cut's
 * not-run case runs that no input ran, and their spend added up; `run.interrupted` with the inputs' unfinished
 * counts added up (left out when one did not say).
 */
function carriedStops(inputs: readonly ReportInput[], results: readonly CaseResult[]): Partial<Record<'cut' | 'interrupted' | 'unfinished', unknown>> {
  const ran = new Set(results.map(resultKey))
  const cuts = inputs.flatMap(({ report }) => runCut(report.run) ?? [])
  const notRun = cuts.flatMap((cut) => cut.notRun).filter((task) => !isTask(task) || !ran.has(resultKey(task)))
  const spent = cuts.map((cut) => cut.spentUsd).filter((usd) => typeof usd === 'number')
  const interruptions = inputs.flatMap(({ report }) => runStops(report.run).filter((stop) => stop.kind === 'interrupted'))
  const unfinished = interruptions.map((stop) => stop.notRun)
  return {
    ...(notRun.length > 0 ? { cut: { reason: cuts[0]!.reason, limit: cuts[0]!.limit, ...(spent.length > 0 ? { spentUsd: spent.reduce((sum, usd) => sum + usd, 0) } : {}), notRun } } : {}),
    ...(interruptions.length > 0 ? { interrupted: true, ...(unfinished.every((n) => n !== undefined) ? { unfinished: unfinished.reduce((sum, n) => sum + n, 0) } : {}) } : {}),
  }
}

function mergedRun(inputs: readonly ReportInput[], models: readonly string[], perModel: Pick<Report['run'], 'modelSpecs' | 'modelSettings' | 'suiteModelSettings'>, suites: Report['run']['suites'], mustPass: readonly MustPassEntry[]): Report['run'] {
  const runs = inputs.map((i) => i.report.run)
  const repeats = unique(runs.map((r) => r.repeat).filter((r) => r !== undefined))
  const filters = unique(runs.map((r) => r.filter).filter((f) => f !== undefined))
  const shards = runs.map((r) => r.shard).filter(isShard)
  // Which shards of each sharded run the merge holds, from shard reports and merged ones: a later merge checks them.
  const shardSets = shardSetRecords(inputs)
  return {
    startedAt: runs.map((r) => r.startedAt).sort()[0]!,
    finishedAt: runs.map((r) => r.finishedAt).sort().at(-1)!,
    // One version: checkOneRunSettings refused inputs of two.
    toolgaugeVersion: runs[0]!.toolgaugeVersion,
    models,
    ...Object.fromEntries(Object.entries(perModel).filter(([, record]) => Object.keys(record ?? {}).length > 0)),
    suites,
    // One value: checkOneRunSettings refused inputs of two.
    ...(repeats.length > 0 ? { repeat: repeats[0] } : {}),
    ...(filters.length === 1 ? { filter: filters[0] } : {}),
    merged: { from: inputs.map((i) => i.file), ...(shards.length > 0 ? { shards } : {}), ...(shardSets.length > 0 ? { shardSets } : {}), ...(mustPass.length > 0 ? { mustPass } : {}) },
  }
}

function indexOr(list: readonly string[], item: string): number {
  const index = list.indexOf(item)
  return index === -1 ? list.length : index
}

function unique<T>(items: readonly T[]): T[] {
  return [...new Set(items)]
}

function uniqueBy<T>(items: readonly T[], keyOf: (item: T) => string): T[] {
  const seen = new Map<string, T>()
  for (const item of items) if (!seen.has(keyOf(item))) seen.set(keyOf(item), item)
  return [...seen.values()]
}
