// A result read back from a file — a report.json given to show, merge or compare, a journal line --resume keeps —
// is bad input when it is no result, or when its stored verdict is no verdict or contradicts its own failures: every
// output reads that verdict (core/verdict.ts), so a damaged one would have show print "undefined", merge count it
// failed, or --resume keep an outage as passed and never run it again.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { CaseResult } from '../../src/core/result.ts'
import { readReport } from '../../src/report/json.ts'
import { expectInputError, runMain, tempFiles } from '../helpers/cli.ts'
import { twoCityCases, twoCityScript, weatherToolsJson } from '../helpers/two-city-suite.ts'
import { makeResult } from '../stats/make-result.ts'
import { reportOf } from './sample-report.ts'

/** A report.json holding these results (as JSON values: some are deliberately no CaseResult). */
function reportFile(results: readonly unknown[]): string {
  const dir = tempFiles({})
  const file = join(dir, 'report.json')
  writeFileSync(file, JSON.stringify({ ...reportOf([makeResult({ case: 'paris', passed: true })]), results }))
  return file
}

const passed = (overrides: Partial<CaseResult> = {}) => makeResult({ case: 'paris', passed: true, verdict: 'passed', ...overrides })

describe('a stored result that is no result is bad input, not a stack trace or "undefined"', () => {
  it('a verdict that is none of passed, failed, errored: show, merge and compare exit 2 naming the field, with "did you mean"', async () => {
    const file = reportFile([passed({ verdict: 'pass' as never })])
    for (const argv of [['show', file, '--all'], ['merge', file, '--out', join(file, '..', 'merged')], ['compare', file, file]]) {
      expectInputError(await runMain(argv), file, 'results[0].verdict', '"pass"', 'did you mean "passed"?')
    }
  })

  it('a result without failures, or no object at all: exit 2 naming the result and the field', async () => {
    const { failures: _failures, ...noFailures } = passed()
    expectInputError(await runMain(['show', reportFile([noFailures]), '--all']), 'results[0].failures', 'expected a list')
    expectInputError(await runMain(['show', reportFile([passed(), null]), '--all']), 'results[1]', 'expected a result object')
    expectInputError(await runMain(['show', reportFile([passed({ failures: [{ kind: 7 } as never] })]), '--all']), 'results[0].failures[0].kind', 'expected a string')
  })

  it('a stored verdict its own failures contradict is refused: passed with an outage, failed with an outage, errored with only model failures', () => {
    const outage = [{ kind: 'provider_error' as const, message: 'HTTP 503' }]
    const wrong = [{ kind: 'wrong_tool' as const, message: 'called get_time' }]
    const cases: [Partial<CaseResult>, string][] = [
      [{ verdict: 'passed', passed: true, failures: outage }, 'verdict "passed"'],
      [{ verdict: 'failed', passed: false, failures: outage }, 'verdict "failed"'],
      [{ verdict: 'errored', passed: false, failures: wrong }, 'verdict "errored"'],
      [{ verdict: 'failed', passed: true, failures: wrong }, 'passed: true'],
      // Written before the verdict was stored: passed was always "no failure".
      [{ verdict: undefined, passed: true, failures: wrong }, 'passed: true'],
    ]
    for (const [overrides, said] of cases) {
      const file = reportFile([passed(overrides)])
      expect(() => readReport(file), JSON.stringify(overrides)).toThrow(said)
      expect(() => readReport(file)).toThrow('results[0]')
    }
  })

  it('reads what toolgauge writes or wrote: a stored verdict, none (older reports), an errored kind this version does not know', () => {
    const results = [
      passed(),
      makeResult({ case: 'berlin', passed: false }),
      makeResult({ case: 'rome', passed: false, verdict: 'errored', failures: [{ kind: 'sandbox_error' as never, message: 'a later version\'s errored kind' }] }),
      makeResult({ case: 'oslo', passed: false, verdict: 'failed', failures: [] }),
    ]
    expect(readReport(reportFile(results)).results).toHaveLength(4)
  })
})

describe('--resume reads its journal the same way', () => {
  it('a journaled outage edited to passed is refused with the journal line, not kept as passed and never re-run', async () => {
    const dir = tempFiles({
      'tools.json': weatherToolsJson,
      'suite.yaml': ['name: cities', 'tools: ./tools.json', ...twoCityCases].join('\n'),
      'script.yaml': twoCityScript,
    })
    const out = join(dir, 'out')
    const argv = ['run', join(dir, 'suite.yaml'), '--model', `scripted:${join(dir, 'script.yaml')}`, '--out', out]
    const first = await runMain(argv)
    expect(first.code, first.stderr).toBe(0)
    const journal = join(out, 'results.jsonl')
    const lines = readFileSync(journal, 'utf8').trim().split('\n')
    const edited = { ...(JSON.parse(lines[1]!) as CaseResult), failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }
    writeFileSync(journal, `${[lines[0], JSON.stringify(edited)].join('\n')}\n`)
    expectInputError(await runMain([...argv, '--resume']), `${journal}:2`, 'verdict "passed"', 'provider_error')
  })
})
