import { describe, expect, it } from 'vitest'
import { toMarkdown } from '../../src/report/markdown.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { makeResult, repeats } from '../stats/make-result.ts'
import { reportOf, sampleResults } from './sample-report.ts'

describe('Markdown reporter', () => {
  it('has an overview row per model with accuracy and its interval', () => {
    const md = toMarkdown(reportOf(sampleResults(), {}, { 'model-a': { toolTokens: { perRequest: 412.4 } } }))
    expect(md).toContain('## toolgauge results')
    expect(md).toMatch(/\| `model-a` \| 50\.0% \(9\.5%–90\.5%\) \| — \| 1\/2 \| 90\.0% \| 80\.0% \| 5\.0% \| 10\.0% \| 0\.0% \| 412 \| 5 ms \|/)
    expect(md).toMatch(/\| `model-b` \| 50\.0% .* \| — \| 5 ms \|/)
  })

  it('lists gates with value, threshold and verdict when the report has them', () => {
    const gates = [
      { name: 'min-accuracy', model: '*', value: 0.5, threshold: 0.8, passed: false },
      { name: 'max-hallucinated-tool-rate', model: 'model-a', value: 0.05, threshold: 0.1, passed: true },
    ]
    const md = toMarkdown(reportOf(sampleResults(), { gates }))
    expect(md).toContain('### Gates: 1 failed')
    expect(md).toContain('| min-accuracy | all | 0.5 | 0.8 | ❌ fail |')
    expect(md).toContain('| max-hallucinated-tool-rate | `model-a` | 0.05 | 0.1 | ✅ pass |')
    expect(toMarkdown(reportOf(sampleResults()))).not.toContain('### Gates')
  })

  it('names what a narrower gate covers, and says when a gate measured nothing (as the console does)', () => {
    const gates = [
      { name: 'max-tool-tokens', model: 'model-a', value: 22, threshold: 1000, passed: true, scope: 'suite store, tool get' },
      { name: 'max-tool-tokens', model: 'model-a', value: 169, threshold: 5000, passed: true, scope: 'suite store' },
      { name: 'min-accuracy', model: 'model-b', value: null, threshold: 0.8, passed: false },
    ]
    const md = toMarkdown(reportOf(sampleResults(), { gates }))
    expect(md).toContain('| max-tool-tokens (suite store, tool get) | `model-a` | 22 | 1000 | ✅ pass |')
    expect(md).toContain('| max-tool-tokens (suite store) | `model-a` | 169 | 5000 | ✅ pass |')
    expect(md).toContain('| min-accuracy | `model-b` | — measured nothing | 0.8 | ❌ fail |')
    const html = toHtml(reportOf(sampleResults(), { gates }))
    expect(html).toContain('<td>max-tool-tokens (suite store, tool get)</td>')
    expect(html).toContain('<td>— measured nothing</td>')
  })

  it('lists failing cases with their kinds and flaky cases with c of n', () => {
    const md = toMarkdown(reportOf([...sampleResults(), ...repeats('tokyo', 2, 3)]))
    expect(md).toContain('### Failing cases (2)')
    expect(md).toContain('| `model-a` | weather | `berlin` | #1 | wrong\\_tool | expected get\\_weather, got get\\_time |')
    // An errored result is no failure of the model: it is listed apart.
    expect(md).toContain('### Errored cases (1: an outage or the suite\'s own code, no verdict on the model)')
    expect(md.slice(md.indexOf('### Errored cases'))).toContain('| `model-b` | weather | `berlin` | #1 | provider\\_error | HTTP 503 after 3 retries |')
    expect(md).toContain('### Flaky cases (1)')
    expect(md).toContain('| `model-a` | weather | `tokyo` | 2 of 3 |')
  })

  it('shows pass^k at the largest k when cases were repeated', () => {
    // tokyo 2/3 → pass^3 = 0, osaka 3/3 → 1: mean 50%
    const md = toMarkdown(reportOf([...repeats('tokyo', 2, 3), ...repeats('osaka', 3, 3)]))
    expect(md).toMatch(/\| `model-a` \| 83\.3% \([^)]*\) \| 50\.0% \(k=3\) \| 5\/6 \|/)
  })

  it('keeps model-written text from breaking the table or injecting HTML', () => {
    const result = makeResult({ case: 'x|y`z', passed: false, failures: [{ kind: 'wrong_argument_value', message: 'got <img src=x onerror=alert(1)> | **bold**\nnext' }] })
    const md = toMarkdown(reportOf([result]))
    const line = md.split('\n').find((l) => l.includes('onerror'))!
    expect(line).toContain('&lt;img src=x onerror=alert\\(1\\)&gt; \\| \\*\\*bold\\*\\* next')
    expect(line).toContain('x\\|y\\`z')
    expect(line.split(/(?<!\\)\|/).length).toBe(8)
  })

  it('cuts long failure lists', () => {
    const many = Array.from({ length: 130 }, (_, i) => makeResult({ case: `c${i}`, passed: false }))
    expect(toMarkdown(reportOf(many))).toContain('… and 30 more')
  })
})
