import type { ConversationStep, SimulatorRecord } from './conversation.ts'
import type { Usage } from './model-turn.ts'
import type { ToolChoice } from './tool.ts'
import type { TranscriptTurn } from './transcript.ts'
import type { ResultVerdict } from './verdict.ts'

/** The failure taxonomy: stable strings users' CI may depend on (README "Failure kinds"). */
export const failureKinds = [
  'wrong_tool',
  'hallucinated_tool',
  'hallucinated_param',
  'missing_required',
  'schema_violation',
  'malformed_arguments',
  'wrong_argument_value',
  'missing_call',
  'unexpected_call',
  'not_parallel',
  'wrong_order',
  'forbidden_call',
  'too_many_calls',
  'tool_choice_violation',
  'final_answer_mismatch',
  'state_mismatch',
  'custom_check',
  'max_turns_exceeded',
  'truncated',
  'refused',
  'provider_error',
  'harness_error',
  'simulator_error',
  'judge_error',
] as const

/** One failure kind. */
export type FailureKind = (typeof failureKinds)[number]

/** One reason a case failed. */
export type Failure = {
  readonly kind: FailureKind
  readonly message: string
  /** Where: `turns[1].calls[0].arguments.city` style path into the result. */
  readonly path?: string
  /** In a conversation: the 0-based index of the user message whose reply failed (absent: the case-level expectation). */
  readonly userMessage?: number
  /**
   * A `wrong_argument_value` failure: every argument of the call against the expectation (matched ones too), so
   * outputs draw the per-argument diff (report/argument-diff.ts). Absent on other kinds and in older reports.
   */
  readonly arguments?: readonly ArgumentComparison[]
  /**
   * A `provider_error` of a case the run did not send: the server (origin and path) it had stopped calling as
   * unreachable (http/unreachable-breaker.ts). The run's end counts these cases by this field, never by the message's words.
   */
  readonly stoppedCalling?: string
  /** A `provider_error` (or its model's `simulator_error`, `judge_error`): the HTTP status of the last answer (absent when none came: no connection, a timeout). */
  readonly status?: number
  /** Beside `status`: the retries made before giving up (0: not retried — a 401, a redirect, a request not sent); absent when not known (a caller's provider's own error, a batch API call its SDK refused). */
  readonly retries?: number
}

/** One argument of a call compared with its expectation. */
export type ArgumentComparison = {
  /** Dotted path inside the call's arguments (`city`, `filters.from`); `''` for arguments that are no object. */
  readonly argument: string
  /** The matcher as text (`"Paris"`, `one of ["C","F"]`, `a number in [1, 5]`); absent when no matcher names the argument. */
  readonly expected?: string
  /** The value the model sent; absent when it sent none. */
  readonly actual?: unknown
  /** `actual` as the JSON the model wrote, when it holds a number JavaScript reads as another (`12345678901234567891`; `actual` has 12345678901234567000). */
  readonly actualText?: string
  /** Whether the argument satisfied its matcher (an argument no matcher names: true). */
  readonly matches: boolean
}

/** Per-case counts the summary aggregates (rates are computed over these). */
export type CaseMetrics = {
  /** Calls the model made, all turns. */
  readonly calls: number
  /** Calls whose name is one of the exposed tools. */
  readonly knownToolCalls: number
  readonly expectedCalls: number
  /** Expected calls matched by name (selection). */
  readonly selectedCalls: number
  /** Matched calls whose arguments also matched. */
  readonly correctArgumentCalls: number
  readonly hallucinatedToolCalls: number
  readonly hallucinatedParamCalls: number
  readonly schemaViolationCalls: number
  /** Whether the case tests parallel calls / irrelevance (then the verdict feeds that accuracy). */
  readonly parallelCase: boolean
  readonly irrelevanceCase: boolean
  /** Conversations only: user messages, and those whose reply met its expectation (the `turns` rate). */
  readonly messages?: number
  readonly messagesPassed?: number
  /** Conversations only: every message and the case-level expectation held (the `tasks` rate). */
  readonly taskPassed?: boolean
  /** State expectations judged, and those that matched (the `stateMatch` rate). */
  readonly stateChecks?: number
  readonly stateMatches?: number
  /** Calls repeating an earlier call of the case with the same name and arguments (`repeatedCalls`). */
  readonly repeatedCalls?: number
}

/** Tokens the tool definitions cost in one case (every request carries them). */
export type ToolTokenUsage = {
  /** Offline count per request for the tools the case exposes (the mean when `add_tools` expose some later). */
  readonly perRequest: number
  /** Requests made in the case. */
  readonly requests: number
  /** perRequest × requests. */
  readonly total: number
  /** How the count was obtained: exact-render, calibrated-render or estimate (see docs/tokens.md). */
  readonly method: string
  /** Expected error bound of perRequest, in tokens. */
  readonly confidence: number
  /** From the provider's reported input tokens, where it reported them, the offline count is exact and every request carried the same tools. */
  readonly measuredPerRequest?: number
}

