import type { CaseResult } from './result.ts'
import type { Usage } from './model-turn.ts'
import type { ToolDefinition } from './tool.ts'

/** Version of the report.json layout; bump on breaking changes (2: `toolSets`, turns refer to a tool set, `errored`). */
export const reportSchemaVersion = 2

/** Aggregates for one model (definitions in README "Report metrics"). */
export type ModelSummary = {
  readonly model: string
  /** Case × repeat results, errored ones included. */
  readonly cases: number
  readonly passed: number
  /** Results ended by an outage or harness code (provider_error, harness_error): in no rate below. */
  readonly errored: number
  /** passed / (cases − errored) (null when every result errored: nothing was scored). */
  readonly accuracy: number | null
  /**
   * `--repeat-until` runs only: the mean over cases of each case's pass rate (passed / scored repeats), what their
   * min-accuracy gates read; equals `accuracy` when every case ran the same number of repeats.
   */
  readonly caseMeanAccuracy?: number | null
  /** Expected calls matched by tool name / expected calls (null when no call was expected). */
  readonly selectionAccuracy: number | null
  /** Name-matched calls whose arguments matched / name-matched calls (null when none paired). */
  readonly argumentAccuracy: number | null
  /** Calls to tools not exposed / all calls (null when no call was made). */
  readonly hallucinatedToolRate: number | null
  /** Calls with at least one argument key the schema does not define / all calls (null when no call was made). */
  readonly hallucinatedParamRate: number | null
  /** Calls to known tools whose arguments broke the schema / calls to known tools (null when none). */
  readonly schemaViolationRate: number | null
  /** Passed parallel cases / parallel cases (null when the run had none). */
  readonly parallelAccuracy: number | null
  /** Passed no-call cases / no-call cases (null when the run had none). */
  readonly irrelevanceAccuracy: number | null
  /** Conversations: user messages whose reply met its expectation / user messages — partial credit (null without conversations; absent in reports written before). */
  readonly turns?: number | null
  /** Conversation cases where every message and the case-level expectation held / conversation cases (BFCL's and τ-bench's success). */
  readonly tasks?: number | null
  /** State expectations that matched the world's snapshot / state expectations judged (null when none was). */
  readonly stateMatch?: number | null
  /** Mean calls per scored (non-errored) result (null when nothing was scored). */
  readonly callsPerCase?: number | null
  /** Calls repeating an earlier call of their case (same name and arguments) / calls — a rate (null when no call was counted). */
  readonly repeatedCalls?: number | null
  readonly usage: Usage
  readonly latencyMs: { readonly mean: number; readonly p50: number; readonly p95: number }
  /** The row's grouping beyond the model: its variant (runs with tool-description variants), its suite (`--by suite` rows). */
  readonly variant?: string
  readonly suite?: string
  // The extensions later stages add, named here so a misspelt one is a type error (an index signature let any name
  // through). They are `unknown`: a report file is anyone's, so each reader checks the shape it reads.
  /** Repeat statistics (stats/repeat-statistics.ts): pass@k and pass^k by k, the accuracy's 95% interval, the flaky cases. */
  readonly passAtK?: unknown
  readonly passHatK?: unknown
  readonly accuracyCi?: unknown
  readonly flakiness?: unknown
  /** Tool-definition tokens (report/tool-tokens-summary.ts `ToolTokensSummary`), when any result counted them. */
  readonly toolTokens?: unknown
  /** The row's cost (a `CaseCost` summed over its results: priced only when every result was). */
  readonly cost?: unknown
}

/** A report and the file it came from (merge, compare and their error messages name the file). */
export type ReportInput = { readonly file: string; readonly report: Report }

/** The canonical artifact of a run. */
export type Report = {
  readonly schemaVersion: number
  readonly run: {
    readonly startedAt: string
    readonly finishedAt: string
    readonly toolgaugeVersion: string
    readonly models: readonly string[]
    /**
     * Each model's spec by its name in the run (a label names a spec's row: `gpt` → `openai:gpt-4o`; unlabelled, the
     * spec itself). `merge` refuses one name for two specs. Absent in reports written before it was recorded.
     */
    readonly modelSpecs?: { readonly [model: string]: string }
    /**
     * Each model's request settings by its name in the run (temperature, top_p, seed, max_tokens, reasoning …, in the
     * names of the config and `--set`; `{}` for none; credentials redacted; runner/run-header.ts `modelSettingsOf`).
     * `merge` refuses one model run with two. Absent in reports written before it was recorded.
     */
    readonly modelSettings?: { readonly [model: string]: { readonly [setting: string]: unknown } }
    /**
     * The simulated users' and judges' request settings by spec, as `modelSettings` records a model's (their own: none
     * of the tested model's). `merge` refuses one spec run with two. Absent with none, and before it was recorded.
     */
    readonly suiteModelSettings?: { readonly [spec: string]: { readonly [setting: string]: unknown } }
    readonly suites: readonly { readonly name: string; readonly file: string; readonly cases: number }[]
    readonly [extension: string]: unknown
  }
  /** Each tool set the results' turns sent, once, keyed by the content-hash id turns refer to. */
  readonly toolSets?: { readonly [id: string]: readonly ToolDefinition[] }
  readonly results: readonly CaseResult[]
  readonly summary: readonly ModelSummary[]
  readonly [extension: string]: unknown
}
