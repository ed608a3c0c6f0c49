import { describe, expect, it } from 'vitest'
import { erroredCause, erroredKinds, isErroredKind, splitFailures, verdictOf, verdictOfFailures } from '../../src/core/verdict.ts'

const harness = { kind: 'harness_error', message: 'beforeToolCall threw' } as const
const outage = { kind: 'provider_error', message: 'HTTP 503' } as const
const wrong = { kind: 'wrong_tool', message: 'called get_time' } as const

describe('the verdict module', () => {
  it('decides passed, failed or errored from the scorer\'s failures', () => {
    expect(verdictOfFailures([])).toBe('passed')
    expect(verdictOfFailures([wrong])).toBe('failed')
    expect(verdictOfFailures([outage])).toBe('errored')
    expect(verdictOfFailures([wrong, harness])).toBe('errored')
  })

  it('reads the verdict stored on a result before anything else; older results get it from their failures', () => {
    expect(verdictOf({ verdict: 'errored', passed: false, failures: [] })).toBe('errored')
    expect(verdictOf({ passed: false, failures: [harness] })).toBe('errored')
    expect(verdictOf({ passed: true, failures: [] })).toBe('passed')
    // passed: false with no failure listed is still no pass.
    expect(verdictOf({ passed: false, failures: [] })).toBe('failed')
  })

  it('names the cause of an errored result, the harness before an outage (as the exit code ranks them)', () => {
    expect(erroredCause({ failures: [outage] })).toBe('outage')
    expect(erroredCause({ failures: [outage, harness] })).toBe('harness')
    expect(erroredCause({ failures: [wrong] })).toBeUndefined()
  })

  it('splits failures into errors and the model\'s failures; the errored kinds are one list', () => {
    expect(splitFailures([wrong, outage])).toEqual({ errors: [outage], failures: [wrong] })
    expect(erroredKinds).toEqual(expect.arrayContaining(['harness_error', 'provider_error']))
    expect(isErroredKind('harness_error')).toBe(true)
    expect(isErroredKind('toString')).toBe(false)
  })
})
