// results[].checks (custom checks, judges) are shown by `toolgauge show` and the HTML report: each check's name,
// outcome and message, escaped — a judge's reason is model output, a check's message the user's code.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CheckRecord } from '../../src/core/result.ts'
import { toHtml } from '../../src/report/html/page.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

const checks: CheckRecord[] = [
  { kind: 'custom', check: 'checks.ts#polite', pass: true, message: 'says please', score: 1 },
  { kind: 'custom', check: 'checks.ts#noRefundTwice', pass: false, message: 'order 7 refunded twice', userMessage: 1 },
  { kind: 'judge', spec: 'scripted:judge.yaml', promptVersion: 1, promptHash: 'abc', score: 0.4, threshold: 0.7, pass: false, reason: 'Omits the date \u001b[2J<script>alert(1)</script>' },
  // A record written before the judge's outcome was stored: shown with its figures, no outcome guessed.
  { kind: 'judge', spec: 'scripted:old.yaml', promptVersion: 1, promptHash: 'def', score: 0.9, threshold: 0.7, reason: 'Fine.' } as CheckRecord,
]
const result = makeResult({ case: 'paris', passed: false, checks, failures: [{ kind: 'custom_check', message: 'checks.ts#noRefundTwice: order 7 refunded twice' }] })

describe('checks in show', () => {
  it('lists each check with its outcome, figures and message, control characters escaped', async () => {
    const dir = tempFiles({})
    writeFileSync(join(dir, 'report.json'), JSON.stringify(reportOf([result])))
    const shown = await runMain(['show', join(dir, 'report.json')])
    expect(shown.code).toBe(0)
    expect(shown.stdout).toContain('checks:\n  pass checks.ts#polite (score 1): says please\n  FAIL checks.ts#noRefundTwice (message 2): order 7 refunded twice\n')
    expect(shown.stdout).toContain('  FAIL judge scripted:judge.yaml (score 0.4, threshold 0.7, prompt v1): Omits the date \\x1b[2J<script>alert(1)</script>')
    expect(shown.stdout).toContain('  judged judge scripted:old.yaml (score 0.9, threshold 0.7, prompt v1): Fine.')
    expect(shown.stdout).not.toContain('\u001b[2J')
  })

  it('a result without checks prints no checks block', async () => {
    const dir = tempFiles({})
    writeFileSync(join(dir, 'report.json'), JSON.stringify(reportOf([makeResult({ case: 'paris', passed: true })])))
    expect((await runMain(['show', join(dir, 'report.json')])).stdout).not.toContain('checks:')
  })
})

describe('checks in the HTML report', () => {
  it('lists each check with its outcome, figures and message, escaped', () => {
    const html = toHtml(reportOf([result]))
    expect(html).toContain('<li><span class="check pass">pass</span> <code>checks.ts#polite</code> <span class="muted">score 1</span> says please</li>')
    expect(html).toContain('<li><span class="check fail">FAIL</span> <code>checks.ts#noRefundTwice</code> <span class="muted">message 2</span> order 7 refunded twice</li>')
    expect(html).toContain('<span class="check fail">FAIL</span> <code>judge scripted:judge.yaml</code> <span class="muted">score 0.4, threshold 0.7, prompt v1</span> Omits the date \\x1b[2J&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('<span class="check judged">judged</span> <code>judge scripted:old.yaml</code>')
    expect(html).not.toContain('<script>alert(1)')
  })
})
