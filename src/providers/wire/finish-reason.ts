import type { FinishReason } from '../../core/model-turn.ts'

/**
 * The unified finish reason, decided from the content first: servers report `stop` for turns that do call tools
 * (Anthropic's JSON tool, several compatible servers) and `tool_calls` for turns without any (vLLM). Only the
 * truncation and filter reasons are trusted over the content, since a call cut at max_tokens is not a clean call.
 */
export function finishReasonFromContent(
  mapped: FinishReason['unified'] | undefined,
  raw: string | undefined,
  hasToolCalls: boolean,
): FinishReason {
  const base = { ...(raw !== undefined ? { raw } : {}) }
  if (mapped === 'length' || mapped === 'content-filter' || mapped === 'error') return { unified: mapped, ...base }
  if (hasToolCalls) return { unified: 'tool-calls', ...base }
  if (mapped === 'tool-calls' || mapped === undefined) return { unified: 'stop', ...base }
  return { unified: mapped, ...base }
}