/** One call the model made, flattened out of its turn. */
export type ResultCall = { readonly turn: number; readonly id: string; readonly name: string; readonly rawArguments: string; readonly arguments?: unknown }

/** What one check beyond the scorer's said, as a result stores it (its failure, if any, is in `failures`). */
export type CheckRecord = CustomCheckRecord | JudgeRecord

/** A custom check's answer (`expect.custom`): `check` names it as `<module file>#<export>`. */
export type CustomCheckRecord = {
  readonly kind: 'custom'
  readonly check: string
  readonly pass: boolean
  readonly message?: string
  readonly score?: number
  /** In a conversation: the 0-based user message whose `expect` named the check (absent: the case-level one). */
  readonly userMessage?: number
}

/** A judge's verdict on a final answer (`final.judge`): who judged, with which prompt, the score and the reason. */
export type JudgeRecord = {
  readonly kind: 'judge'
  readonly spec: string
  /** The judge prompt template's version (checks/judge-prompt.ts). */
  readonly promptVersion: number
  /** sha256 (hex) of the judge's system prompt: its template and the rubric (checks/judge-prompt.ts). */
  readonly promptHash: string
  readonly score: number
  readonly threshold: number
  /** Whether the score reached the threshold, decided where the failure is (absent in reports written before it was stored). */
  readonly pass?: boolean
  readonly reason: string
  readonly userMessage?: number
}

/** One case × model × repeat, as journaled and reported. */
export type CaseResult = {
  readonly suite: string
  readonly case: string
  readonly model: string
  /** The tool-description variant the case ran with (only in runs with variants). */
  readonly variant?: string
  readonly repeat: number
  readonly passed: boolean
  /** passed / failed / errored, as the runner decided it (core/verdict.ts); absent in reports written before it was stored — read it with `verdictOf`. */
  readonly verdict?: ResultVerdict
  readonly failures: readonly Failure[]
  /**
   * Every call flattened over turns — only in reports written before 0.2 (schemaVersion 1); the calls live once,
   * in `turns`. Read them with `callsOf(result)` (report/result-calls.ts), which serves both.
   */
  readonly calls?: readonly ResultCall[]
  /** The transcript turns (text, calls with raw arguments, tool results), as stored: see ResultTurn. */
  readonly turns: readonly ResultTurn[]
  /** The initial messages (prompt). */
  readonly messages: readonly unknown[]
  /** A conversation: each user message, the turns answering it (half-open range into `turns`) and the world's state after. */
  readonly conversation?: readonly ConversationStep[]
  /** A conversation against a world: the state before the first message. */
  readonly initialState?: unknown
  /** A simulated-user case: the simulator's spec and prompt hash. */
  readonly simulator?: SimulatorRecord
  /** What the checks beyond the scorer's said (`expect.custom`, `final.judge`): scores, messages, the judge's record. */
  readonly checks?: readonly CheckRecord[]
  /** The names of the expected calls, for confusion matrices. */
  readonly expectedTools: readonly string[]
  readonly metrics: CaseMetrics
  readonly usage: Usage
  readonly latencyMs: number
  /** Tool-definition tokens of this case (absent in reports written before they were counted). */
  readonly toolTokens?: ToolTokenUsage
  /** What the case's usage cost, from the price table (or why it is not priced). */
  readonly cost?: CaseCost
  /** Hash of everything that decides the verdict (case, hooks, model and its settings): `--resume` keeps a result only when it still matches. */
  readonly fingerprint?: string
  /** The toolgauge version that scored it (absent in results written before 0.1.0 kept it): `--resume` says when an upgrade re-runs it. */
  readonly toolgaugeVersion?: string
}

/**
 * A transcript turn as a report stores it: its own settings (tool choice, parallel, which tool set — an id into
 * `report.toolSets`, so 30 tool definitions are not repeated on every turn) and what came back. Wire payloads
 * are not stored: the request is the tool set plus the messages, and the answer is the turn itself.
 */
export type ResultTurn = Omit<TranscriptTurn, 'request' | 'raw'> & {
  readonly request: { readonly toolChoice: ToolChoice; readonly parallelToolCalls?: boolean; readonly toolSet: string }
}

/** The price of one case's usage: USD and the table it came from (its date, or `config`), or why it has none. */
export type CaseCost =
  | {
      readonly priced: true
      readonly usd: number
      readonly table: string
      /** With prompt-cache reads or writes: the cost of the same tokens uncached (reported beside `usd`). */
      readonly uncachedUsd?: number
      /** Turns of the case went through a batch API (`--batch`) and were priced at the batch rate. */
      readonly batch?: true
    }
  | { readonly priced: false; readonly reason: string }
