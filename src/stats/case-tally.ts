import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { caseKey } from '../core/case-key.ts'

/** Passes out of runs for one case (suite + case) of one model. */
export type CaseTally = {
  readonly suite: string
  readonly case: string
  readonly passed: number
  readonly runs: number
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
