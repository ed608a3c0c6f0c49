// `merge --allow-partial` of shards where one was cut (--bail, --max-cost) or interrupted: the merged report says
// so in report.json (`run.cut`, `run.interrupted` + `run.unfinished`) and in every format, as the cut run's own
// report does — a merged report never looks complete when an input was not. Plain `merge` refuses such inputs,
// a merged partial report included.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { mergeReports, type ReportInput } from '../../src/compare/merge-reports.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from '../report/sample-report.ts'
import { runCli } from './cli-helpers.ts'

const task = (id: string) => ({ suite: 'weather', case: id, model: 'model-a', repeat: 0 })
const bailCut = { reason: 'bail', limit: 1, notRun: [task('lima'), task('oslo')] }

/** Shard `index` of 2 with these passing cases and extra `run` fields (a cut, an interruption). */
function shard(index: number, cases: readonly string[], run: Record<string, unknown> = {}): ReportInput {
  const report = reportOf(cases.map((id) => makeResult({ case: id, passed: true })))
  return { file: `shard-${index}.json`, report: { ...report, run: { ...report.run, shard: { index, count: 2 }, ...run } } }
}

const merged = (...inputs: ReportInput[]): Report => mergeReports(inputs, { allowPartial: true }).report

// What each format says of a partial run: Markdown's and HTML's warnings, JUnit's properties, skipped cases and system-out.
const markdownStops = (report: Report) => toMarkdown(report).split('\n').filter((line) => line.includes('Partial run.'))
const htmlStops = (report: Report) => toHtml(report).match(/<p class="run-stop"[^]*?<\/p>/g) ?? []
const junitStops = (report: Report) => toJunit(report).match(/<property [^>]*>|<skipped [^>]*>|<system-out>[^<]*|skipped="\d+"/g) ?? []

describe('merge --allow-partial of a cut or interrupted shard', () => {
  it('a shard cut by --bail: the merged run.cut lists what did not start, and every format says so as the cut run does', () => {
    const cut = shard(1, ['paris'], { cut: bailCut })
    const report = merged(cut, shard(2, ['rome']))
    expect(report.run.cut).toEqual(bailCut)
    expect(markdownStops(report)).toEqual(markdownStops(cut.report))
    expect(markdownStops(report)[0]).toContain('Cut by --bail 1: 2 case run\\(s\\) did not start')
    expect(htmlStops(report)).toEqual(htmlStops(cut.report))
    expect(htmlStops(report)).toHaveLength(1)
    const junit = junitStops(report)
    expect(junit).toEqual(expect.arrayContaining(['<property name="toolgauge.cut" value="--bail 1"/>', '<skipped message="not run: cut by --bail 1"/>']))
    expect(toJunit(report)).toContain('<testsuites name="toolgauge" tests="4" failures="0" errors="0" skipped="2"')
  })

  it('cuts of several shards: one run.cut with every not-run case run (spend added up); one another input ran is not listed', () => {
    const a = shard(1, ['paris'], { cut: { reason: 'max-cost', limit: 0.5, spentUsd: 0.5, notRun: [task('lima')] } })
    const b = shard(2, ['rome'], { cut: { reason: 'max-cost', limit: 0.5, spentUsd: 0.25, notRun: [task('oslo'), task('bern')] } })
    const report = merged(a, b, { file: 'rerun.json', report: reportOf([makeResult({ case: 'bern', passed: true })]) })
    expect(report.run.cut).toEqual({ reason: 'max-cost', limit: 0.5, spentUsd: 0.75, notRun: [task('lima'), task('oslo')] })
    expect(markdownStops(report)[0]).toContain('Cut by --max-cost 0.5 \\(spent $0.7500\\): 2 case run\\(s\\) did not start')
  })

  it('interrupted shards: run.interrupted with the unfinished case runs added up; unknown counts stay unknown', () => {
    const report = merged(shard(1, ['paris'], { interrupted: true, unfinished: 3 }), shard(2, ['rome'], { interrupted: true, unfinished: 2 }))
    expect(report.run).toMatchObject({ interrupted: true, unfinished: 5 })
    expect(markdownStops(report)).toEqual(['> **Partial run.** Interrupted: 5 case run\\(s\\) did not finish; the report is partial \\(--resume runs them\\).'])
    expect(htmlStops(report)[0]).toContain('data-stop="interrupted"')
    expect(junitStops(report)).toEqual(expect.arrayContaining(['<property name="toolgauge.interrupted" value="true"/>', '<property name="toolgauge.interrupted.notRun" value="5"/>']))
    const unknown = merged(shard(1, ['paris'], { interrupted: true }), shard(2, ['rome'], { interrupted: true, unfinished: 2 }))
    expect(unknown.run.interrupted).toBe(true)
    expect(unknown.run).not.toHaveProperty('unfinished')
    expect(markdownStops(unknown)[0]).toContain('Interrupted: some case runs did not finish')
  })

  it('complete shards merge into a report that says nothing of a stop', () => {
    const report = merged(shard(1, ['paris']), shard(2, ['rome']))
    expect(report.run).not.toHaveProperty('cut')
    expect(report.run).not.toHaveProperty('interrupted')
    expect(markdownStops(report)).toEqual([])
  })

  it('plain merge refuses a merged partial report, as it refuses the cut or interrupted shard itself', () => {
    const cut = merged(shard(1, ['paris'], { cut: bailCut }), shard(2, ['rome']))
    expect(() => mergeReports([{ file: 'merged.json', report: cut }])).toThrow('merged.json is from a run cut by bail (2 case run(s) did not start; run them with resume)')
    const interrupted = merged(shard(1, ['paris'], { interrupted: true, unfinished: 1 }), shard(2, ['rome']))
    expect(() => mergeReports([{ file: 'merged.json', report: interrupted }])).toThrow('merged.json is from an interrupted run')
  })

  it("plain merge tells how to finish each interrupted input: --resume for a run's, the tests again for a vitest report's", () => {
    expect(() => mergeReports([shard(1, ['paris'], { interrupted: true, unfinished: 1 }), shard(2, ['rome'])])).toThrow('shard-1.json is from an interrupted run (finish it with resume)')
    const vitest = () => mergeReports([shard(1, ['paris'], { interrupted: true, runner: 'vitest' }), shard(2, ['rome'])])
    expect(vitest).toThrow('shard-1.json is from an interrupted run (finish it by running the tests again)')
    expect(vitest).not.toThrow(/--resume/)
  })
})

