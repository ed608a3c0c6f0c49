import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runCase } from '../../src/runner/run-one-case.ts'
import { variantFindings } from '../../src/variants/variant-report.ts'
import { summaryLabel } from '../../src/variants/variant-cells.ts'
import { summarize } from '../../src/report/summarize.ts'
import { writeVitestReport } from '../../src/vitest/write-report.ts'

const root = mkdtempSync(join(tmpdir(), 'toolgauge-vitest-report-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

describe('the vitest reporter\'s report.json', () => {
  it('holds the variant findings (confusion rows, variant comparisons) toolgauge run writes for the same results', async () => {
    const suite = resolve('examples/descriptions/suite.yaml')
    const cases = ['status-shipped', 'cancel-stop', 'refund-broken']
    const scored = await Promise.all(cases.flatMap((id) => ['base', 'vague'].map((variant) => runCase({ suite, case: id, model: 'baseline', variant }))))
    const metas = scored.map(({ result }) => ({ result, suiteFile: suite, testFile: suite, models: ['baseline'], repeats: 1, modelSettings: { baseline: {} }, suiteModelSettings: {}, toolSets: {} }))
    const { file } = await writeVitestReport(metas, { root, startedAt: new Date() })
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report
    const expected = variantFindings(report.results)
    expect(expected.variantComparisons?.length).toBeGreaterThan(0)
    expect({ confusion: report.confusion, variantComparisons: report.variantComparisons }).toEqual(expected)
  })

  it('has one summary row per model × variant, as toolgauge run writes: a case is not flaky across variants', async () => {
    const suite = resolve('examples/descriptions/suite.yaml')
    const scored = await Promise.all(['base', 'vague'].map((variant) => runCase({ suite, case: 'refund-broken', model: 'baseline', variant })))
    // The two variants disagree on the case (or the test shows nothing): variants are tool sets, not repeats.
    expect(new Set(scored.map(({ result }) => result.verdict)).size).toBe(2)
    const metas = scored.map(({ result }) => ({ result, suiteFile: suite, testFile: suite, models: ['baseline'], repeats: 1, modelSettings: { baseline: {} }, suiteModelSettings: {}, toolSets: {} }))
    const { file } = await writeVitestReport(metas, { root, startedAt: new Date() })
    const report = JSON.parse(readFileSync(file, 'utf8')) as Report
    expect(report.summary.map(summaryLabel)).toEqual(['baseline · base', 'baseline · vague'])
    // describeSuite names a model by its spec: recorded as toolgauge run records it, for merge's one-label-one-spec check.
    expect(report.run.modelSpecs).toEqual({ baseline: 'baseline' })
    expect(report.summary).toEqual(summarize(report.results))
    expect(report.summary.flatMap((row) => row.flakiness as unknown[])).toEqual([])
  })
})
