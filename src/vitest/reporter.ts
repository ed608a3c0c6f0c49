import type { Reporter, TestModule, TestRunEndReason, Vitest } from 'vitest/node'
import { runStops } from '../report/run-stops.ts'
import { inert } from '../report/terminal-text.ts'
import type { ToolgaugeTestMeta } from './result-meta.ts'
import { RerunOnEdit } from './rerun-on-edit.ts'
import { writeVitestReport, type VitestReportOptions } from './write-report.ts'

/**
 * `toolgauge/vitest/reporter`: writes the same report.json (and results.jsonl, and optionally JUnit, Markdown or
 * HTML) as `toolgauge run` for the `describeSuite` cases that ran as tests, so `toolgauge show`, `compare` and the
 * HTML report work on vitest runs. Use it beside vitest's own reporters:
 * `reporters: ['default', ['toolgauge/vitest/reporter', { outDir: 'reports/vitest', formats: ['html'] }]]`. In watch
 * mode it also reruns a test file when a file its describeSuite blocks read changes (rerun-on-edit.ts).
 */
export default class ToolgaugeReporter implements Reporter {
  private root = process.cwd()
  private startedAt = new Date()
  private rerun: RerunOnEdit | undefined

  constructor(private readonly options: VitestReportOptions = {}) {}

  /** Remembers vitest's root (reports go under it); in watch mode, follows the files describeSuite reads. */
  onInit(vitest: Vitest): void {
    this.root = vitest.config.root
    if (vitest.config.watch) this.rerun = new RerunOnEdit(vitest)
  }

  /** Notes the files the test file's describeSuite blocks read (watch mode). */
  onTestModuleEnd(testModule: TestModule): void {
    this.rerun?.note(testModule)
  }

  /** Notes when the run started, for the report's run block. */
  onTestRunStart(): void {
    this.startedAt = new Date()
  }

  /**
   * Collects every test's toolgauge result and writes the report (nothing when no test ran a toolgauge case). A
   * cancelled run's report says `run.interrupted`, as `toolgauge run`'s after Ctrl-C: its cancelled cases left no result,
   * which the reporter says after the report's path, in vitest's words (report/run-stops.ts), as every format does.
   */
  async onTestRunEnd(testModules: ReadonlyArray<TestModule>, _errors: unknown, reason?: TestRunEndReason): Promise<void> {
    const metas: ToolgaugeTestMeta[] = []
    for (const testModule of testModules) {
      for (const test of testModule.children.allTests()) {
        const meta = test.meta().toolgauge
        if (meta) metas.push(meta)
      }
    }
    if (metas.length === 0) return
    const { file, report } = await writeVitestReport(metas, { ...this.options, root: this.root, startedAt: this.startedAt, interrupted: reason === 'interrupted' })
    process.stdout.write(`toolgauge: ${metas.length} case result(s) → ${file}\n`)
    for (const stop of runStops(report.run)) process.stdout.write(`toolgauge: ${inert(stop.text)}\n`)
  }
}
