import type { ToolDefinition } from '../core/tool.ts'
import type { CaseResult } from '../core/result.ts'
import type { ModelSettings } from '../providers/settings/model-settings.ts'

/** What a `describeSuite` test leaves on its meta for the reporter: its result and what the report header needs. */
export type ToolgaugeTestMeta = {
  readonly result: CaseResult
  /** Absolute path of the suite file (the reporter loads it again for case order and token budgets). */
  readonly suiteFile: string
  /** Absolute path of the test file of the describeSuite call (the reporter names it when two calls' settings differ). */
  readonly testFile: string
  /** The models of the describeSuite call, in the order given (report rows follow it). */
  readonly models: readonly string[]
  readonly repeats: number
  /** The request settings of those models (runner/run-header.ts `modelSettingsOf`): report.json `run.modelSettings`. */
  readonly modelSettings: { readonly [model: string]: ModelSettings }
  /** Its simulated users' and judges' (suite-models.ts `suiteModelSettings`): report.json `run.suiteModelSettings`. */
  readonly suiteModelSettings: { readonly [spec: string]: ModelSettings }
  /** The tool sets the result's turns refer to, by id (report.json `toolSets`). */
  readonly toolSets: { readonly [id: string]: readonly ToolDefinition[] }
}

declare module 'vitest' {
  interface TaskMeta {
    toolgauge?: ToolgaugeTestMeta
    /** On a describeSuite block's suite: the absolute paths of the files it read (vitest/rerun-on-edit.ts). */
    toolgaugeFiles?: readonly string[]
  }
}
