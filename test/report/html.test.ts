import { rmSync } from 'node:fs'
import { afterAll, describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { makeResult, repeats } from '../stats/make-result.ts'
import { chromiumDir, chromiumSuiteName, dumpDom as dumpDomIn, hasChromium } from './chromium.ts'
import { reportOf, sampleResults, turn } from './sample-report.ts'

// Each payload would change document.title if it ever became markup; the marker element would exist.
const payloads = [
  `<script>document.title='pwned-script'</script>`,
  `<img src=x onerror="document.title='pwned-img'">`,
  `</textarea></pre></details></code><svg onload="document.title='pwned-svg'"></svg>`,
  `"><script>document.title='pwned-attr'</script><b id="injected-marker">x</b>`,
  `'><img src=x onerror="document.title='pwned-attr2'">`,
  `<!-- --><style>body{display:none}</style><iframe srcdoc="<script>parent.document.title='pwned-iframe'</script>"></iframe>`,
].join(' ')

function hostileResults(): CaseResult[] {
  return [
    ...sampleResults(),
    ...repeats('tokyo', 2, 3),
    makeResult({
      suite: `suite${payloads}`, case: `case${payloads}`, model: `model${payloads}`, passed: false,
      messages: [{ role: 'user', content: payloads }],
      turns: [turn(payloads, { name: `get_weather${payloads}`, rawArguments: `{"city":${JSON.stringify(payloads)}}` }, payloads)],
      calls: [{ turn: 0, id: 'call_1', name: `get_weather${payloads}`, rawArguments: payloads }],
      expectedTools: [`tool${payloads}`],
      failures: [{ kind: 'wrong_argument_value', message: payloads, path: payloads }],
    }),
  ]
}

function hostileReport() {
  const results = hostileResults()
  const gates = [{ name: `gate${payloads}`, model: `model${payloads}`, value: 0.5, threshold: 0.8, passed: false }]
  return reportOf(results, { gates }, { 'model-a': { toolTokens: { perRequest: 300 } } })
}

describe('HTML reporter (static)', () => {
  const html = toHtml(hostileReport())

  it('is self-contained: no network URLs, one inline script allowed by hash', () => {
    expect(html).not.toMatch(/(?:src|href)\s*=\s*["']?(?:https?:)?\/\//i)
    expect(html.match(/<script>/g)).toHaveLength(1)
    expect(html).toMatch(/Content-Security-Policy" content="default-src 'none'; [^"]*script-src 'sha256-[A-Za-z0-9+/=]+'/)
  })

  it('has the overview, bars, scatter, confusion matrix and drill-down', () => {
    expect(html).toContain('<h2>Overview</h2>')
    expect(html).toContain('class="bars"')
    expect(html).toContain('tool-definition tokens per request')
    expect(html).toContain('class="confusion"')
    expect(html.match(/<details class="case"/g)).toHaveLength(4)
  })

  it('never emits model-written markup unescaped', () => {
    expect(html).not.toContain('<img')
    expect(html).not.toContain('<iframe')
    expect(html).not.toContain('<b id="injected-marker"')
    expect(html).not.toContain(`"><script>`)
    expect(html).toContain('&lt;script&gt;document.title=&#39;pwned-script&#39;&lt;/script&gt;')
  })

  it('escapes token counts that are text: no reader checks a report file\'s or a server\'s usage to be numbers', () => {
    // As `merge --format html` of a report.json whose usage was edited, or a run against a server that sent text.
    const counts = (marker: string) => ({ input: `<b id="${marker}-in">`, output: `<b id="${marker}-out">`, cacheRead: `<b id="${marker}-read">`, cacheWrite: 1 }) as unknown as CaseResult['usage']
    const exchange = turn('text', { name: 'get_weather', rawArguments: '{}' }, 'ok')
    const result = makeResult({ case: 'paris', passed: true, usage: counts('result'), turns: [{ ...exchange, usage: counts('turn') }] })
    const page = toHtml(reportOf([result], {}, { 'model-a': { usage: counts('summary') } }))
    expect(page.match(/<b id="[a-z]+-[a-z]+">/g) ?? []).toEqual([])
    expect(page).toContain('&lt;b id=&quot;turn-in&quot;&gt;')
  })

  it('falls back to input tokens on the scatter without tool-token counts', () => {
    expect(toHtml(reportOf(sampleResults()))).toContain('input tokens per result (tool-token counts not in this report)')
  })
})

describe.skipIf(!hasChromium)(chromiumSuiteName('HTML reporter in headless Chromium'), () => {
  const dir = chromiumDir()
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  const dumpDom = (html: string, name: string) => dumpDomIn(dir, name, html)

  it('runs no injected script in the page as written', async () => {
    const dom = await dumpDom(toHtml(hostileReport()), 'report.html')
    expect(dom).toContain('<title>toolgauge report</title>')
    expect(dom).toContain('pwned-script')
  })

  it('keeps payloads inert by escaping alone (Content-Security-Policy removed)', async () => {
    // Without the CSP an escaping bug would execute; a probe script reports what the page turned into.
    const probe = `<script>addEventListener('load', () => setTimeout(() => {
      const report = { title: document.title, scripts: document.scripts.length, marker: !!document.getElementById('injected-marker'),
        images: document.images.length, iframes: document.querySelectorAll('iframe').length,
        handlers: [...document.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
        shown: document.body.textContent.includes("document.title='pwned-img'"), cases: document.querySelectorAll('details.case').length }
      const out = document.createElement('pre'); out.id = 'probe'; out.textContent = JSON.stringify(report); document.body.append(out)
    }, 50))</script>`
    const html = toHtml(hostileReport()).replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '').replace('</body>', `${probe}</body>`)
    const dom = await dumpDom(html, 'no-csp.html')
    const json = /<pre id="probe">([^<]*)<\/pre>/.exec(dom)?.[1]
    expect(json, 'the probe script did not run').toBeDefined()
    const report = JSON.parse(json!.replace(/&quot;/g, '"').replace(/&amp;/g, '&')) as Record<string, unknown>
    expect(report).toEqual({ title: 'toolgauge report', scripts: 2, marker: false, images: 0, iframes: 0, handlers: 0, shown: true, cases: 4 })
  })

  it('filters the case list with its own script', async () => {
    // A test script (allowed by loosening the CSP) picks "failing"; the page's own script must hide the rest.
    const check = `<script>document.getElementById('case-status').value = 'fail'; document.getElementById('case-status').dispatchEvent(new Event('change'))</script></body>`
    const withCheck = toHtml(hostileReport()).replace(/script-src 'sha256-[^']+'/, "script-src 'unsafe-inline'").replace('</body>', check)
    const dom = await dumpDom(withCheck, 'filter.html')
    expect(dom.match(/<details class="case" data-status="pass"[^>]* hidden/g)).toHaveLength(1)
    expect(dom.match(/<details class="case" data-status="fail"[^>]*>/g)?.every((tag) => !tag.includes('hidden'))).toBe(true)
  })
})

describe('HTML reporter without token counts', () => {
  it('says so instead of plotting every model at x = 0', () => {
    const results = sampleResults().map((r) => ({ ...r, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } }))
    const report = reportOf(results)
    const html = toHtml({ ...report, summary: report.summary.map((s) => ({ ...s, usage: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 } })) })
    expect(html).toContain('No token counts in this report')
    expect(html).not.toContain('class="scatter"')
  })
})
