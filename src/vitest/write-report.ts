import { mkdirSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import type { Suite } from '../core/case.ts'
import { reportSchemaVersion, type Report } from '../core/report.ts'
import type { CaseResult } from '../core/result.ts'
import type { ToolDefinition } from '../core/tool.ts'
import type { ModelSettings } from '../providers/settings/model-settings.ts'
import { defaultPriceTable } from '../pricing/index.ts'
import { writeFormats, type ReportFormatName } from '../report/formats.ts'
import { Journal } from '../report/journal.ts'
import { writeReport } from '../report/json.ts'
import { GroupedSummaries } from '../report/summary-accumulator.ts'
import { summaryGroup } from '../report/summarize.ts'
import { runHeader } from '../runner/run-header.ts'
import { tokenBudgetGates } from '../runner/token-budgets.ts'
import { loadSuite } from '../suite/load-suite.ts'
import { variantFindings } from '../variants/variant-report.ts'
import { byModelThenVariant } from '../variants/variant-order.ts'
import type { ToolgaugeTestMeta } from './result-meta.ts'
import { caseKey } from '../core/case-key.ts'
import { differingSetting, shown } from '../compare/model-specs.ts'
import { inert } from '../report/terminal-text.ts'

/** Where and what the vitest reporter writes. */
export type VitestReportOptions = {
  /** Folder for report.json and results.jsonl (default `reports/vitest`, relative to vitest's root). */
  readonly outDir?: string
  /** Extra formats besides JSON: `junit`, `md`, `html`. */
  readonly formats?: readonly ReportFormatName[]
}

/**
 * Writes report.json and results.jsonl for the toolgauge cases that ran as vitest tests, the way `toolgauge run`
 * writes them for the same cases: results in suite, case, model, repeat order, the same summary rows, token-budget
 * gates, variant findings and run block. Suites are loaded again here (in vitest's main process) for case order and
 * budgets. Returns report.json's path and the report.
 */
export async function writeVitestReport(metas: readonly ToolgaugeTestMeta[], options: VitestReportOptions & { readonly root: string; readonly startedAt: Date; readonly interrupted?: boolean }): Promise<{ readonly file: string; readonly report: Report }> {
  const suiteFiles = [...new Set(metas.map((meta) => meta.suiteFile))].sort()
  const suites: Suite[] = []
  for (const file of suiteFiles) suites.push(await loadSuite(file))
  const models = [...new Set(metas.flatMap((meta) => meta.models))].filter((model) => metas.some((meta) => meta.result.model === model))
  const results = orderLikeARun(metas.map((meta) => meta.result), suites, models)
  // A loop, not Object.assign({}, ...metas): one meta per test, too many for a spread argument list.
  const toolSets: Record<string, readonly ToolDefinition[]> = {}
  for (const meta of metas) Object.assign(toolSets, meta.toolSets)
  const modelSettings = agreedSettings(metas, 'modelSettings', options.root)
  const suiteModelSettings = agreedSettings(metas, 'suiteModelSettings', options.root)

  // The runner's rows (summaryGroup: model, and variant in runs with variants), so the figures and flaky cases are its own.
  const summaries = new GroupedSummaries(summaryGroup)
  for (const result of results) summaries.add(result)
  const summary = summaries.finish().sort(byModelThenVariant(models))
  const gates = await tokenBudgetGates(suites, models.map((id) => ({ id })))
  const report: Report = {
    schemaVersion: reportSchemaVersion,
    run: runHeader({
      startedAt: options.startedAt,
      models,
      // describeSuite names each model by its spec (it takes no labels).
      modelSpecs: Object.fromEntries(models.map((model) => [model, model])),
      modelSettings: Object.fromEntries(models.flatMap((model) => (modelSettings[model] ? [[model, modelSettings[model]]] : []))),
      suiteModelSettings,
      suites,
      repeat: metas.reduce((most, meta) => Math.max(most, meta.repeats), 1),
      prices: defaultPriceTable,
      // A cancelled run's cases that did not finish are absent (vitest skipped them): how many is not known here.
      extra: options.interrupted === true ? { runner: 'vitest', interrupted: true } : { runner: 'vitest' },
    }),
    toolSets,
    results,
    summary,
    gates,
    ...variantFindings(results, models),
  }
  const outDir = resolve(options.root, options.outDir ?? 'reports/vitest')
  mkdirSync(outDir, { recursive: true })
  const journal = new Journal(join(outDir, 'results.jsonl'))
  journal.reset()
  for (const result of results) journal.append(result)
  journal.close()
  const file = writeReport(outDir, report)
  writeFormats(outDir, report, options.formats ?? [])
  return { file, report }
}

/** Results in the order `toolgauge run` reports them: suite file, case as listed, model as given, repeat. */
function orderLikeARun(results: readonly CaseResult[], suites: readonly Suite[], models: readonly string[]): CaseResult[] {
  const caseRanks = new Map(suites.flatMap((suite) => suite.cases).map((testCase, index) => [caseKey({ suite: testCase.suite, case: testCase.id }), index]))
  const caseRank = (result: CaseResult): number => caseRanks.get(caseKey(result)) ?? caseRanks.size
  return [...results].sort((a, b) => caseRank(a) - caseRank(b) || models.indexOf(a.model) - models.indexOf(b.model) || a.repeat - b.repeat)
}

/**
 * Each spec's settings as every test that ran it recorded them. A spec two describeSuite calls ran with different
 * settings is left out, said on stderr: one entry would claim one setting for verdicts decided under two, which
 * `toolgauge merge` refuses to pool; left out, merge takes it as unrecorded (its results' settings unknown).
 */
function agreedSettings(metas: readonly ToolgaugeTestMeta[], key: 'modelSettings' | 'suiteModelSettings', root: string): Record<string, ModelSettings> {
  const seen = new Map<string, { readonly settings: ModelSettings; readonly testFile: string }>()
  const differing = new Set<string>()
  for (const meta of metas) {
    for (const [spec, settings] of Object.entries(meta[key])) {
      const first = seen.get(spec)
      if (!first) {
        seen.set(spec, { settings, testFile: meta.testFile })
        continue
      }
      const setting = differing.has(spec) ? undefined : differingSetting(settings, first.settings)
      if (setting === undefined) continue
      differing.add(spec)
      const value = (of: ModelSettings) => shown((of as { readonly [name: string]: unknown })[setting])
      process.stderr.write(`warning: ${inert(`"${spec}" ran with ${setting} ${value(settings)} in ${relative(root, meta.testFile)} but ${value(first.settings)} in ${relative(root, first.testFile)}: left out of report.json's run.${key}, as its results were decided under both`)}\n`)
    }
  }
  return Object.fromEntries([...seen].filter(([spec]) => !differing.has(spec)).map(([spec, { settings }]) => [spec, settings]))
}
