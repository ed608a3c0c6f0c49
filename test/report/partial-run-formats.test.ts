// A cut (--bail, --max-cost) or interrupted run says so in every format: that it is partial, why, and how many case
// runs did not run (report.json's run.cut / run.interrupted + run.unfinished), escaped like everything else.
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { toJunit } from '../../src/report/junit.ts'
import { toMarkdown } from '../../src/report/markdown.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'
import { parseXml, type XmlElement } from './xml-check.ts'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const results = [makeResult({ case: 'paris', passed: false }), makeResult({ case: 'rome', passed: true })]
const withRun = (extra: Record<string, unknown>): Report => {
  const report = reportOf(results)
  return { ...report, run: { ...report.run, ...extra } }
}
const bailCut = { cut: { reason: 'bail', limit: 1, notRun: [{ suite: 'weather', case: 'lima', model: 'model-a', repeat: 0 }, { suite: 'weather', case: 'oslo', model: 'model-b', repeat: 0 }] } }
const costCut = { cut: { reason: 'max-cost', limit: 0.5, spentUsd: 0.51234, notRun: [{ suite: 'weather', case: 'lima', model: 'model-a', repeat: 0 }] } }
const interrupted = { interrupted: true, unfinished: 3 }
// A report file is input: a hand-edited reason must not become markup in any format.
const hostile = { cut: { reason: '<img src=x onerror=alert(1)>*bold*', limit: 1, notRun: [] } }

describe('Markdown of a partial run', () => {
  it('says it was cut by --bail, and how many case runs did not start', () => {
    const markdown = toMarkdown(withRun(bailCut))
    expect(markdown).toContain('> **Partial run.** Cut by --bail 1: 2 case run\\(s\\) did not start')
    // Above the figures: a reader sees it before the overview.
    expect(markdown.indexOf('Partial run')).toBeLessThan(markdown.indexOf('### Overview'))
  })

  it('says what --max-cost spent, and an interruption with its unfinished count', () => {
    expect(toMarkdown(withRun(costCut))).toContain('Cut by --max-cost 0.5 \\(spent $0.5123\\): 1 case run\\(s\\) did not start')
    const both = toMarkdown(withRun({ ...bailCut, ...interrupted }))
    expect(both).toContain('> **Partial run.** Interrupted: 3 case run\\(s\\) did not finish; the report is partial')
    expect(both).toContain('Cut by --bail 1')
  })

  it('says nothing for a complete run, and escapes a hand-edited reason', () => {
    expect(toMarkdown(withRun({}))).not.toContain('Partial run')
    const markdown = toMarkdown(withRun(hostile))
    expect(markdown).toContain('&lt;img src=x onerror=alert\\(1\\)&gt;\\*bold\\*')
    expect(markdown).not.toContain('<img')
  })
})

describe('HTML of a partial run', () => {
  it('says it was cut or interrupted, why and how many did not run, escaped', () => {
    const html = toHtml(withRun({ ...costCut, ...interrupted }))
    expect(html).toContain('<p class="run-stop" data-stop="cut"><strong>Partial run.</strong> Cut by --max-cost 0.5 (spent $0.5123): 1 case run(s) did not start')
    expect(html).toContain('<p class="run-stop" data-stop="interrupted"><strong>Partial run.</strong> Interrupted: 3 case run(s) did not finish')
    expect(html.indexOf('run-stop"')).toBeLessThan(html.indexOf('<h2>Overview</h2>'))
    expect(toHtml(withRun({}))).not.toContain('class="run-stop"')
    const escaped = toHtml(withRun(hostile))
    expect(escaped).toContain('Cut by --&lt;img src=x onerror=alert(1)&gt;*bold* 1')
    expect(escaped).not.toContain('<img')
  })
})

describe('JUnit of a partial run', () => {
  const suites = (report: Report) => parseXml(toJunit(report)).children
  const properties = (suite: XmlElement) => Object.fromEntries(suite.children.find((child) => child.name === 'properties')?.children.map((p) => [p.attributes.name, p.attributes.value]) ?? [])
  const systemOut = (suite: XmlElement) => suite.children.find((child) => child.name === 'system-out')?.text

  it('a cut run: the case runs that never started are skipped test cases, counted honestly, and each suite says why', () => {
    const root = parseXml(toJunit(withRun(bailCut)))
    expect(root.attributes).toMatchObject({ tests: '4', failures: '1', skipped: '2' })
    expect(root.children.map((suite) => [suite.attributes.name, suite.attributes.tests, suite.attributes.skipped])).toEqual([['weather [model-a]', '3', '1'], ['weather [model-b]', '1', '1']])
    const [a, b] = root.children
    const skipped = a!.children.filter((child) => child.name === 'testcase' && child.children.some((c) => c.name === 'skipped'))
    expect(skipped.map((c) => [c.attributes.name, c.children[0]!.attributes.message])).toEqual([['lima [model-a]', 'not run: cut by --bail 1']])
    for (const suite of [a!, b!]) {
      expect(properties(suite)).toEqual({ 'toolgauge.cut': '--bail 1', 'toolgauge.cut.notRun': '2' })
      expect(systemOut(suite)).toContain('Cut by --bail 1: 2 case run(s) did not start')
    }
    // The schema's order: properties, test cases, system-out.
    expect(a!.children[0]!.name).toBe('properties')
    expect(a!.children.at(-1)!.name).toBe('system-out')
  })

  it('an interrupted run says so with its unfinished count; one stopped before any result still says why', () => {
    const [suite] = suites(withRun(interrupted))
    expect(suite!.attributes.skipped).toBe('0')
    expect(properties(suite!)).toEqual({ 'toolgauge.interrupted': 'true', 'toolgauge.interrupted.notRun': '3' })
    expect(systemOut(suite!)).toContain('Interrupted: 3 case run(s) did not finish')
    const empty = { ...reportOf([]), run: { ...reportOf([]).run, interrupted: true, unfinished: 5 } }
    const only = suites(empty)
    expect(only).toHaveLength(1)
    expect(properties(only[0]!)).toEqual({ 'toolgauge.interrupted': 'true', 'toolgauge.interrupted.notRun': '5' })
    // A complete run keeps its plain suites.
    expect(suites(withRun({}))[0]!.children.every((child) => child.name === 'testcase')).toBe(true)
  })

  it('escapes a hand-edited reason', () => {
    const xml = toJunit(withRun(hostile))
    parseXml(xml)
    expect(xml).not.toContain('<img')
  })
})

describe('report.json of an interrupted run', () => {
  it('run.unfinished counts the planned case runs with no result', async () => {
    const out = mkdtempSync(join(tmpdir(), 'toolgauge-partial-'))
    const controller = new AbortController()
    const outcome = await runEvaluation({
      suitePaths: ['suites'], models: ['baseline'], outDir: out, repeat: 2, concurrency: 1, signal: controller.signal,
      onResult: (_result, progress) => {
        if (progress.done === 3) controller.abort()
      },
    })
    const planned = (await runEvaluation({ suitePaths: ['suites'], models: ['baseline'], outDir: mkdtempSync(join(tmpdir(), 'toolgauge-partial-')), repeat: 2 })).report.results.length
    expect(outcome.report.run.interrupted).toBe(true)
    expect(outcome.report.run.unfinished).toBe(planned - outcome.report.results.length)
    expect(outcome.report.run.unfinished).toBeGreaterThan(0)
  })
})
