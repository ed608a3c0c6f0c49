import { readFileSync, rmSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain } from '../helpers/cli.ts'
import { behaviour, bfclSizeSuite, catchAllTool } from './bfcl-size-fixture.ts'
import { chromiumDir, chromiumSuiteName, hasChromium, loadPage } from './chromium.ts'

// Issue 11: `--format html` crashed (RangeError from a spread over the 400 × 400 confusion matrix) and the grid
// alone was megabytes. Both CLI paths that write report.html are run here at that size: run and merge.
const fixture = bfclSizeSuite(400, 400)
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))

const model = `scripted:${fixture.script}`
const fiveMegabytes = 5 * 1024 * 1024

type Written = { html: string; bytes: number; report: Report }

function readOut(out: string): Written {
  const file = join(out, 'report.html')
  return { html: readFileSync(file, 'utf8'), bytes: statSync(file).size, report: JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report }
}

function pairsOf(html: string): string {
  return /<table class="confused-pairs">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? ''
}

/** What both report.html files must hold: small, summarized confusion, every case, model output escaped. */
function checkStatic(written: () => Written) {
  it('stays under 5 MB', () => {
    expect(written().bytes).toBeLessThan(fiveMegabytes)
  })

  it('shows the top confused pairs and the diagonal totals instead of a 400 × 400 grid', () => {
    const { html } = written()
    // Booleans, not toContain: a failure message quoting 3 MB of HTML helps nobody.
    expect(html.includes('<table class="confusion">'), 'a confusion grid was written').toBe(false)
    expect(html.includes('<table class="confused-pairs">'), 'no top-pairs table').toBe(true)
    expect(html.includes('<table class="diagonal-totals">'), 'no diagonal totals').toBe(true)
    // The most frequent confusion first: extra calls of the catch-all tool, which no case expected.
    const extras = Array.from({ length: 400 }, (_, i) => behaviour(i)).filter((b) => b === 'extra').length
    const pairs = pairsOf(html)
    expect(/<tbody><tr>(.*?)<\/tr>/.exec(pairs)?.[1]).toBe(`<td>(none)</td><td>${catchAllTool}</td><td>${extras}</td>`)
    expect(pairs.match(/<tr>/g)).toHaveLength(1 + 25)
    expect(/… and \d+ more confused pairs/.test(html)).toBe(true)
    // The diagonal lists every expected tool: how often expected, how often called right.
    const totals = /<table class="diagonal-totals">([\s\S]*?)<\/table>/.exec(html)?.[1] ?? ''
    expect(totals.match(/<tr><td>tool_\d+<\/td>/g)).toHaveLength(400)
    expect(/<tr><td>tool_7<\/td><td>1<\/td><td>1<\/td>/.test(totals)).toBe(true)
  })

  it('lists every case and keeps model-written names escaped', () => {
    const { html } = written()
    expect(html.match(/<details class="case"/g)).toHaveLength(400)
    expect(html.includes('<img'), 'model-written markup got through').toBe(false)
    expect(pairsOf(html)).toContain('made_up&lt;img src=x onerror=&quot;document.title=&#39;pwned&#39;&quot;&gt;')
  })
}

/** Loads report.html in headless Chromium: no console message or script error, and the summary is on the page. */
function checkRendered(written: () => Written, name: string) {
  describe.skipIf(!hasChromium)(chromiumSuiteName('renders in headless Chromium'), () => {
    const dir = chromiumDir()
    afterAll(() => rmSync(dir, { recursive: true, force: true }))

    it('loads with no script error and shows the summary and the case list', async () => {
      const { html, report } = written()
      const { dom, log } = await loadPage(dir, name, html)
      // The page's own script logs nothing; a script error or a CSP refusal would be a CONSOLE line.
      expect(log.split('\n').filter((line) => line.includes(':CONSOLE'))).toEqual([])
      expect(dom.includes('<h2>Overview</h2>'), 'no overview in the rendered page').toBe(true)
      const summary = report.summary[0]!
      expect(summary.cases).toBe(400)
      expect(dom.includes(`<td>${summary.passed}/${summary.cases}</td>`), 'no passed/cases in the overview').toBe(true)
      expect(dom.match(/<details class="case"/g)).toHaveLength(400)
    })
  })
}

describe('run --format html at BFCL size (400 cases × 400 tools)', () => {
  let written: Written
  beforeAll(async () => {
    const out = join(fixture.dir, 'run')
    const result = await runMain(['run', fixture.suite, '--model', model, '--format', 'html', '--out', out])
    // Some cases fail on purpose (wrong tools, no calls, invented tools): exit 1, a verdict, not a crash.
    expect(result.code, result.stderr).toBe(1)
    written = readOut(out)
  })

  it('offers all 400 tools in every case', () => {
    expect(Object.values(written.report.toolSets ?? {})[0]).toHaveLength(400)
    expect(written.report.results).toHaveLength(400)
  })
  checkStatic(() => written)
  checkRendered(() => written, 'run.html')
})

describe('merge --format html of two shards at BFCL size', () => {
  let written: Written
  beforeAll(async () => {
    const shards = [1, 2].map((i) => join(fixture.dir, `shard-${i}`))
    for (const [i, out] of shards.entries()) {
      const result = await runMain(['run', fixture.suite, '--model', model, '--shard', `${i + 1}/2`, '--out', out])
      expect(result.code, result.stderr).toBe(1)
    }
    const out = join(fixture.dir, 'merged')
    const result = await runMain(['merge', ...shards.map((dir) => join(dir, 'report.json')), '--format', 'html', '--out', out])
    expect(result.code, result.stderr).toBe(1)
    written = readOut(out)
  })

  it('joins both shards', () => {
    expect(written.report.results).toHaveLength(400)
  })
  checkStatic(() => written)
  checkRendered(() => written, 'merged.html')
})
