// examples/checks — the README's runnable offline example of case matrices, custom checks and a scripted judge —
// gives the verdicts its suite.yaml header promises.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Report } from '../../src/core/report.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'
import { projectRoot } from '../helpers/shared-data.ts'

describe('examples/checks', () => {
  it('runs offline: the matrix rows pass, the judged summary and the double refund fail for their reasons', async () => {
    const out = join(tempFiles({}), 'out')
    const example = join(projectRoot, 'examples/checks')
    const result = await runMain(['run', example, '--model', `scripted:${join(example, 'scripted.yaml')}`, '--out', out])
    expect(result.code, result.stderr).toBe(1)
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as Report
    const verdicts = Object.fromEntries(report.results.map((entry) => [entry.case, [entry.verdict, ...entry.failures.map((failure) => failure.kind)]]))
    expect(verdicts).toEqual({
      'forecast[0]': ['passed'],
      'forecast[1]': ['passed'],
      summary: ['failed', 'final_answer_mismatch'],
      'refund-twice': ['failed', 'unexpected_call', 'custom_check'],
    })
    const refund = report.results.find((entry) => entry.case === 'refund-twice')
    expect(refund?.failures.at(-1)).toEqual({ kind: 'custom_check', message: 'checks.ts#noDuplicateRefunds: order O-1 was refunded twice', userMessage: 1 })
    expect(report.results[0]?.checks?.map((check) => check.kind)).toEqual(['custom', 'judge'])
  })
})
