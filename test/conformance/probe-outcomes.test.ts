// A probe's outcome over its repeats and the exit code of a conformance run: errored (the host did not answer) is
// never a failed probe of the provider. It is told apart in the verdict, the message and the exit code; the JSON's
// issue's fields stay as they were (`passed: false` plus the message prefix), and `verdict` and `totals` — report.json's
// word for it — say it in a field of its own.
import { describe, expect, it } from 'vitest'
import type { CaseResult, Failure } from '../../src/core/result.ts'
import type { ResultVerdict } from '../../src/core/verdict.ts'
import { conformanceDocument, conformanceExitCode, probeOutcomes, type ConformanceRow } from '../../src/conformance/probe-results.ts'
import { probeSuiteName } from '../../src/conformance/probe-suite.ts'
import { makeResult } from '../stats/make-result.ts'

const row: ConformanceRow = { spec: 'openai-compatible:qwen3:8b', id: 'openai-compatible:qwen3:8b', stream: false }
const failuresOf: Record<ResultVerdict, Failure[]> = {
  passed: [],
  failed: [{ kind: 'malformed_arguments', message: 'not JSON' }],
  errored: [{ kind: 'provider_error', message: 'connection failed' }],
}

/** One probe's results, one per repeat, with the verdicts given (stored as the runner stores them). */
function probe(id: string, ...verdicts: ResultVerdict[]): CaseResult[] {
  return verdicts.map((verdict, repeat) => makeResult({ suite: probeSuiteName, model: row.id, case: id, repeat, passed: verdict === 'passed', verdict, failures: failuresOf[verdict] }))
}

const outcomes = (...results: CaseResult[][]) => probeOutcomes(results.flat(), [row])

describe('conformance outcomes: errored is never failed', () => {
  it('over repeats: a failed repeat fails the probe; an errored one among passes leaves it errored (no verdict), never failed', () => {
    const [mixed, answered, allErrored] = outcomes(probe('arguments_valid', 'passed', 'errored'), probe('schema_honoured', 'errored', 'failed'), probe('unicode_arguments', 'errored', 'errored'))
    expect(mixed).toMatchObject({ verdict: 'errored', passed: false, message: expect.stringMatching(/^1\/2 repeats passed; errored \(no verdict: the host did not answer\): provider_error: /) })
    expect(answered).toMatchObject({ verdict: 'failed', passed: false, message: expect.stringMatching(/^0\/2 repeats passed; malformed_arguments: /) })
    expect(allErrored).toMatchObject({ verdict: 'errored', message: expect.stringMatching(/^0\/2 repeats passed; errored \(no verdict/) })
  })

  it.each<[string, CaseResult[][], 0 | 1 | 3]>([
    ['a required probe errored, an informative one failed: 3 (no verdict on what decides), not 1', [probe('arguments_valid', 'errored'), probe('parallel_disabled', 'failed')], 3],
    ['a required probe errored, another failed: 1 (the failure is a verdict)', [probe('arguments_valid', 'errored'), probe('schema_honoured', 'failed')], 1],
    ['only an informative probe errored: 0, as an informative failure', [probe('many_tools', 'errored'), probe('arguments_valid', 'passed')], 0],
    ['every required probe passed: 0', [probe('arguments_valid', 'passed'), probe('finish_reason', 'passed')], 0],
  ])('exit code: %s', (_name, results, code) => {
    expect(conformanceExitCode(outcomes(...results))).toBe(code)
  })

  it('--json keeps the issue\'s fields exactly; an errored probe is passed: false with the errored prefix, a failed one without it', () => {
    const document = conformanceDocument(outcomes(probe('arguments_valid', 'errored'), probe('schema_honoured', 'failed')), [row.spec])
    const [errored, failed] = document.models[0]!.probes
    expect(Object.keys(errored!).slice(0, 5)).toEqual(['id', 'stream', 'passed', 'required', 'message'])
    expect(errored).toMatchObject({ id: 'arguments_valid', passed: false, message: expect.stringMatching(/^errored \(no verdict/) })
    expect(failed).toMatchObject({ id: 'schema_honoured', passed: false })
    expect(failed!.message).not.toMatch(/errored/)
  })

  it('--json says errored in a field of its own, as report.json does: each probe\'s verdict, and totals counting errored apart from failed', () => {
    const other = 'openai-compatible:llama'
    const results = [probe('arguments_valid', 'errored'), probe('schema_honoured', 'failed'), probe('finish_reason', 'passed'), probe('unicode_arguments', 'passed', 'errored')]
    const otherResults = probeOutcomes([makeResult({ suite: probeSuiteName, model: other, case: 'arguments_valid', repeat: 0, passed: true, verdict: 'passed', failures: [] })], [{ spec: other, id: other, stream: false }])
    const document = conformanceDocument([...outcomes(...results), ...otherResults], [row.spec, other])
    const [model, second] = document.models
    expect(model!.probes.map((entry) => [entry.id, entry.passed, entry.verdict])).toEqual([
      ['arguments_valid', false, 'errored'], ['schema_honoured', false, 'failed'], ['unicode_arguments', false, 'errored'], ['finish_reason', true, 'passed'],
    ])
    expect(Object.keys(model!)).toEqual(['spec', 'probes', 'totals'])
    expect(model!.totals).toEqual({ probes: 4, passed: 1, failed: 1, errored: 2 })
    expect(second!.totals).toEqual({ probes: 1, passed: 1, failed: 0, errored: 0 })
    expect(Object.keys(document)).toEqual(['models', 'totals'])
    expect(document.totals).toEqual({ probes: 5, passed: 2, failed: 1, errored: 2 })
  })
})
