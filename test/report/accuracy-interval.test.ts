// The accuracy interval every output draws (report.md, report.html's table, bars and scatter): a row without a
// stored `accuracyCi` gets the Wilson interval of passed over the SCORED results — errored ones are no trial.
import { describe, expect, it } from 'vitest'
import type { ModelSummary } from '../../src/core/report.ts'
import { accuracyInterval } from '../../src/report/metric-text.ts'
import { summarize } from '../../src/report/summarize.ts'
import { wilsonInterval } from '../../src/stats/wilson.ts'
import { makeResult } from '../stats/make-result.ts'

describe('accuracyInterval', () => {
  it('leaves errored results out of a variant row\'s fallback interval', () => {
    const results = [
      makeResult({ case: 'a', variant: 'vague', passed: true }),
      makeResult({ case: 'b', variant: 'vague', passed: false }),
      makeResult({ case: 'c', variant: 'vague', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] }),
      makeResult({ case: 'd', variant: 'vague', passed: false, failures: [{ kind: 'harness_error', message: 'hook threw' }] }),
    ]
    const row = summarize(results)[0]!
    expect(row).toMatchObject({ variant: 'vague', cases: 4, passed: 1, errored: 2, accuracy: 0.5 })
    // A report written without the interval (an older toolgauge, another tool): the fallback must agree with accuracy.
    const { accuracyCi: _stored, ...withoutCi } = row
    expect(accuracyInterval(withoutCi as ModelSummary)).toEqual(wilsonInterval(1, 2))
    expect(accuracyInterval(row)).toEqual(row.accuracyCi)
  })
})
