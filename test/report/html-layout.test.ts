import { readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain } from '../helpers/cli.ts'
import { chromiumDir, chromiumSuiteName, hasChromium, loadPage } from './chromium.ts'
import { layoutSuite } from './layout-fixture.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

// Issue 28: the HTML report of two models × two variants × repeats, measured in headless Chromium through the DOM
// (boxes the browser laid out), not by comparing pixels: what can fail is asserted, not what it looks like.
const fixture = layoutSuite()
afterAll(() => rmSync(fixture.dir, { recursive: true, force: true }))

/** Measures the page after layout and writes the figures into <pre id="probe"> as JSON. */
const probe = `<script>addEventListener('load', () => setTimeout(() => {
  const boxOf = (e) => { const r = e.getBoundingClientRect(); return { x: r.left, y: r.top, w: r.width, h: r.height } }
  const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5
  const inside = (a, b) => a.x >= b.x - 0.5 && a.y >= b.y - 0.5 && a.x + a.w <= b.x + b.w + 0.5 && a.y + a.h <= b.y + b.h + 0.5
  const scatter = document.querySelector('svg.scatter')
  // A point's label is the text drawn right after its dot.
  const labels = scatter ? [...scatter.querySelectorAll('circle')].map((c) => c.nextElementSibling).filter((e) => e && e.tagName === 'text') : []
  const panel = scatter ? boxOf(scatter) : null
  const labelBoxes = labels.map((e) => ({ text: [...e.childNodes].filter((n) => n.nodeType === 3).map((n) => n.data).join(''), ...boxOf(e) }))
  const overlaps = []
  labelBoxes.forEach((a, i) => labelBoxes.slice(i + 1).forEach((b) => { if (overlap(a, b)) overlaps.push([a.text, b.text]) }))
  const outside = labelBoxes.filter((b) => !inside(b, panel)).map((b) => b.text)
  const duplicates = labelBoxes.map((b) => b.text).filter((t, i, all) => all.indexOf(t) !== i)
  const barsOutside = [...document.querySelectorAll('svg.bars')].flatMap((svg) => [...svg.querySelectorAll('text')].filter((t) => !inside(boxOf(t), boxOf(svg))).map((t) => t.textContent))
  const overview = [...document.querySelectorAll('table')].find((t) => [...t.querySelectorAll('th')].some((th) => th.textContent === '95% CI'))
  const ciColumn = [...overview.querySelectorAll('th')].findIndex((th) => th.textContent === '95% CI')
  const ciLines = [...overview.querySelectorAll('tbody tr')].map((tr) => {
    const td = tr.children[ciColumn]; const range = document.createRange(); range.selectNodeContents(td)
    return { text: td.textContent, lines: new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size }
  })
  const cases = [...document.querySelectorAll('details.case')].map((d) => ({
    status: d.dataset.status, open: d.open, id: d.id, summary: d.querySelector('summary').textContent,
    anchor: d.querySelector('summary a[href^="#"]')?.getAttribute('href') ?? null,
    grid: d.querySelector('table.side-by-side') ? [...d.querySelectorAll('table.side-by-side tr')].map((tr) => tr.children.length) : null,
  }))
  const rewritten = [...document.querySelectorAll('.msg.tool .role')].filter((r) => r.textContent.includes('rewritten by afterToolCall')).length
  const out = document.createElement('pre'); out.id = 'probe'
  out.textContent = JSON.stringify({ labels: labelBoxes.map((b) => b.text), overlaps, outside, duplicates, barsOutside, ciLines, cases, rewritten, width: innerWidth })
  document.body.append(out)
}, 50))</script>`

type Probe = {
  labels: string[]; overlaps: string[][]; outside: string[]; duplicates: string[]; barsOutside: string[]
  ciLines: { text: string; lines: number }[]
  cases: { status: string; open: boolean; id: string; summary: string; anchor: string | null; grid: number[] | null }[]
  rewritten: number; width: number
}

