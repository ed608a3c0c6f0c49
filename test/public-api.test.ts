import { describe, expect, it } from 'vitest'
import * as toolgauge from 'toolgauge'

describe("the package's public API (import from 'toolgauge')", () => {
  it('exposes the library behind every CLI command', () => {
    for (const name of ['loadSuite', 'runEvaluation', 'runCase', 'scoreCase', 'summarize', 'compareReports', 'mergeReports',
      'countToolTokens', 'costOf', 'scoreResults', 'importCategories', 'fuzzValidator', 'assertValidator', 'createProvider', 'lintTools']) {
      expect(typeof (toolgauge as Record<string, unknown>)[name], name).toBe('function')
    }
    expect(toolgauge.failureKinds).toContain('hallucinated_param')
    expect(toolgauge.isErroredResult({ failures: [{ kind: 'harness_error', message: 'hook threw' }] })).toBe(true)
    expect(toolgauge.isErroredResult({ failures: [{ kind: 'wrong_tool', message: 'x' }] })).toBe(false)
  })
})
