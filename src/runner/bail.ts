import type { Case } from '../core/case.ts'
import type { CaseResult } from '../core/result.ts'
import { verdictOf } from '../core/verdict.ts'
import type { PlannedTask } from './run-plan.ts'

/** A task a cut run never started, named by the fields its result would have had (so it joins with `results`). */
export type NotRunTask = { readonly suite: string; readonly case: string; readonly model: string; readonly repeat: number; readonly variant?: string }

/**
 * report.json's `run.cut`: why the run stopped scheduling before its plan was done, and what it never ran. One
 * shape for every reason a run is cut (`--bail` now; a spending limit may add its own reason), so readers need
 * not know which flag did it. `--resume` runs the tasks listed here, as any task without a journaled result.
 */
export type RunCut = { readonly reason: 'bail'; readonly limit: number; readonly notRun: readonly NotRunTask[] }

/**
 * `--bail <n>`: counts the failed verdicts of the results this run makes (errored ones are no verdict on the model
 * and do not count; results kept by --resume were counted by the run that made them) and says when to stop
 * scheduling. Cases already in flight finish and are journaled as usual.
 */
export class Bail {
  private failed = 0

  constructor(private readonly limit: number | undefined) {}

  /** Counts one finished result of this run. */
  record(result: CaseResult): void {
    if (this.limit !== undefined && verdictOf(result) === 'failed') this.failed++
  }

  /** Whether the limit is reached: no further task is started. */
  get reached(): boolean {
    return this.limit !== undefined && this.failed >= this.limit
  }

  /**
   * The run's `cut` once the run is over: undefined unless the limit was reached. The tasks listed are those of the
   * plan that have no result (in report order); `caseAt` reads a run case, `modelId` names a model by its index.
   */
  async cut(plan: readonly PlannedTask[], caseAt: (index: number) => Promise<Case>, modelId: (index: number) => string): Promise<RunCut | undefined> {
    if (!this.reached || this.limit === undefined) return undefined
    const notRun: NotRunTask[] = []
    for (const task of plan) {
      if (task.position) continue
      const testCase = await caseAt(task.caseIndex)
      notRun.push({ suite: testCase.suite, case: testCase.id, model: modelId(task.modelIndex), repeat: task.repeat, ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}) })
    }
    return { reason: 'bail', limit: this.limit, notRun }
  }
}
