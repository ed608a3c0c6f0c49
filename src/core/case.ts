import type { Message } from './message.ts'
import type { ToolChoice, ToolDefinition } from './tool.ts'
import type { VariantSpec } from './variant.ts'
import type { ConversationExpectation, ConversationMessage, SimulatedUser, WorldSpec } from './conversation.ts'

/**
 * An argument matcher as written in a suite (see README "Argument matchers"): a literal, a list of acceptable
 * values (`""` = may be omitted), `{regex, flags?}`, `{range}`, `{anyOf}`, `{absent}`, `{any}`, or a nested object.
 * Interpreted by `matchers/argument-matchers.ts`.
 */
export type Matcher = unknown

/** One expected call: a tool name and matchers for (some of) its arguments. */
export type ExpectedCall = {
  readonly name: string
  /** Matchers keyed by argument name; omitted = any arguments. */
  readonly args?: { readonly [key: string]: Matcher }
}

/** Assertions on the last assistant text. */
export type FinalAnswerExpectation = {
  readonly contains?: readonly string[]
  readonly regex?: string
  readonly flags?: string
  /** An LLM grades the answer against a rubric (`final.judge`, checks/judge-prompt.ts). */
  readonly judge?: JudgeSpec
}

/** `final.judge`: which model grades the final answer, against what rubric, and the lowest passing score. */
export type JudgeSpec = {
  readonly model: string
  readonly rubric: string
  /** 0 to 1; default 0.7. */
  readonly threshold: number
}

/** `expect.custom`: a check the suite's author wrote, an export of a module (absolute path once loaded). */
export type CustomCheckSpec = { readonly module: string; readonly export: string }

/** How argument values are compared: toolgauge's matchers, or BFCL's checker rules (imported BFCL suites). */
export type MatchingMode = 'default' | 'bfcl'

/**
 * How the expected calls are placed among the model's: `any` (order-free), `in_order` (in this order, other calls
 * may come between), `strict` (in this order, with no other call between them).
 */
export type CallOrder = 'any' | 'in_order' | 'strict'

/** What a case expects of the model. */
export type Expectation = {
  readonly calls: readonly ExpectedCall[]
  readonly order: CallOrder
  /** `allow`: calls beyond the expected ones are accepted (absent = each is an `unexpected_call`). */
  readonly extraCalls?: 'allow'
  /** Calls that must never happen (`forbidden_call`): a tool name, and optionally argument matchers. */
  readonly forbid?: readonly ExpectedCall[]
  /** At most this many calls in the case, all turns (`too_many_calls`). */
  readonly maxCalls?: number
  /** All expected calls must come in one assistant turn. */
  readonly parallel: boolean
  /** The model must not call any tool. */
  readonly noCall: boolean
  readonly final?: FinalAnswerExpectation
  /** Checks the suite's author wrote (`custom`), run on the scored case after the loop (checks/custom-check.ts). */
  readonly custom?: readonly CustomCheckSpec[]
  readonly matching: MatchingMode
  /** BFCL ground truth for `matching: bfcl` (category and possible answer, as `bfcl import` writes it). */
  readonly bfcl?: { readonly category: string; readonly answer: unknown; readonly [key: string]: unknown }
}

/** A recorded stub entry: when the arguments match, answer with `result` (or fail with `error`). */
export type RecordedStubEntry = {
  readonly when?: { readonly [key: string]: Matcher }
  readonly result?: unknown
  readonly error?: string
}

/** A live stub given in code rather than by module path (MCP servers): `(args, context) => result`; a throw is an error result. */
export type StubFunction = (args: unknown, context: { readonly [key: string]: unknown }) => unknown

/** How a tool call is executed during a run. */
export type StubSpec =
  | { readonly type: 'recorded'; readonly entries: readonly RecordedStubEntry[] }
  | { readonly type: 'live'; readonly module: string; readonly export: string }
  /**
   * `label` says what runs (e.g. `mcp: node server.js → read_file`), for fingerprints and messages; `refuse` says why
   * a call is not run at all (arguments an MCP tool does not declare), answered as an error the call's source calls
   * `rejected`, not `live`: nothing ran it.
   */
  | { readonly type: 'function'; readonly label: string; readonly run: StubFunction; readonly refuse?: (args: unknown) => string | undefined }
  /** A call toolgauge answers with `result` without running it (an MCP tool its server entry does not allow). */
  | { readonly type: 'not_executed'; readonly result: unknown }

/** One runnable case, fully resolved (paths absolute, tools loaded, defaults applied). */
export type Case = {
  /** Suite name. */
  readonly suite: string
  /** Absolute path of the suite file. */
  readonly file: string
  readonly id: string
  /** The conversation before the first request. */
  readonly messages: readonly Message[]
  /** The tools exposed to the model in this case. */
  readonly tools: readonly ToolDefinition[]
  readonly toolChoice: ToolChoice
  readonly parallelToolCalls?: boolean
  readonly maxTurns: number
  /** For a conversation, judged on the whole conversation after the last reply (state: the world's final snapshot). */
  readonly expect: ConversationExpectation
  /**
   * The user messages in order (`conversation:`), each run through the loop until the model answers; `messages`
   * is then history before the first of them. Exclusive with `user`.
   */
  readonly conversation?: readonly ConversationMessage[]
  /** A simulated user (`user:`) instead of a fixed conversation. */
  readonly user?: SimulatedUser
  /** The stateful tool backend (`world:`, the case's or else the suite's). */
  readonly world?: WorldSpec
  /** The world's initial state (`state:`); each case × model × repeat gets a deep copy. */
  readonly state?: unknown
  /** Stubs by tool name (suite-wide merged with the case's overrides). */
  readonly stubs: { readonly [tool: string]: StubSpec }
  /** Seconds a live stub may take (the case's `stub_timeout`, else the suite's); absent: the run's `--stub-timeout`, default 30. */
  readonly stubTimeout?: number
  /** Suite-level budget on tool-definition tokens, when set. */
  readonly maxToolTokens?: number
  /** Per-tool budgets on tool-definition tokens, when set. */
  readonly toolTokenBudgets?: { readonly [tool: string]: number }
  /** The tool-description variant this case runs with (`--variant`, suite or config `variants:`); absent without variants. */
  readonly variant?: string
}

/** A loaded suite. */
export type Suite = {
  readonly name: string
  readonly file: string
  readonly tools: readonly ToolDefinition[]
  /** Absolute path of the suite's hooks module (`hooks:`), if any: a suite setting that applies to all its cases. */
  readonly hooks?: string
  readonly cases: readonly Case[]
  /** The suite's own `variants:` (name → tools or patch file), in declaration order. */
  readonly variants?: readonly VariantSpec[]
}
