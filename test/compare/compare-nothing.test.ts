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

describe('compare when one side only errored', () => {
  const errored = (cases: readonly string[]) => cases.map((id) => makeResult({ case: id, passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }))

  it('says the base results all errored (with the count), not that cases were renamed', async () => {
    const { code, stderr } = await runCli(['compare', writeReportFile(errored(ids('case', 5))), writeReportFile(passing(ids('case', 5)))])
    expect(code).toBe(2)
    expect(stderr).toContain("the base report's results all errored (base: 5 errored)")
    expect(stderr).toContain('nothing can be compared')
    expect(stderr).not.toContain('renamed')
  })

  it('says the same of head, and of both', async () => {
    const head = await runCli(['compare', writeReportFile(passing(ids('case', 4))), writeReportFile(errored(ids('case', 4)))])
    expect(head.code).toBe(2)
    expect(head.stderr).toContain("the head report's results all errored (head: 4 errored)")
    const both = await runCli(['compare', writeReportFile(errored(ids('case', 2))), writeReportFile(errored(ids('case', 3)))])
    expect(both.code).toBe(2)
    expect(both.stderr).toContain("both reports' results all errored (base: 2 errored, head: 3 errored)")
    expect(both.stderr).not.toContain('renamed')
  })
})
