import type { CaseResult } from '../core/result.ts'
import { isErroredResult } from '../core/verdict.ts'
import { tallyCases, type CaseTally } from './case-tally.ts'
import { passAtK, passHatK } from './pass-at-k.ts'
import { wilsonInterval } from './wilson.ts'
import { mean } from './mean.ts'

/** Repeat statistics of one model (added to its summary as `passAtK`, `passHatK`, `accuracyCi`). */
export type RepeatStatistics = {
  /** Mean over cases of the unbiased pass@k, keyed by k as a string ('1', '2', …). */
  readonly passAtK: Record<string, number>
  /** Mean over cases of the unbiased pass^k, keyed by k. */
  readonly passHatK: Record<string, number>
  /** 95% Wilson interval on the pass rate over all case × repeat results. */
  readonly accuracyCi: [number, number]
  /** Cases that both passed and failed across their repeats (0 < passed < runs). */
  readonly flakiness: CaseTally[]
}

/**
 * pass@k, pass^k, the accuracy interval and flaky cases for ONE model's results.
 *
 * k runs from 1 to the smallest run count of any case: for a larger k some case has fewer than k trials and
 * the estimator is not defined, so those keys are omitted rather than reported as NaN (JSON would turn NaN
 * into null). No results: empty objects and the vacuous interval [0, 1]. Errored results (an outage, harness
 * code) are no trial and are left out, so pass^1 equals the summary's accuracy. Flaky cases are listed by
 * suite, then case id (natural order: case-2 before case-10).
 */
export function repeatStatistics(results: readonly CaseResult[]): RepeatStatistics {
  return statisticsOfTallies(tallyCases(results.filter((result) => !isErroredResult(result))))
}

/** The same statistics from per-case tallies (the runner folds results into tallies as they finish). */
export function statisticsOfTallies(unsorted: readonly CaseTally[]): RepeatStatistics {
  // Sorted, so the statistics do not depend on result order: merged shards give the same numbers, to the last bit.
  const tallies = [...unsorted].sort(byCase)
  let passed = 0
  let trials = 0
  // A loop, not a spread into Math.min: the tallies grow with the number of cases.
  let smallest = Infinity
  for (const tally of tallies) {
    passed += tally.passed
    trials += tally.runs
    smallest = Math.min(smallest, tally.runs)
  }
  const maxK = tallies.length === 0 ? 0 : smallest
  const passAt: Record<string, number> = {}
  const passHat: Record<string, number> = {}
  for (let k = 1; k <= maxK; k++) {
    passAt[String(k)] = mean(tallies.map((t) => passAtK(t.runs, t.passed, k)))
    passHat[String(k)] = mean(tallies.map((t) => passHatK(t.runs, t.passed, k)))
  }
  return {
    passAtK: passAt,
    passHatK: passHat,
    accuracyCi: wilsonInterval(passed, trials),
    flakiness: tallies.filter((t) => t.passed > 0 && t.passed < t.runs),
  }
}

/**
 * The same statistics when every case ran once (a run without repeats): each case's pass@1 and pass^1 is its 0 or
 * 1, whose sum is exact in any order, so the figures equal `statisticsOfTallies` without a tally per case.
 */
export function statisticsOfSingleRuns(passed: number, cases: number): RepeatStatistics {
  const perCase: Record<string, number> = cases === 0 ? {} : { '1': passed / cases }
  return { passAtK: perCase, passHatK: { ...perCase }, accuracyCi: wilsonInterval(passed, cases), flakiness: [] }
}

const natural = new Intl.Collator('en', { numeric: true })

function byCase(a: CaseTally, b: CaseTally): number {
  return natural.compare(a.suite, b.suite) || natural.compare(a.case, b.case)
}
