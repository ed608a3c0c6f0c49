import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'

/** Passes out of runs for one case (suite + case) of one model. */
export type CaseTally = {
  readonly suite: string
  readonly case: string
  readonly passed: number
  readonly runs: number
}

/** The key results are paired and grouped by: suite and case id (NUL cannot appear in either). */
export function caseKey(result: { readonly suite: string; readonly case: string }): string {
  return `${result.suite}\u0000${result.case}`
}

/** Counts passes and runs per case, in first-seen order. */
export function tallyCases(results: readonly CaseResult[]): CaseTally[] {
  const tallies = new Map<string, { suite: string; case: string; passed: number; runs: number }>()
  for (const result of results) {
    const key = caseKey(result)
    const tally = tallies.get(key) ?? { suite: result.suite, case: result.case, passed: 0, runs: 0 }
    tally.runs++
    if (verdictOf(result) === 'passed') tally.passed++
    tallies.set(key, tally)
  }
  return [...tallies.values()]
}
