import type { Case } from '../core/case.ts'
import type { Provider } from '../core/provider.ts'
import type { OptionNames } from '../core/option-names.ts'
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

/** `--max-cost`'s warnings before the first request: a paid model the table cannot price would spend without counting. */
export function unpricedWarnings(providers: readonly Provider[], prices: PriceTable, names: OptionNames): string[] {
  return providers.flatMap((provider) => {
    const spec = provider.spec ?? provider.id
    const price = findPrice(prices, spec)
    // By the field, not the reason's words: `openai-compatible:llama3-offline` is a paid server's model like any other.
    return price.found || price.offline === true ? [] : [`${names.maxCost} cannot count what ${spec} spends (${price.reason})`]
  })
}

/**
 * The stop rules a batched run cannot obey, said before the first request: batch mode starts every case of the run at
 * once (the batch's barrier waits for all of them; scheduleTasks), so a limit reached later skips nothing, and a
 * submitted batch is answered and paid for whole. The limit keeps its meaning (the run's cut, its exit code); only
 * `--repeat-until` checks it again, before its next round. One warning per limit given, naming it.
 */
export function batchStopWarnings(limits: { readonly bail?: number; readonly maxCostUsd?: number }, batchedModels: readonly string[], roundByRound: boolean, names: OptionNames): string[] {
  if (batchedModels.length === 0) return []
  const given: [flag: string, limit: number | undefined, past: string][] = [[names.bail, limits.bail, 'go on'], [names.maxCost, limits.maxCostUsd, 'spend']]
  const after = roundByRound ? `it stops the next ${names.repeatUntil} round` : 'it is only reported when the run ends'
  return given.flatMap(([flag, limit, past]) => limit === undefined ? [] : [
    `${flag} ${String(limit)} cannot stop a batch that has gone: batch mode (${batchedModels.join(', ')}) starts every case of the run at once and each submitted batch is answered and paid for whole, so this run may ${past} past the limit; ${after}`,
  ])
}

/**
 * The stop rules of a run: no new task starts once one is reached; cases already in flight finish. `--bail <n>`
 * counts the failed verdicts of the results this run makes (errored ones are no verdict on the model and do not
 * count; results kept by --resume were counted by the run that made them). `--max-cost <usd>` adds up their priced
 * cost (errored ones too: an outage's requests were paid for); a result without a price adds nothing — the CLI
 * warns up front about models the price table does not know.
 */
export class StopRules {
  private failed = 0
  private spentUsd = 0

  constructor(private readonly limits: { readonly bail?: number; readonly maxCostUsd?: number }) {}

  /** Counts one finished result of this run. */
  record(result: CaseResult): void {
    if (verdictOf(result) === 'failed') this.failed++
    if (result.cost?.priced) this.spentUsd += result.cost.usd
  }

  /** The limit reached, if any (`--bail` before `--max-cost`): no further task is started. */
  private get reason(): RunCut['reason'] | undefined {
    const { bail, maxCostUsd } = this.limits
    if (bail !== undefined && this.failed >= bail) return 'bail'
    if (maxCostUsd !== undefined && this.spentUsd >= maxCostUsd) return 'max-cost'
    return undefined
  }

  /** Whether a limit is reached: no further task is started. */
  get reached(): boolean {
    return this.reason !== undefined
  }

  /**
   * The run's `cut` once the run is over: undefined unless a limit was reached. The tasks listed are those of the
   * plan that have no result (in report order); `caseAt` reads a run case, `modelId` names a model by its index.
   */
  async cut(plan: readonly PlannedTask[], caseAt: (index: number) => Promise<Case>, modelId: (index: number) => string): Promise<RunCut | undefined> {
    const reason = this.reason
    if (reason === undefined) return undefined
    const notRun: NotRunTask[] = []
    for (const task of plan) {
      if (task.position) continue
      const testCase = await caseAt(task.caseIndex)
      notRun.push({ suite: testCase.suite, case: testCase.id, model: modelId(task.modelIndex), repeat: task.repeat, ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}) })
    }
    return reason === 'bail'
      ? { reason, limit: this.limits.bail!, notRun }
      : { reason, limit: this.limits.maxCostUsd!, spentUsd: this.spentUsd, notRun }
  }
}
