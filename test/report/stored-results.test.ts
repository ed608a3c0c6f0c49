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

/** A scripted two-case run (each case calls get_weather, then answers) done: its argv, out folder and journal lines. */
async function scriptedRun(): Promise<{ argv: string[]; out: string; journal: string; lines: string[] }> {
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
  return { argv, out, journal, lines: readFileSync(journal, 'utf8').trim().split('\n') }
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

// A result's token counts and its calls' text reach report.md, the terminal table and the transcripts as they are
// stored: a count that is text was printed as that text (`<b>x</b> in`, a cache table cell), a call without its
// argument text as `get_weather(undefined)`.
describe('a stored result\'s usage and calls are checked, its turns\' too', () => {
  // One scripted run's report.json, read once; each test writes an edited copy of it.
  let written: string | undefined
  async function editedReport(edit: (result: CaseResult) => void): Promise<string> {
    written ??= readFileSync(join((await scriptedRun()).out, 'report.json'), 'utf8')
    const report = JSON.parse(written) as { results: CaseResult[] }
    edit(report.results[0]!)
    const file = join(tempFiles({}), 'report.json')
    writeFileSync(file, JSON.stringify(report))
    return file
  }
  const mutable = (value: unknown) => value as Record<string, unknown>

  it('a count that is no non-negative integer — text, negative, fractional — in the result\'s or a turn\'s usage: show, merge and compare exit 2 naming the field', async () => {
    const cases: [(result: CaseResult) => void, string, string][] = [
      [(r) => { mutable(r.usage).input = '<b>x</b>' }, 'results[0].usage.input', 'expected a non-negative integer, got "<b>x</b>"'],
      [(r) => { mutable(r.usage).reasoning = -2 }, 'results[0].usage.reasoning', 'expected a non-negative integer, got -2'],
      [(r) => { mutable(r.turns[0]!.usage).cacheRead = 1.5 }, 'results[0].turns[0].usage.cacheRead', 'expected a non-negative integer, got 1.5'],
      [(r) => { delete mutable(r.turns[1]!.usage).output }, 'results[0].turns[1].usage.output', 'expected a non-negative integer, got nothing'],
      [(r) => { mutable(r.turns[0]!).usage = null }, 'results[0].turns[0].usage', 'expected a usage object'],
    ]
    const unedited = await runMain(['show', await editedReport(() => {}), '--all'])
    expect(unedited.code, unedited.stderr).toBe(0)
    for (const [edit, field, got] of cases) {
      const file = await editedReport(edit)
      for (const argv of [['show', file, '--all'], ['merge', file, '--out', join(file, '..', 'merged')], ['compare', file, file]]) {
        expectInputError(await runMain(argv), `${file}: ${field}`, got)
      }
    }
  })

  it('a turn that is no object, or a call without its id, name or argument text: exit 2 naming the call\'s field', async () => {
    const cases: [(result: CaseResult) => void, string, string][] = [
      [(r) => { delete mutable(r.turns[0]!.calls[0]).rawArguments }, 'results[0].turns[0].calls[0].rawArguments', 'expected a string, got nothing'],
      [(r) => { mutable(r.turns[0]!.calls[0]).name = 7 }, 'results[0].turns[0].calls[0].name', 'expected a string, got 7'],
      [(r) => { mutable(r.turns[0]!).calls = {} }, 'results[0].turns[0].calls', 'expected a list of calls'],
      [(r) => { mutable(r).turns = ['x'] }, 'results[0].turns[0]', 'expected a turn object'],
    ]
    for (const [edit, field, said] of cases) {
      const file = await editedReport(edit)
      expectInputError(await runMain(['show', file, '--all']), `${file}: ${field}`, said)
    }
  })
})

describe('--resume reads its journal the same way', () => {
  it('a journaled outage edited to passed is refused with the journal line, not kept as passed and never re-run', async () => {
    const { argv, journal, lines } = await scriptedRun()
    const edited = { ...(JSON.parse(lines[1]!) as CaseResult), failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }
    writeFileSync(journal, `${[lines[0], JSON.stringify(edited)].join('\n')}\n`)
    expectInputError(await runMain([...argv, '--resume']), `${journal}:2`, 'verdict "passed"', 'provider_error')
  })

  it('a journaled count edited to text, or a call\'s argument text removed, is refused with the journal line and the field', async () => {
    const { argv, journal, lines } = await scriptedRun()
    const result = JSON.parse(lines[1]!) as CaseResult
    const edits: [CaseResult, string][] = [
      [{ ...result, usage: { ...result.usage, input: '12' as never } }, 'usage.input: expected a non-negative integer, got "12"'],
      [{ ...result, turns: [{ ...result.turns[0]!, calls: [{ ...result.turns[0]!.calls[0]!, rawArguments: undefined as never }] }, ...result.turns.slice(1)] }, 'turns[0].calls[0].rawArguments: expected a string, got nothing'],
    ]
    for (const [edited, said] of edits) {
      writeFileSync(journal, `${[lines[0], JSON.stringify(edited)].join('\n')}\n`)
      expectInputError(await runMain([...argv, '--resume']), `${journal}:2: ${said}`)
    }
  })
})
