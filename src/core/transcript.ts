import type { Message, ToolCall } from './message.ts'
import type { FinishReason, StreamTimings, Usage } from './model-turn.ts'
import type { ReasoningState } from './reasoning.ts'
import type { ToolChoice } from './tool.ts'
import type { ConversationStep, SimulatorRecord } from './conversation.ts'
import type { ProviderFailureFacts } from './errors.ts'

/** One validation problem of a call's arguments, as ajv reported it. */
export type SchemaIssue = {
  /** JSON pointer into the arguments, `''` for the root: where ajv reported the error, or the object holding `property`. */
  readonly path: string
  /** ajv keyword: type, enum, required, additionalProperties, format, … */
  readonly keyword: string
  readonly message: string
  /** The key concerned: a missing one (`required`, `dependentRequired`, `dependencies`) or one the object may not hold (`additionalProperties`, `unevaluatedProperties`, `propertyNames`, a key whose schema is `false`). */
  readonly property?: string
}

/** What the loop found about a call before executing it. */
export type CallCheck = {
  /** The name is one of the tools exposed in this case. */
  readonly knownTool: boolean
  /** The arguments parsed to a JSON object. */
  readonly wellFormed: boolean
  /** Schema problems (empty when valid or when the tool is unknown / arguments malformed). */
  readonly schemaIssues: readonly SchemaIssue[]
}

/** A record of what a hook did to a call. */
export type HookActivity =
  | { readonly hook: 'beforeToolCall'; readonly action: 'replace-arguments'; readonly arguments: unknown }
  | { readonly hook: 'beforeToolCall'; readonly action: 'result'; readonly result: unknown }
  | { readonly hook: 'beforeToolCall'; readonly action: 'reject'; readonly message: string }
  | { readonly hook: 'afterToolCall'; readonly action: 'replace-result'; readonly result: unknown }

/** The execution of one tool call and the `role: tool` message it produced. */
export type ToolExecution = {
  readonly callId: string
  readonly name: string
  /**
   * What produced the result: `recorded` a recorded stub's entry; `live` a live stub, or the MCP server that ran the
   * call; `world` the case's world; `hook` a beforeToolCall hook's result or rejection; `rejected` toolgauge refused
   * the call before anything ran it (unknown tool, invalid arguments, arguments an MCP tool does not declare);
   * `not_executed` toolgauge answered it without running it (an MCP tool its server entry does not allow);
   * `default` the tool has no stub and got `{"status":"ok"}`.
   */
  readonly source: 'recorded' | 'live' | 'hook' | 'rejected' | 'world' | 'not_executed' | 'default'
  readonly result: unknown
  /** The content sent back to the model. */
  readonly content: string
  readonly isError: boolean
  readonly hooks: readonly HookActivity[]
}

/** A call in the transcript: the parsed call plus the loop's checks. */
export type TranscriptCall = ToolCall & { readonly check: CallCheck }

/** One request/answer round of the loop. */
export type TranscriptTurn = {
  readonly index: number
  /** In a conversation: the 0-based index of the user message this turn answers (`Transcript.conversation`). */
  readonly message?: number
  /** What was asked: tool choice of this request and the names of the tools sent. */
  readonly request: { readonly toolChoice: ToolChoice; readonly parallelToolCalls?: boolean; readonly toolNames: readonly string[] }
  readonly text: string
  readonly calls: readonly TranscriptCall[]
  readonly finishReason: FinishReason
  readonly usage: Usage
  readonly latencyMs: number
  /** Retries the request needed; absent when not known (a library caller's provider that does not say). */
  readonly retries?: number
  /** A streamed turn: when its first event, first tool-call event and last event arrived (timings, never scored). */
  readonly stream?: StreamTimings
  /** Batch mode: the id of the batch that answered this turn (priced at the batch rate). */
  readonly batch?: string
  readonly toolResults: readonly ToolExecution[]
  /** The provider's reasoning state of this turn, as sent back on the next request (shown collapsed, never scored). */
  readonly reasoning?: ReasoningState
  /** Wire payloads where the provider exposes them. */
  readonly raw?: { readonly request?: unknown; readonly response?: unknown }
}

/** The single record of a case: scorers read only this. A `provider-error` or `simulator-error` keeps its ProviderError's facts for its failure. */
export type Transcript = ProviderFailureFacts & {
  readonly initialMessages: readonly Message[]
  readonly turns: readonly TranscriptTurn[]
  /** Why the loop stopped. */
  readonly stop: 'no-calls' | 'max-turns' | 'provider-error' | 'harness-error' | 'simulator-error' | 'aborted'
  /** The provider failure (`provider-error`), the hook that threw and its error (`harness-error`), or the simulated user's failure. */
  readonly error?: string
  /** In a conversation: the user messages in order, each with the turns that answered it and the world's state after. */
  readonly conversation?: readonly ConversationStep[]
  /** The world's state before the first message (a conversation against a world). */
  readonly initialState?: unknown
  /** A simulated-user case: the simulator's spec and prompt hash. */
  readonly simulator?: SimulatorRecord
  readonly usage: Usage
  readonly latencyMs: number
}
