import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { CaseResult } from '../core/result.ts'
import { findPrice } from '../pricing/lookup.ts'
import type { PriceTable } from '../pricing/types.ts'
import { verdictOf } from '../core/verdict.ts'
import type { PlannedTask } from './run-plan.ts'

/** A task a cut run never started, named by the fields its result would have had (so it joins with `results`). */
export type NotRunTask = { readonly suite: string; readonly case: string; readonly model: string; readonly repeat: number; readonly variant?: string }

/**
 * report.json's `run.cut`: why the run stopped scheduling before its plan was done, and what it never ran. One
 * shape for every reason a run is cut (`--bail`: failed cases; `--max-cost`: USD spent, with `spentUsd`), so
 * readers need not know which flag did it. `--resume` runs the tasks listed here, as any task without a journaled
 * result.
 */
export type RunCut = {
  readonly reason: 'bail' | 'max-cost'
  readonly limit: number
  /** `max-cost`: what the run's results cost in all (in-flight cases finished after the limit was reached). */
  readonly spentUsd?: number
  readonly notRun: readonly NotRunTask[]
}

/** One reason to stop scheduling: it sees every result this run makes and says when the limit is reached. */
export type StopRule = {
  readonly reason: RunCut['reason']
  readonly limit: number
  /** Counts one finished result of this run. */
  record(result: CaseResult): void
  readonly reached: boolean
  /** What the cut records beside its reason and limit. */
  readonly details?: () => Pick<RunCut, 'spentUsd'>
}

/**
 * `--bail <n>`: counts the failed verdicts of the results this run makes (errored ones are no verdict on the model
 * and do not count; results kept by --resume were counted by the run that made them).
 */
export function bailRule(limit: number): StopRule {
  let failed = 0
  return {
    reason: 'bail',
    limit,
    record(result) {
      if (verdictOf(result) === 'failed') failed++
    },
    get reached() {
      return failed >= limit
    },
  }
}

/**
 * `--max-cost <usd>`: adds up the priced cost of the results this run makes (errored ones too: an outage's
 * requests were paid for) and stops scheduling once it reaches the limit. A result without a price adds nothing —
 * the CLI warns up front about models the price table does not know.
 */
export function spendRule(limitUsd: number): StopRule {
  let spent = 0
  return {
    reason: 'max-cost',
    limit: limitUsd,
    record(result) {
      if (result.cost?.priced) spent += result.cost.usd
    },
    get reached() {
      return spent >= limitUsd
    },
    details: () => ({ spentUsd: spent }),
  }
}

/** `--max-cost`'s warnings before the first request: a paid model the table cannot price would spend without counting. */
export function unpricedWarnings(providers: readonly Provider[], prices: PriceTable): string[] {
  return providers.flatMap((provider) => {
    const spec = provider.spec ?? provider.id
    const price = findPrice(prices, spec)
    return price.found || price.reason.includes('offline') ? [] : [`--max-cost cannot count what ${spec} spends (${price.reason})`]
  })
}

/** The stop rules of a run: no new task starts once one of them is reached; cases already in flight finish. */
export class StopRules {
  constructor(private readonly rules: readonly StopRule[]) {}

  /** Counts one finished result of this run. */
  record(result: CaseResult): void {
    for (const rule of this.rules) rule.record(result)
  }

  /** Whether a limit is reached: no further task is started. */
  get reached(): boolean {
    return this.rules.some((rule) => rule.reached)
  }

  /**
   * The run's `cut` once the run is over: undefined unless a limit was reached (the first rule reached names it).
   * The tasks listed are those of the plan that have no result (in report order); `caseAt` reads a run case,
   * `modelId` names a model by its index.
   */
  async cut(plan: readonly PlannedTask[], caseAt: (index: number) => Promise<Case>, modelId: (index: number) => string): Promise<RunCut | undefined> {
    const rule = this.rules.find((candidate) => candidate.reached)
    if (!rule) return undefined
    const notRun: NotRunTask[] = []
    for (const task of plan) {
      if (task.position) continue
      const testCase = await caseAt(task.caseIndex)
      notRun.push({ suite: testCase.suite, case: testCase.id, model: modelId(task.modelIndex), repeat: task.repeat, ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}) })
    }
    return { reason: rule.reason, limit: rule.limit, ...rule.details?.(), notRun }
  }
}
