import { addUsage, emptyUsage, type Usage } from '../core/model-turn.ts'
import type { ModelSummary } from '../core/report.ts'
import type { CaseCost, CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import { caseKey } from '../core/case-key.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { statisticsOfSingleRuns, statisticsOfTallies } from '../stats/repeat-statistics.ts'
import { ToolTokensTally } from './tool-tokens-summary.ts'
import { RateTally, rateOf, type RateCount } from './rate-counts.ts'
import { usedCache } from './cache-summary.ts'

/** What the caller knows of the results to come. */
export type SummaryOptions = {
  /**
   * Each case gets at most one (scored) result in a row — a run without repeats: no tally per case is kept, and
   * pass@k, pass^k and the interval come from the counts (`statisticsOfSingleRuns`, the same figures).
   */
  readonly oneResultPerCase?: boolean
  /**
   * Add `caseMeanAccuracy`, the mean over cases of each case's pass rate (a `--repeat-until` run, whose cases ran
   * different numbers of repeats: pooled `accuracy` would weigh the cases that ran more).
   */
  readonly caseMeanAccuracy?: boolean
}

/**
 * The running aggregates of one summary row: counts, the rates' numerators and denominators, per-case repeat
 * tallies (pass@k), tool-token, usage and cost totals. Results are folded in as they finish and then dropped, so memory grows with
 * the number of distinct cases (one tally each) and a few bytes per result (latency, cost), never with
 * transcripts. Every figure is independent of the order results arrive in: counts are integers, latencies and
 * costs are summed in sorted order, tallies are sorted before pass@k.
 */
export class SummaryAccumulator {
  private cases = 0
  private passed = 0
  private errored = 0
  /** Passed ÷ cases of the parallel and of the no-call (irrelevance) cases. */
  private parallel: RateCount = { successes: 0, trials: 0 }
  private irrelevance: RateCount = { successes: 0, trials: 0 }
  private usage: Usage = emptyUsage
  private readonly latencies: number[] = []
  private readonly costs: number[] = []
  /** What each priced result would have cost with nothing cached (its `uncachedUsd`, else its `usd`). */
  private readonly uncachedCosts: number[] = []
  private readonly costTables = new Set<string>()
  private readonly unpricedReasons = new Set<string>()
  /** Passes and runs per case (by caseKey), kept only when a case can have more than one result in the row. */
  private readonly tallies = new Map<string, { suite: string; case: string; passed: number; runs: number }>()
  private readonly toolTokens = new ToolTokensTally()
  private readonly rates = new RateTally()

  /** @param group the grouping fields this row carries (`{ model }`, or `{ model, variant }` …), spread into the summary. */
  constructor(readonly group: { readonly model: string; readonly [field: string]: unknown }, private readonly options: SummaryOptions = {}) {}

  add(result: CaseResult): void {
    this.cases++
    this.usage = addUsage(this.usage, result.usage)
    this.latencies.push(result.latencyMs)
    this.addCost(result.cost)
    this.toolTokens.add(result)
    // An outage is not a verdict: an errored result is counted, costs what it cost, and is in no rate.
    const verdict = verdictOf(result)
    if (verdict === 'errored') {
      this.errored++
      return
    }
    const passed = verdict === 'passed'
    const m = result.metrics
    if (passed) this.passed++
    this.rates.add(m)
    if (m.parallelCase) this.parallel = { successes: this.parallel.successes + (passed ? 1 : 0), trials: this.parallel.trials + 1 }
    if (m.irrelevanceCase) this.irrelevance = { successes: this.irrelevance.successes + (passed ? 1 : 0), trials: this.irrelevance.trials + 1 }
    if (this.options.oneResultPerCase) return
    const tally = getOrCreate(this.tallies, caseKey(result), () => ({ suite: result.suite, case: result.case, passed: 0, runs: 0 }))
    tally.runs++
    if (passed) tally.passed++
  }

  /** The summary row (definitions in README "Report metrics"). */
  finish(): ModelSummary {
    const scored = this.cases - this.errored
    const latencies = [...this.latencies].sort((a, b) => a - b)
    const statistics = this.options.oneResultPerCase ? statisticsOfSingleRuns(this.passed, scored) : statisticsOfTallies([...this.tallies.values()])
    const toolTokens = this.toolTokens.finish()
    const calls = this.rates.callCounts()
    const conversation = this.rates.conversationCounts()
    return {
      ...this.group,
      cases: this.cases,
      passed: this.passed,
      errored: this.errored,
      // A metric with nothing to measure (every result errored, no call expected, none paired, none made) is
      // null, never 0% or 100%.
      accuracy: rateOf({ successes: this.passed, trials: scored }),
      ...(this.options.caseMeanAccuracy ? { caseMeanAccuracy: this.caseMean() } : {}),
      selectionAccuracy: rateOf(calls.selectionAccuracy),
      argumentAccuracy: rateOf(calls.argumentAccuracy),
      hallucinatedToolRate: rateOf(calls.hallucinatedToolRate),
      hallucinatedParamRate: rateOf(calls.hallucinatedParamRate),
      schemaViolationRate: rateOf(calls.schemaViolationRate),
      parallelAccuracy: rateOf(this.parallel),
      irrelevanceAccuracy: rateOf(this.irrelevance),
      turns: rateOf(conversation.turns),
      tasks: rateOf(conversation.tasks),
      stateMatch: rateOf(conversation.stateMatch),
      callsPerCase: this.rates.callsPerCase(),
      repeatedCalls: rateOf(conversation.repeatedCalls),
      usage: this.usage,
      latencyMs: {
        mean: latencies.length === 0 ? 0 : sum(latencies) / latencies.length,
        p50: percentile(latencies, 0.5),
        p95: percentile(latencies, 0.95),
      },
      passAtK: statistics.passAtK,
      passHatK: statistics.passHatK,
      accuracyCi: statistics.accuracyCi,
      flakiness: statistics.flakiness,
      ...(toolTokens ? { toolTokens } : {}),
      cost: this.totalCost(),
    }
  }

  /** The mean of per-case pass rates, summed in case order so it does not depend on result order (null when nothing was scored). */
  private caseMean(): number | null {
    const rates = [...this.tallies.values()].sort((a, b) => (a.suite < b.suite ? -1 : a.suite > b.suite ? 1 : a.case < b.case ? -1 : a.case > b.case ? 1 : 0)).map((tally) => tally.passed / tally.runs)
    return rates.length === 0 ? null : sum(rates) / rates.length
  }

  private addCost(cost: CaseCost | undefined): void {
    if (cost?.priced === true) {
      this.costs.push(cost.usd)
      this.uncachedCosts.push(cost.uncachedUsd ?? cost.usd)
      this.costTables.add(cost.table)
    } else {
      this.unpricedReasons.add(cost ? cost.reason : 'no cost recorded')
    }
  }

  /**
   * Priced only when every result was (a partly priced total would understate); otherwise one reason (the first
   * in sort order, so it does not depend on which result finished first). A row that read or wrote a prompt cache
   * also says what it would have cost with nothing cached (`uncachedUsd`).
   */
  private totalCost(): CaseCost {
    if (this.unpricedReasons.size > 0) return { priced: false, reason: [...this.unpricedReasons].sort()[0]! }
    const cost = { priced: true, usd: sortedSum(this.costs), table: [...this.costTables].sort().join(', ') } as const
    return usedCache(this.usage) ? { ...cost, uncachedUsd: sortedSum(this.uncachedCosts) } : cost
  }
}

/**
 * Summary rows grouped by a key the caller chooses (the report's rows: `summaryGroup`, model × variant; per suite ×
 * those for `--by suite`): the group function returns the row's grouping fields, which also form its key. It has
 * no default: a model-only default pooled a run's variants into one row (and called a case flaky across them).
 */
export class GroupedSummaries {
  private readonly rows = new Map<string, SummaryAccumulator>()

  constructor(
    private readonly groupOf: (result: CaseResult) => { readonly model: string; readonly [field: string]: unknown },
    private readonly options: SummaryOptions = {},
  ) {}

  /** Folds a result into its row (rows appear in the order their first result arrives). */
  add(result: CaseResult): void {
    const group = this.groupOf(result)
    getOrCreate(this.rows, JSON.stringify(Object.values(group)), () => new SummaryAccumulator(group, this.options)).add(result)
  }

  /** The summary rows, in first-seen order. */
  finish(): ModelSummary[] {
    return [...this.rows.values()].map((row) => row.finish())
  }
}

/** Summed in sorted order, so the total does not depend on the order results finished in. */
function sortedSum(values: readonly number[]): number {
  return sum([...values].sort((a, b) => a - b))
}

function sum(values: readonly number[]): number {
  return values.reduce((total, value) => total + value, 0)
}

function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] as number
}
