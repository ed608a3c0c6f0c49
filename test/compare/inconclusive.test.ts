import { describe, expect, it } from 'vitest'
import { compareReports } from '../../src/compare/compare-reports.ts'
import { minimumDetectableDrop } from '../../src/stats/power.ts'
import { reportOf } from '../report/sample-report.ts'
import { makeResult } from '../stats/make-result.ts'
import { runCli, writeReportFile } from './cli-helpers.ts'

/** n single-run cases; the first `failing` fail. */
const run = (n: number, failing = 0) => Array.from({ length: n }, (_, i) => makeResult({ case: `case-${i}`, passed: i >= failing }))

describe('compare: inconclusive when the pairing cannot detect --max-drop', () => {
  it('says inconclusive, not "no regression", for 20 unchanged cases and --max-drop 10 (exit 0 all the same)', async () => {
    const { code, stdout } = await runCli(['compare', writeReportFile(run(20)), writeReportFile(run(20)), '--max-drop', '10', '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/: INCONCLUSIVE — accuracy unchanged, but 20 paired case\(s\) could detect only a drop of \d+\.\d points at 80% power, more than --max-drop 10/)
    expect(stdout).toContain('Inconclusive: too few paired cases')
    expect(stdout).not.toContain('No regression.')
    expect(stdout).not.toMatch(/INCONCLUSIVE — inconclusive/i)
    const markdown = await runCli(['compare', writeReportFile(run(20)), writeReportFile(run(20)), '--max-drop', '10', '--markdown'])
    expect(markdown.stdout).toMatch(/\nInconclusive: accuracy unchanged, but 20 paired case/)
  })

  it('is conclusive for 400 unchanged cases and the same --max-drop', async () => {
    const { stdout } = await runCli(['compare', writeReportFile(run(400)), writeReportFile(run(400)), '--max-drop', '10'])
    expect(stdout).toContain('ok — accuracy unchanged')
    expect(stdout).toContain('No regression.')
  })

  it('flips exactly at the detectable drop: a --max-drop just under it is inconclusive, just over it is not', () => {
    const base = reportOf(run(60, 3))
    const head = reportOf(run(60, 5))
    // 2 discordant cases of 60 (the pairing's noise), both broken.
    const detectable = minimumDetectableDrop(60, 2 / 60, 0.05, 0.8)! * 100
    const at = (maxDropPoints: number) => compareReports(base, head, { alpha: 0.05, maxDropPoints }).models[0]!
    expect(at(detectable - 0.05)).toMatchObject({ regression: false, inconclusive: true })
    expect(at(detectable + 0.05)).toMatchObject({ regression: false, inconclusive: false })
    // Without --max-drop there is no stated drop to detect: never inconclusive.
    expect(compareReports(base, head, { alpha: 0.05 }).models[0]!.inconclusive).toBe(false)
    expect(at(detectable - 0.05).metrics[0]!.detectable! * 100).toBeCloseTo(detectable, 10)
  })

  it('a regression is never inconclusive', () => {
    const comparison = compareReports(reportOf(run(20)), reportOf(run(20, 8)), { alpha: 0.05, maxDropPoints: 10 })
    expect(comparison).toMatchObject({ regression: true, inconclusive: false })
  })

  it('states the detectable change of every metric, in text and Markdown', async () => {
    const files = [writeReportFile(run(50)), writeReportFile(run(50, 1))]
    const text = (await runCli(['compare', ...files])).stdout
    expect(text).toMatch(/accuracy .* detectable ≥ \d+\.\d pts/)
    expect(text).toMatch(/selectionAccuracy .* detectable ≥ \d+\.\d pts/)
    const markdown = (await runCli(['compare', ...files, '--markdown'])).stdout
    expect(markdown).toContain('| Detectable Δ (80% power) |')
  })
})