describe('toolgauge merge --allow-partial', () => {
  function write(inputs: readonly ReportInput[]): { dir: string; files: string[] } {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-merge-partial-'))
    return { dir, files: inputs.map(({ file, report }) => (writeFileSync(join(dir, file), JSON.stringify(report)), join(dir, file))) }
  }

  it('exits as the cut or interrupted run would (1 for --bail, 4 for --max-cost, 130 interrupted) and prints why', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ cut: bailCut }, 1, 'Cut by --bail 1: 2 case run(s) did not start'],
      [{ cut: { reason: 'max-cost', limit: 1, spentUsd: 1.5, notRun: [task('lima')] } }, 4, 'Cut by --max-cost 1 (spent $1.5000)'],
      [{ interrupted: true, unfinished: 4 }, 130, 'Interrupted: 4 case run(s) did not finish'],
    ]
    for (const [run, exit, text] of cases) {
      const { dir, files } = write([shard(1, ['paris'], run), shard(2, ['rome'])])
      const out = join(dir, 'merged')
      const result = await runCli(['merge', ...files, '--allow-partial', '--out', out, '--format', 'md,junit,html'])
      expect(result.code, result.stderr).toBe(exit)
      expect(result.stdout).toContain(text)
      expect(JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')).run).toMatchObject(run)
      for (const file of ['report.md', 'report.html', 'report.xml']) expect(readFileSync(join(out, file), 'utf8')).toContain('did not')
    }
  })

  it('without --allow-partial: exit 2 naming the cut shard, nothing merged', async () => {
    const { dir, files } = write([shard(1, ['paris'], { cut: bailCut }), shard(2, ['rome'])])
    const result = await runCli(['merge', ...files, '--out', join(dir, 'merged')])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('shard-1.json is from a run cut by --bail')
    expect(result.stderr).toContain('pass --allow-partial to merge anyway')
  })
})
