import type { Suite } from '../core/case.ts'
import type { CaseResult } from '../core/result.ts'

/** What a `describeSuite` test leaves on its meta for the reporter: its result and what the report header needs. */
export type ToolgaugeTestMeta = {
  readonly result: CaseResult
  readonly suite: { readonly name: string; readonly file: string; readonly cases: number }
  readonly repeats: number
}

declare module 'vitest' {
  interface TaskMeta {
    toolgauge?: ToolgaugeTestMeta
  }
}

/** Puts a result on a test's meta (serialized to the reporter in the main process). */
export function attachResult(meta: object, result: CaseResult, run: { readonly suite: Suite; readonly repeats: number }): void {
  ;(meta as { toolgauge?: ToolgaugeTestMeta }).toolgauge = {
    result,
    suite: { name: run.suite.name, file: run.suite.file, cases: run.suite.cases.length },
    repeats: run.repeats,
  }
}
