import type { Usage } from './model-turn.ts'
import type { TranscriptTurn } from './transcript.ts'

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
  'tool_choice_violation',
  'final_answer_mismatch',
  'max_turns_exceeded',
  'provider_error',
] as const

/** One failure kind. */
export type FailureKind = (typeof failureKinds)[number]

/** One reason a case failed. */
export type Failure = {
  readonly kind: FailureKind
  readonly message: string
  /** Where: `turns[1].calls[0].arguments.city` style path into the result. */
  readonly path?: string
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
}

/** Tokens the tool definitions cost in one case (every request carries them). */
export type ToolTokenUsage = {
  /** Offline count per request for the tools the case exposes. */
  readonly perRequest: number
  /** Requests made in the case. */
  readonly requests: number
  /** perRequest × requests. */
  readonly total: number
  /** How the count was obtained: exact-render or estimate (see docs/tokens.md). */
  readonly method: string
  /** Expected error bound of perRequest, in tokens. */
  readonly confidence: number
  /** From the provider's reported input tokens, where it reported them and the offline count is exact. */
  readonly measuredPerRequest?: number
}

/** One case × model × repeat, as journaled and reported. */
export type CaseResult = {
  readonly suite: string
  readonly case: string
  readonly model: string
  readonly repeat: number
  readonly passed: boolean
  readonly failures: readonly Failure[]
  /** Every call the model made, flattened over turns (name, raw arguments, parsed arguments). */
  readonly calls: readonly { readonly turn: number; readonly id: string; readonly name: string; readonly rawArguments: string; readonly arguments?: unknown }[]
  /** The transcript turns (text, calls with raw arguments, tool results). */
  readonly turns: readonly TranscriptTurn[]
  /** The initial messages (prompt). */
  readonly messages: readonly unknown[]
  /** The names of the expected calls, for confusion matrices. */
  readonly expectedTools: readonly string[]
  readonly metrics: CaseMetrics
  readonly usage: Usage
  readonly latencyMs: number
  /** Tool-definition tokens of this case (absent in reports written before they were counted). */
  readonly toolTokens?: ToolTokenUsage
  /** What the case's usage cost, from the price table (or why it is not priced). */
  readonly cost?: CaseCost
}

/** The price of one case's usage: USD and the table it came from (its date, or `config`), or why it has none. */
export type CaseCost =
  | { readonly priced: true; readonly usd: number; readonly table: string }
  | { readonly priced: false; readonly reason: string }
