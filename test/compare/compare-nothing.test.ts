import { describe, expect, it } from 'vitest'
import { makeResult } from '../stats/make-result.ts'
import { runCli, writeReportFile } from './cli-helpers.ts'

const ids = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}-${i + 1}`)
const passing = (cases: readonly string[], suite = 'weather') => cases.map((id) => makeResult({ suite, case: id, passed: true }))

describe('compare cannot pass on nothing', () => {
  it('exits 2 when the reports share no case, with or without --fail-on-regression', async () => {
    const base = writeReportFile(passing(ids('case', 10), 'weather'))
    const head = writeReportFile(passing(ids('case', 10), 'weather-renamed'))
    for (const flags of [[], ['--fail-on-regression']]) {
      const { code, stderr } = await runCli(['compare', base, head, ...flags])
      expect(code).toBe(2)
      expect(stderr).toContain('the reports share no case to compare')
      expect(stderr).toContain('base 10 case(s), head 10 case(s)')
    }
  })

  it('warns with the counts when fewer than half the cases pair, and judges the paired ones only', async () => {
    const base = [...passing(ids('case', 3)), ...passing(ids('old', 7))]
    const head = [...passing(ids('case', 3)), ...ids('new', 7).map((id) => makeResult({ case: id, passed: false }))]
    const { code, stdout } = await runCli(['compare', writeReportFile(base), writeReportFile(head), '--fail-on-regression'])
    expect(code).toBe(0)
    expect(stdout).toContain('warning: model-a: only 3 of 17 cases pair (7 only in base, 7 only in head)')
    expect(stdout).toContain('accuracy unchanged')
  })

  it('leaves errored results out of the pairs: an outage on head is no regression', async () => {
    const base = passing(ids('case', 10))
    const head = [...passing(ids('case', 10).slice(0, 4)), ...ids('case', 10).slice(4).map((id) => makeResult({ case: id, passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }))]
    const { code, stdout } = await runCli(['compare', writeReportFile(base), writeReportFile(head), '--fail-on-regression', '--max-drop', '1'])
    expect(code).toBe(0)
    expect(stdout).toContain('4 paired cases (6 only in base, 6 errored result(s) left out, not compared)')
    expect(stdout).toContain('newly broken: none')
  })
})
