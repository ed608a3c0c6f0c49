import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { compareModel } from '../../src/compare/compare-model.ts'
import { RateTally } from '../../src/report/rate-counts.ts'
import { summarizeModel } from '../helpers/report-folds.ts'
import { makeResult, repeats } from '../stats/make-result.ts'
import { runCli, writeReportFile } from './cli-helpers.ts'
import { reportOf, sampleResults } from '../report/sample-report.ts'

const ids = Array.from({ length: 20 }, (_, i) => `case-${String(i + 1).padStart(2, '0')}`)
/** 20 single-run cases; the listed ones fail. */
const run = (failing: readonly string[], model = 'model-a') => ids.map((id) => makeResult({ case: id, model, passed: !failing.includes(id) }))

describe('toolgauge compare', () => {
  it('exits 1 on a significant regression and lists the broken cases', async () => {
    const broken = ids.slice(0, 8)
    const { code, stdout } = await runCli(['compare', writeReportFile(run([])), writeReportFile(run(broken)), '--fail-on-regression'])
    expect(code).toBe(1)
    // McNemar: 8 broken, 0 fixed → p = 2/2^8
    expect(stdout).toContain('exact McNemar: 8 broken, 0 fixed, p = 0.00781')
    expect(stdout).toContain('REGRESSION — accuracy dropped 40.0 points, significant')
    expect(stdout).toContain('newly broken (8):')
    for (const id of broken) expect(stdout).toContain(`    weather/${id}\n`)
    expect(stdout).toContain('newly fixed: none')
    expect(stdout).toMatch(/accuracy\s+100\.0% →  60\.0%\s+−40\.0 pts\s+\[−\d+\.\d, −\d+\.\d\]/)
  })

  it('exits 0 for a single newly failing case out of 20 (not significant)', async () => {
    const { code, stdout } = await runCli(['compare', writeReportFile(run([])), writeReportFile(run(['case-07'])), '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toContain('exact McNemar: 1 broken, 0 fixed, p = 1')
    expect(stdout).toContain('NOT SIGNIFICANT — accuracy dropped 5.0 points, not significant')
    expect(stdout).toContain('newly broken (1):\n    weather/case-07\n')
    expect(stdout).toContain('No significant regression: accuracy dropped')
  })

  it('a small suite that broke from end to end is not called "ok" or "No regression": the output says why it passes and names --max-drop', async () => {
    const few = (failing: readonly string[]) => ['a', 'b', 'c'].map((id) => makeResult({ case: id, passed: !failing.includes(id) }))
    const files = [writeReportFile(few([])), writeReportFile(few(['a', 'b', 'c']))]
    const { code, stdout } = await runCli(['compare', ...files, '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toContain(': NOT SIGNIFICANT — accuracy dropped 100.0 points, not significant (p = 0.25 ≥ 0.05), so no regression: without --max-drop <points> only a significant drop is one')
    expect(stdout).not.toContain(': ok —')
    expect(stdout).not.toContain('No regression.')
    expect(stdout).toContain('No significant regression: accuracy dropped, too little for the paired test to tell from chance; --max-drop <points> fails on a drop of that size.')
    expect((await runCli(['compare', ...files, '--fail-on-regression', '--markdown'])).stdout).toContain('### ⚠️ ')
    const bounded = await runCli(['compare', ...files, '--fail-on-regression', '--max-drop', '5'])
    expect(bounded.code).toBe(1)
    expect(bounded.stdout).toContain('Regression found.')
  })

  it('exits 1 when the drop exceeds --max-drop even if not significant', async () => {
    const args = ['compare', writeReportFile(run([])), writeReportFile(run(['case-07'])), '--fail-on-regression']
    expect((await runCli([...args, '--max-drop', '2'])).code).toBe(1)
    expect((await runCli([...args, '--max-drop', '5'])).code).toBe(0)
  })

  it('exits 0 for identical reports', async () => {
    const failing = ['case-03', 'case-11']
    const { code, stdout } = await runCli(['compare', writeReportFile(run(failing)), writeReportFile(run(failing)), '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toContain('ok — accuracy unchanged')
    expect(stdout).toContain('newly broken: none')
    expect(stdout).toContain('No regression.')
  })

  it('reports but does not fail without --fail-on-regression', async () => {
    const { code, stdout } = await runCli(['compare', writeReportFile(run([])), writeReportFile(run(ids.slice(0, 8)))])
    expect(code).toBe(0)
    expect(stdout).toContain('Regression found.')
  })

  it('honours --alpha', async () => {
    // 6 broken of 20: p = 2/64 ≈ 0.031, significant at 0.05, not at 0.01
    const args = ['compare', writeReportFile(run([])), writeReportFile(run(ids.slice(0, 6))), '--fail-on-regression']
    expect((await runCli(args)).code).toBe(1)
    expect((await runCli([...args, '--alpha', '0.01'])).code).toBe(0)
  })

  it('pairs a single model on each side even when the names differ, and lists newly fixed cases', async () => {
    const { code, stdout } = await runCli(['compare', writeReportFile(run(['case-02'], 'openai:gpt-4.1')), writeReportFile(run([], 'openai:gpt-4.1-mini'))])
    expect(code).toBe(0)
    expect(stdout).toContain('openai:gpt-4.1 → openai:gpt-4.1-mini: ok — accuracy rose 5.0 points')
    expect(stdout).toContain('newly fixed (1):\n    weather/case-02\n')
  })

  it('compares only models present in both reports, and only shared cases', async () => {
    const base = [...run([], 'a'), ...run([], 'b'), makeResult({ case: 'gone', model: 'a', passed: true })]
    const head = [...run(['case-01'], 'a'), ...run([], 'c'), makeResult({ case: 'new', model: 'a', passed: false })]
    const { stdout } = await runCli(['compare', writeReportFile(base), writeReportFile(head)])
    expect(stdout).toContain('a: NOT SIGNIFICANT — accuracy dropped 5.0 points')
    expect(stdout).not.toMatch(/^[bc][: ]/m)
    expect(stdout).toContain('20 paired cases (1 only in base, 1 only in head, not compared)')
  })

  it('uses the paired permutation test with repeats and shows per-case rates', async () => {
    // 10 cases × 3 repeats; head breaks 7 of them completely (3/3 → 0/3): p = 2/2^7
    const base = ids.slice(0, 10).flatMap((id) => repeats(id, 3, 3))
    const head = ids.slice(0, 10).flatMap((id, i) => repeats(id, i < 7 ? 0 : 3, 3))
    const { code, stdout } = await runCli(['compare', writeReportFile(base), writeReportFile(head), '--fail-on-regression'])
    expect(code).toBe(1)
    expect(stdout).toContain('paired permutation test on per-case pass rates (exact): p = 0.0156')
    expect(stdout).toContain('weather/case-01 (3/3 → 0/3)')
  })

  it('does not fail on a flaky case that moved within its noise', async () => {
    const base = ids.slice(0, 10).flatMap((id, i) => repeats(id, i === 0 ? 2 : 3, 3))
    const head = ids.slice(0, 10).flatMap((id, i) => repeats(id, i === 0 ? 1 : 3, 3))
    const { code, stdout } = await runCli(['compare', writeReportFile(base), writeReportFile(head), '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toContain('weather/case-01 (2/3 → 1/3)')
  })

  it('prints Markdown with --markdown', async () => {
    const { stdout } = await runCli(['compare', writeReportFile(run([])), writeReportFile(run(ids.slice(0, 8))), '--markdown'])
    expect(stdout).toContain('## toolgauge compare')
    expect(stdout).toContain('### ❌ `model-a`')
    expect(stdout).toMatch(/\| accuracy \| 100\.0% \| 60\.0% \| ▼ −40\.0 \| −\d+\.\d to −\d+\.\d \|/)
    expect(stdout).toContain('<details><summary>Newly broken (8)</summary>')
  })

  it('rejects bad files with exit 2 naming the file', async () => {
    const good = writeReportFile(run([]))
    const missing = `${good}.missing`
    const notJson = writeReportFile([], 'broken.json')
    writeFileSync(notJson, '{ nope')
    const notReport = writeReportFile([], 'other.json')
    writeFileSync(notReport, '{"hello": 1}')
    for (const bad of [missing, notJson, notReport]) {
      const { code, stderr } = await runCli(['compare', good, bad])
      expect(code).toBe(2)
      expect(stderr).toContain(bad)
    }
    expect((await runCli(['compare', good])).code).toBe(2)
    expect((await runCli(['compare', good, good, '--alpha', '2'])).stderr).toContain('--alpha')
  })

  it('fails with exit 2 when no model can be paired', async () => {
    const head = writeReportFile(run([], 'c').concat(run([], 'd')))
    const { code, stderr } = await runCli(['compare', writeReportFile(run([], 'a').concat(run([], 'b'))), head])
    expect(code).toBe(2)
    expect(stderr).toContain('no model to compare: base has a, b, head has c, d')
  })
})

describe('compare of a partial report', () => {
  it('says a head cut by --max-cost (or interrupted) is partial: its missing case runs are in no pair', async () => {
    // The head ran 12 of the 20 cases before --max-cost cut it; the 12 all passed, the other 8 have no verdict.
    const ran = run([]).slice(0, 12)
    const notRun = ids.slice(12).map((id) => ({ suite: 'weather', case: id, model: 'model-a', repeat: 0 }))
    const head = join(mkdtempSync(join(tmpdir(), 'toolgauge-cmp-')), 'report.json')
    const report = reportOf(ran)
    writeFileSync(head, JSON.stringify({ ...report, run: { ...report.run, cut: { reason: 'max-cost', limit: 0.5, spentUsd: 0.51, notRun } } }))
    const interrupted = join(mkdtempSync(join(tmpdir(), 'toolgauge-cmp-')), 'report.json')
    writeFileSync(interrupted, JSON.stringify({ ...report, run: { ...report.run, interrupted: true, unfinished: 8 } }))
    const base = writeReportFile(run(['case-01']))
    const cut = await runCli(['compare', base, head, '--fail-on-regression'])
    expect(cut.stdout).toContain(`warning: the head report (${head}) is partial, cut by --max-cost 0.5 (spent $0.5100): 8 case run(s) have no result, in no pair — regressions are judged without them`)
    const stopped = await runCli(['compare', base, interrupted, '--markdown'])
    expect(stopped.stdout).toContain('is partial, stopped by an interruption \\(Ctrl-C\\): 8 case run\\(s\\) have no result')
    // A complete pair says nothing of it.
    expect((await runCli(['compare', base, writeReportFile(run([]))])).stdout).not.toContain('partial')
  })
})

describe('compare metrics', () => {
  it('computes the same rates as summarizeModel', () => {
    const results = sampleResults().filter((r) => r.model === 'model-a')
    const summary = summarizeModel('model-a', results)
    const counts = results.reduce((tally, r) => tally.add(r.metrics), new RateTally()).callCounts()
    for (const [name, count] of Object.entries(counts)) {
      expect(count.trials === 0 ? null : count.successes / count.trials, name).toBeCloseTo(summary[name as keyof typeof counts] as number, 12)
    }
  })

  it('gives the accuracy delta a paired interval that contains it', () => {
    const comparison = compareModel('a', 'a', run([]), run(['case-01', 'case-02']))
    const accuracy = comparison.metrics[0]!
    expect(accuracy.delta).toBeCloseTo(-0.1, 12)
    expect(accuracy.interval![0]).toBeLessThan(-0.1)
    expect(accuracy.interval![1]).toBeGreaterThan(-0.1)
  })

  it('a rate with nothing to measure is null on that side, never 0% or 100% (no calls, or every result errored)', async () => {
    const noCalls = { calls: 0, knownToolCalls: 0, expectedCalls: 0, selectedCalls: 0, correctArgumentCalls: 0, hallucinatedToolCalls: 0, hallucinatedParamCalls: 0, schemaViolationCalls: 0, parallelCase: false, irrelevanceCase: true }
    const silent = ids.map((id) => makeResult({ case: id, passed: true, metrics: noCalls, expectedTools: [] }))
    const comparison = compareModel('model-a', 'model-a', silent, silent)
    const byName = Object.fromEntries(comparison.metrics.map((metric) => [metric.name, metric]))
    expect(byName.accuracy).toMatchObject({ base: 1, head: 1, delta: 0 })
    for (const name of ['selectionAccuracy', 'argumentAccuracy', 'hallucinatedToolRate', 'hallucinatedParamRate', 'schemaViolationRate']) {
      expect(byName[name]).toMatchObject({ base: null, head: null, delta: null, interval: null })
    }
    const errored = ids.map((id) => makeResult({ case: id, passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }))
    expect(compareModel('model-a', 'model-a', run([]), errored).metrics[0]).toMatchObject({ base: null, head: null, delta: null })
    const base = writeReportFile(silent)
    const head = writeReportFile(silent)
    const text = await runCli(['compare', base, head])
    expect(text.stdout).toMatch(/selectionAccuracy\s+— → {6}—\s+— pts {2}\(nothing to measure\)/)
    expect(text.stdout).not.toMatch(/selectionAccuracy\s+100\.0%/)
  })
})
