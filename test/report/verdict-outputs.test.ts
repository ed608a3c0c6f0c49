import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { toJunit } from '../../src/report/junit.ts'
import { caseList } from '../helpers/report-folds.ts'
import { formatTranscript } from '../../src/report/transcript-text.ts'
import { makeResult } from '../stats/make-result.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityCases, twoCityScript, weatherToolsJson as tools } from '../helpers/two-city-suite.ts'
import { reportOf } from './sample-report.ts'
import { parseXml } from './xml-check.ts'


/** A suite whose hook throws on every call: every result is harness_error (errored), none is scored. */
function everyResultErrored(): string {
  return tempFiles({
    'tools.json': tools,
    'hooks.mjs': 'export function beforeToolCall() {\n  throw new Error("the hook is broken")\n}\n',
    'suite.yaml': [
      'name: broken',
      'tools: ./tools.json',
      'hooks: ./hooks.mjs',
      ...twoCityCases,
    ].join('\n'),
    'script.yaml': twoCityScript,
  })
}

describe('one verdict, read by every output', () => {
  it('JUnit writes a harness_error as <error> (infrastructure / harness), never as a <failure> of the model', () => {
    const results = [
      makeResult({ case: 'hooked', passed: false, failures: [{ kind: 'harness_error', message: 'beforeToolCall threw' }] }),
      makeResult({ case: 'down', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }),
      makeResult({ case: 'wrong', passed: false, failures: [{ kind: 'wrong_tool', message: 'called get_time' }] }),
    ]
    const root = parseXml(toJunit(reportOf(results)))
    expect(root.attributes).toMatchObject({ tests: '3', failures: '1', errors: '2' })
    const [hooked, down, wrong] = root.children.flatMap((suite) => suite.children)
    expect(hooked!.children.map((child) => [child.name, child.attributes.type])).toEqual([['error', 'harness_error']])
    expect(down!.children.map((child) => [child.name, child.attributes.type])).toEqual([['error', 'provider_error']])
    expect(wrong!.children.map((child) => [child.name, child.attributes.type])).toEqual([['failure', 'wrong_tool']])
  })

  it('show labels an errored result ERRORED, not FAIL, and says what broke', () => {
    const errored = makeResult({ case: 'hooked', passed: false, failures: [{ kind: 'harness_error', message: 'beforeToolCall threw' }] })
    const text = formatTranscript(errored)
    expect(text.split('\n')[0]).toMatch(/^ERRORED weather\/hooked/)
    expect(text).toContain('errored (no verdict on the model):')
    expect(formatTranscript(makeResult({ case: 'wrong', passed: false })).split('\n')[0]).toMatch(/^FAIL weather\/wrong/)
  })

  it('HTML marks an errored result and a case with only errored results as errored, neither failing nor flaky', () => {
    const results = [
      makeResult({ case: 'down', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }),
      makeResult({ case: 'mixed', repeat: 0, passed: true }),
      makeResult({ case: 'mixed', repeat: 1, passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }),
    ]
    const html = caseList(results)
    expect(html).toMatch(/<details class="case" data-status="errored"[^>]*><summary><span class="badge errored">errored<\/span> <span class="muted">weather \/<\/span> <strong>down<\/strong>/)
    expect(html).toContain('<span class="badge errored">errored</span> model-a')
    // One pass and one outage: the case passed every time it was judged, so it is not flaky.
    expect(html).toMatch(/data-status="pass"[^>]*><summary><span class="badge pass">pass<\/span> <span class="muted">weather \/<\/span> <strong>mixed<\/strong> <span class="tally pass">model-a 1\/1 · 1 errored<\/span>/)
  })
})

describe('a metric with nothing to measure is null everywhere: a run whose every result errored', () => {
  it('prints "—" in the console table, Markdown and HTML, never "0.0%" or cases 0/0; JUnit has errors, no failures', async () => {
    const dir = everyResultErrored()
    const out = join(dir, 'out')
    const run = await runMain(['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out, '--format', 'junit,md,html'])
    expect(run.code, run.stderr).toBe(2)

    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { summary: { accuracy: unknown; errored: number }[]; results: { verdict?: string }[] }
    expect(report.summary[0]).toMatchObject({ accuracy: null, errored: 2 })
    expect(report.results.map((result) => result.verdict)).toEqual(['errored', 'errored'])

    const row = run.stdout.split('\n').find((line) => line.includes('scripted:')) ?? ''
    expect(row).toContain('—')
    expect(row).not.toContain('0.0%')
    expect(row).not.toContain('0/0')

    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    const overview = markdown.split('\n').find((line) => line.startsWith('| `scripted:')) ?? ''
    expect(overview).toContain('—')
    expect(overview).not.toContain('0.0%')
    expect(overview).not.toMatch(/\b0\/[02]\b/)

    const html = readFileSync(join(out, 'report.html'), 'utf8')
    expect(html).not.toContain('0.0%')
    expect(html).not.toMatch(/<td>0\/[02]<\/td>/)
    expect(html).toContain('<td>—</td>')
    expect(html).not.toContain('>n/a<')

    const junit = parseXml(readFileSync(join(out, 'report.xml'), 'utf8'))
    expect(junit.attributes).toMatchObject({ tests: '2', failures: '0', errors: '2' })
    expect(readFileSync(join(out, 'report.xml'), 'utf8')).not.toContain('0.0%')
  })
})
