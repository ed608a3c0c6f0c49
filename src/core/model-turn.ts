import type { RawToolCall } from './message.ts'
import type { ReasoningState } from './reasoning.ts'

/** Token usage of one request, normalized across providers (see docs/architecture.md). */
export type Usage = {
  /** All input tokens, cached ones included. */
  readonly input: number
  /** All output tokens, reasoning included. */
  readonly output: number
  /** Input tokens read from a prompt cache (part of `input`). */
  readonly cacheRead: number
  /** Input tokens written to a prompt cache (part of `input`). */
  readonly cacheWrite: number
  /** Reasoning tokens where the provider reports them (part of `output`). */
  readonly reasoning?: number
}

/**
 * Whether a value is a token count: a whole number ≥ 0. What is not — a server's text, a proxy's negative arithmetic,
 * NaN — is no count: the wire and the loop read it as unknown (0), a stored result holding one is refused.
 */
export function isTokenCount(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 0
}

/** The zero usage, for offline models. */
export const emptyUsage: Usage = { input: 0, output: 0, cacheRead: 0, cacheWrite: 0 }

/** Adds two usages field by field. */
export function addUsage(a: Usage, b: Usage): Usage {
  const reasoning = (a.reasoning ?? 0) + (b.reasoning ?? 0)
  return {
    input: a.input + b.input,
    output: a.output + b.output,
    cacheRead: a.cacheRead + b.cacheRead,
    cacheWrite: a.cacheWrite + b.cacheWrite,
    ...(a.reasoning !== undefined || b.reasoning !== undefined ? { reasoning } : {}),
  }
}

/**
 * Why the model stopped, unified across providers, with the provider's own string kept (docs/providers/index.md
 * "Finish reasons"). Scoring reads it: `length` is `truncated`, `content-filter` is `refused`, `malformed-call`
 * (the provider could not read the call the model wrote) is `malformed_arguments`, `error` is `provider_error`.
 * `other` is what a custom provider's missing reason becomes: the content decides, as for `stop`.
 */
export type FinishReason = {
  readonly unified: 'stop' | 'tool-calls' | 'length' | 'content-filter' | 'malformed-call' | 'error' | 'other'
  readonly raw?: string
  /** The provider's own words about the stop, where it gives some (Gemini's `finishMessage`, a refusal's text). */
  readonly message?: string
}

/**
 * When a streamed turn's events arrived, in milliseconds from the start of the request's last attempt (measured on
 * the wire, below the SDK). Timings only: never scored, and equal streamed and non-streamed runs differ in them alone.
 */
export type StreamTimings = {
  /** Events the stream held (the SSE events, the end marker included). */
  readonly events: number
  readonly firstEventMs: number
  /** The first event that carried part of a tool call; absent when the turn called no tool. */
  readonly firstToolCallMs?: number
  readonly lastEventMs: number
}

/** One assistant turn as a provider returns it. */
export type ModelTurn = {
  /** Assistant text (empty when the turn only calls tools). */
  readonly text: string
  /** Tool calls in the order the model emitted them. */
  readonly toolCalls: readonly RawToolCall[]
  readonly finishReason: FinishReason
  readonly usage: Usage
  /** Reasoning state to keep on the assistant turn and send back (never scored). */
  readonly reasoning?: ReasoningState
  /** Wall time of the request, retries included. */
  readonly latencyMs: number
  /** Wire payloads, kept for the transcript (secrets redacted). */
  readonly raw?: { readonly request?: unknown; readonly response?: unknown }
  /** How many retries the request needed; absent when not known (the turn's record then has none). */
  readonly retries?: number
  /** The turn was streamed (model setting `stream: true`): when its events arrived. Absent in replay and when not streamed. */
  readonly stream?: StreamTimings
  /** Batch mode: the id of the batch that answered the request (the turn is priced at the batch rate). */
  readonly batch?: string
}
