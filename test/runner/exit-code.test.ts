import { describe, expect, it } from 'vitest'
import { exitCodeFor } from '../../src/runner/exit-code.ts'
import { makeResult } from '../stats/make-result.ts'

describe('exit code of a run', () => {
  const harness = makeResult({ case: 'a', passed: false, failures: [{ kind: 'harness_error', message: 'beforeToolCall threw: boom' }] })
  const outage = makeResult({ case: 'b', passed: false, failures: [{ kind: 'provider_error', message: 'HTTP 503' }] })
  const failed = makeResult({ case: 'c', passed: false })

  it('a harness_error exits 2 (the user\'s code failed), even beside failed cases and outages', () => {
    expect(exitCodeFor([harness, failed], [])).toBe(2)
    expect(exitCodeFor([outage, harness], [])).toBe(2)
  })

  it('an outage exits 3, a failed case 1, an interruption 130', () => {
    expect(exitCodeFor([outage, failed], [])).toBe(3)
    expect(exitCodeFor([failed], [])).toBe(1)
    expect(exitCodeFor([harness], [], true)).toBe(130)
  })
})
