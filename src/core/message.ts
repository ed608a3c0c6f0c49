import type { ReasoningState } from './reasoning.ts'

/** A tool call as the provider returned it: arguments are the unparsed string (parsing belongs to the loop). */
export type RawToolCall = {
  /** Call id linking the call to its `role: tool` answer (providers assign a stable one if the server sent none). */
  readonly id: string
  /** The name the model emitted, verbatim (may be empty or unknown). */
  readonly name: string
  /** The arguments exactly as sent on the wire. */
  readonly rawArguments: string
  /** The id the provider sent, when the loop replaced it because the case already used it (`id` is then the loop's). */
  readonly wireId?: string
  /**
   * Why `rawArguments` is not the wire text, when it is not: a call sent with no `arguments` field at all (some
   * routers do this for argument-less calls), or with `""` for a tool that takes no required arguments (some
   * compatible servers), recorded as `{}`. An empty string for a tool with required arguments stays `""` (malformed).
   */
  readonly note?: string
}

/** A tool call after the loop parsed it; the raw string is always kept for scoring. */
export type ToolCall = RawToolCall & {
  /** Parsed arguments, present only when `rawArguments` is valid JSON. */
  readonly arguments?: unknown
  /** Why parsing failed, when it did. */
  readonly parseError?: string
}

/** A system prompt (`name`: OpenAI's optional participant name; it costs prompt tokens). */
export type SystemMessage = { readonly role: 'system'; readonly content: string; readonly name?: string }
/** A user message (`name`: OpenAI's optional participant name; it costs prompt tokens). */
export type UserMessage = { readonly role: 'user'; readonly content: string; readonly name?: string }
/** An assistant message: text and/or tool calls, plus the provider's reasoning state when it sent one. */
export type AssistantMessage = {
  readonly role: 'assistant'
  readonly content: string
  readonly toolCalls: readonly RawToolCall[]
  /** Opaque per-protocol state the adapter sends back on later requests (thinking blocks, reasoning items, signatures). */
  readonly reasoning?: ReasoningState
}
/** The app's answer to one tool call. */
export type ToolMessage = {
  readonly role: 'tool'
  readonly toolCallId: string
  /** Name of the tool that was called (Anthropic and some servers want it). */
  readonly name: string
  readonly content: string
  /** True when the tool failed or the arguments were rejected: sent back as an error result. */
  readonly isError?: boolean
}

/** One chat message in toolgauge's normalized form. */
export type Message = SystemMessage | UserMessage | AssistantMessage | ToolMessage
