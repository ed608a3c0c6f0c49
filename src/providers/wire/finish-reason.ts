import type { FinishReason } from '../../core/model-turn.ts'

/** The four wire protocols the SDK adapters speak (compatible servers speak `chat`). */
export type WireProtocol = 'chat' | 'responses' | 'anthropic' | 'gemini'

/**
 * What a provider's finish reason means: the unified reason of a turn, or `provider-error` — the answer is an
 * outage, not a turn (the HTTP layer retries it like a 5xx, then the case is errored).
 */
export type FinishMeaning = Exclude<FinishReason['unified'], 'error' | 'other'> | 'provider-error'

/**
 * Every finish reason each protocol documents, mapped on purpose (the table in docs/providers/index.md "Finish
 * reasons"). A reason not listed is a provider error too: an unknown reason must never count as a clean stop.
 * `stop` / `tool-calls` are then decided by the content (finishReasonFromContent).
 */
export const finishReasonTables: { readonly [P in WireProtocol]: Readonly<Record<string, FinishMeaning>> } = {
  chat: {
    stop: 'stop',
    tool_calls: 'tool-calls',
    function_call: 'tool-calls',
    length: 'length',
    content_filter: 'content-filter',
    // Compatible servers: TGI / llama.cpp spellings of a natural stop, Mistral's context-window cut, and the
    // reasons routers and hosts (OpenRouter, Mistral, DeepSeek, vLLM) give when the generation itself failed.
    eos: 'stop',
    eos_token: 'stop',
    end_turn: 'stop',
    stop_sequence: 'stop',
    max_tokens: 'length',
    model_length: 'length',
    error: 'provider-error',
    abort: 'provider-error',
    insufficient_system_resource: 'provider-error',
  },
  // `incomplete_details.reason` when the response is incomplete, else its `status`.
  responses: {
    completed: 'stop',
    max_output_tokens: 'length',
    content_filter: 'content-filter',
    incomplete: 'provider-error',
    failed: 'provider-error',
    cancelled: 'provider-error',
    in_progress: 'provider-error',
    queued: 'provider-error',
  },
  anthropic: {
    end_turn: 'stop',
    stop_sequence: 'stop',
    tool_use: 'tool-calls',
    max_tokens: 'length',
    model_context_window_exceeded: 'length',
    refusal: 'content-filter',
    // Only server tools pause a turn, and toolgauge sends none: continuing it is not something a case can do.
    pause_turn: 'provider-error',
  },
  gemini: {
    STOP: 'stop',
    MAX_TOKENS: 'length',
    SAFETY: 'content-filter',
    RECITATION: 'content-filter',
    LANGUAGE: 'content-filter',
    BLOCKLIST: 'content-filter',
    PROHIBITED_CONTENT: 'content-filter',
    SPII: 'content-filter',
    IMAGE_SAFETY: 'content-filter',
    IMAGE_PROHIBITED_CONTENT: 'content-filter',
    IMAGE_RECITATION: 'content-filter',
    MALFORMED_FUNCTION_CALL: 'malformed-call',
    UNEXPECTED_TOOL_CALL: 'malformed-call',
    OTHER: 'provider-error',
    FINISH_REASON_UNSPECIFIED: 'provider-error',
    TOO_MANY_TOOL_CALLS: 'provider-error',
    NO_IMAGE: 'provider-error',
    IMAGE_OTHER: 'provider-error',
    CONTINUATION: 'provider-error',
  },
}

/** The meaning of a wire finish reason; undefined when the answer gave none (the content decides). */
export function finishMeaning(protocol: WireProtocol, raw: string | null | undefined): FinishMeaning | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined
  return Object.hasOwn(finishReasonTables[protocol], raw) ? finishReasonTables[protocol][raw] : 'provider-error'
}

/** The turn's finish reason from a wire reason: the meaning in the protocol's table, then the content. */
export function finishReasonOf(protocol: WireProtocol, raw: string | null | undefined, hasToolCalls: boolean, message?: string): FinishReason {
  const meaning = finishMeaning(protocol, raw)
  // The HTTP layer turns these answers into provider errors before any adapter reads them; read directly
  // (a test, a library caller), they still never look like a clean stop.
  const mapped = meaning === 'provider-error' ? 'error' : meaning
  const reason = finishReasonFromContent(mapped, raw ?? undefined, hasToolCalls)
  return message !== undefined && message !== '' ? { ...reason, message } : reason
}

/**
 * The unified finish reason, decided from the content first: servers report `stop` for turns that do call tools
 * (Anthropic's JSON tool, several compatible servers) and `tool_calls` for turns without any (vLLM). The cut,
 * refusal, malformed-call and error reasons are trusted over the content, since a call cut at max_tokens is not a
 * clean call.
 */
export function finishReasonFromContent(
  mapped: FinishReason['unified'] | undefined,
  raw: string | undefined,
  hasToolCalls: boolean,
): FinishReason {
  const base = { ...(raw !== undefined ? { raw } : {}) }
  if (mapped === 'length' || mapped === 'content-filter' || mapped === 'malformed-call' || mapped === 'error') return { unified: mapped, ...base }
  if (hasToolCalls) return { unified: 'tool-calls', ...base }
  if (mapped === 'tool-calls' || mapped === undefined) return { unified: 'stop', ...base }
  return { unified: mapped, ...base }
}