/** Loads the page with the probe in headless Chromium and returns what it measured. */
async function probed(dir: string, name: string, html: string): Promise<Probe> {
  // The probe is a second script: the test loosens the page's Content-Security-Policy to let it run.
  const withProbe = html.replace(/script-src 'sha256-[^']+'/, "script-src 'unsafe-inline'").replace('</body>', `${probe}</body>`)
  const { dom } = await loadPage(dir, name, withProbe)
  const json = /<pre id="probe">([^<]*)<\/pre>/.exec(dom)?.[1]
  expect(json, 'the probe script did not run').toBeDefined()
  return JSON.parse(json!.replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&')) as Probe
}

describe('the HTML report of 2 models × 2 variants × 3 repeats', () => {
  let html: string
  let report: Report
  beforeAll(async () => {
    const out = join(fixture.dir, 'out')
    const result = await runMain(['run', fixture.suite, '--model', 'baseline', '--model', `scripted:${fixture.script}`, '--repeat', '3', '--format', 'html', '--out', out])
    expect(result.code, result.stderr).toBe(1)
    html = readFileSync(join(out, 'report.html'), 'utf8')
    report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
  })

  it('ran every case for both models and both variants, three times', () => {
    expect(report.results).toHaveLength(3 * 2 * 2 * 3)
    expect(new Set(report.summary.map((s) => `${s.model} ${String(s.variant)}`)).size).toBe(4)
  })

  describe.skipIf(!hasChromium)(chromiumSuiteName('laid out in headless Chromium'), () => {
    const dir = chromiumDir()
    afterAll(() => rmSync(dir, { recursive: true, force: true }))
    let page: Probe
    beforeAll(async () => {
      page = await probed(dir, 'layout.html', html)
    })

    it('draws scatter labels that never overprint one another nor run off the chart, one per distinct point', () => {
      expect(page.labels.length).toBeGreaterThan(0)
      expect(page.overlaps).toEqual([])
      expect(page.outside).toEqual([])
      expect(page.duplicates).toEqual([])
      // Every summary row is named on the chart (coinciding points share one label).
      const named = page.labels.join(', ')
      for (const s of report.summary) expect(named).toContain(`· ${String(s.variant)}`)
      expect(page.barsOutside).toEqual([])
    })

    it('keeps each 95% CI on one line', () => {
      expect(page.ciLines).toHaveLength(4)
      for (const cell of page.ciLines) expect(cell, cell.text).toMatchObject({ lines: 1 })
    })

    it('opens failing cases, names their failure kinds in the collapsed row, and links every case', () => {
      const failing = page.cases.filter((c) => c.status === 'fail')
      expect(failing.length).toBeGreaterThan(0)
      for (const c of failing) {
        expect(c.open, c.summary).toBe(true)
        expect(c.summary).toMatch(/wrong_argument_value|missing_call|wrong_tool/)
      }
      expect(page.cases.find((c) => c.summary.includes('lyon-week'))?.summary).toContain('wrong_argument_value')
      for (const c of page.cases) expect(c.anchor).toBe(`#${c.id}`)
      expect(new Set(page.cases.map((c) => c.id)).size).toBe(page.cases.length)
    })

    it('shows each case side by side across the two models (rows) and two variants (columns)', () => {
      for (const c of page.cases) expect(c.grid, c.summary).toEqual([3, 3, 3])
    })

    it('says which tool results afterToolCall rewrote', () => {
      // time-oslo: 2 models × 2 variants × 3 repeats, one rewritten result each.
      expect(page.rewritten).toBe(12)
    })
  })
})

/** Five models on one chart: two on the same point, one just beside them, one with a long name at the right edge. */
function crowdedReport() {
  const long = `openai-compatible:${'very-long-model-name-'.repeat(4)}instruct · terse`
  const models = ['model-a', 'model-b', 'model-c', long, 'model-e']
  const results = models.flatMap((model, i) => [0, 1, 2, 3].map((n) => makeResult({ case: `c${n}`, model, passed: n < (i === 4 ? 1 : 3) })))
  const tokens: Record<string, Record<string, unknown>> = {
    'model-a': { toolTokens: { perRequest: 300 } }, 'model-b': { toolTokens: { perRequest: 300 } }, 'model-c': { toolTokens: { perRequest: 306 } },
    [long]: { toolTokens: { perRequest: 1000 } }, 'model-e': { toolTokens: { perRequest: 990 } },
  }
  return reportOf(results, {}, tokens)
}

describe.skipIf(!hasChromium)(chromiumSuiteName('a crowded accuracy chart in headless Chromium'), () => {
  const dir = chromiumDir()
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('merges coinciding points into one label and keeps every label apart and on the chart', async () => {
    const page = await probed(dir, 'crowded.html', toHtml(crowdedReport()))
    expect(page.labels).toContain('model-a, model-b')
    expect(page.labels).toHaveLength(4)
    expect(page.overlaps).toEqual([])
    expect(page.outside).toEqual([])
    // The long name is shortened in its middle: its end (the variant) is still there.
    expect(page.labels.find((label) => label.startsWith('openai-compatible:'))).toMatch(/…[^…]* · terse$/)
  })
})
