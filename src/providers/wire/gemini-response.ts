import type { GenerateContentResponse, GenerateContentResponseUsageMetadata } from '@google/genai'
import { isTokenCount, type FinishReason, type Usage } from '../../core/model-turn.ts'
import type { OpaqueObject } from '../../core/reasoning.ts'
import { firstCount, type MappedTurn } from './chat-completions-response.ts'
import { finishReasonOf } from './finish-reason.ts'
import { parseSse } from '../../http/sse.ts'
import { asRawToolCalls, wireArguments, type WireToolCall } from './tool-call-ids.ts'

/**
 * The first candidate's parts → turn: text parts joined (thought parts left out of the answer), `functionCall` parts
 * as calls whose arguments are the JSON of `args`. The parts are kept as reasoning state whenever the model thought
 * or signed them, so they go back whole on the next request.
 */
export function fromGeminiResponse(response: GenerateContentResponse, finishMessage?: string): MappedTurn {
  const candidate = response.candidates?.[0]
  const parts = (candidate?.content?.parts ?? []) as OpaqueObject[]
  let text = ''
  const wireCalls: WireToolCall[] = []
  for (const part of parts) {
    if (typeof part.text === 'string' && part.thought !== true) text += part.text
    const call = part.functionCall as { id?: string; name?: string; args?: unknown } | undefined
    if (call) wireCalls.push({ id: call.id, name: call.name ?? '', ...wireArguments(call.args === undefined ? undefined : { arguments: call.args }) })
  }
  const toolCalls = asRawToolCalls(wireCalls)
  const raw = candidate?.finishReason ?? undefined
  const stateful = parts.some((part) => part.thought === true || typeof part.thoughtSignature === 'string')
  return {
    text,
    toolCalls,
    finishReason: geminiFinishReason(response, raw, toolCalls.length > 0, finishMessage),
    usage: geminiUsage(response.usageMetadata),
    ...(stateful ? { reasoning: { protocol: 'gemini' as const, parts } } : {}),
  }
}

/**
 * The candidate's reason with Gemini's `finishMessage` (what was malformed about a MALFORMED_FUNCTION_CALL); a prompt
 * blocked before any candidate is a content-filter stop whose raw reason is `blockReason:<reason>`.
 */
function geminiFinishReason(response: GenerateContentResponse, raw: string | undefined, hasToolCalls: boolean, wireMessage: string | undefined): FinishReason {
  const blocked = response.promptFeedback?.blockReason
  if (!response.candidates?.length && blocked) {
    const message = response.promptFeedback?.blockReasonMessage
    return { unified: 'content-filter', raw: `blockReason:${blocked}`, ...(message ? { message } : {}) }
  }
  return finishReasonOf('gemini', raw, hasToolCalls, response.candidates?.[0]?.finishMessage ?? wireMessage)
}

/**
 * The first candidate's `finishMessage` from the answer's JSON text: @google/genai drops it when it converts the
 * answer, and it is the only account of what was malformed about a MALFORMED_FUNCTION_CALL.
 */
export function wireFinishMessage(body: string | undefined): string | undefined {
  if (body === undefined || !body.includes('"finishMessage"')) return undefined
  // A streamed answer is an event stream: the message is in the data of one of its chunks, most likely the last.
  const texts = body.trimStart().startsWith('{') ? [body] : parseSse(body).map((event) => event.data).reverse()
  for (const text of texts) {
    try {
      const message = (JSON.parse(text) as { candidates?: { finishMessage?: unknown }[] }).candidates?.[0]?.finishMessage
      if (typeof message === 'string') return message
    } catch {}
  }
  return undefined
}

/**
 * `promptTokenCount` includes cached content (`cachedContentTokenCount`); thinking tokens (`thoughtsTokenCount`)
 * are billed as output but reported apart from `candidatesTokenCount`, so output is their sum.
 */
export function geminiUsage(usage: GenerateContentResponseUsageMetadata | undefined): Usage {
  const thoughts = usage?.thoughtsTokenCount
  return {
    input: firstCount(usage?.promptTokenCount) + firstCount(usage?.toolUsePromptTokenCount),
    output: firstCount(usage?.candidatesTokenCount) + firstCount(thoughts),
    cacheRead: firstCount(usage?.cachedContentTokenCount),
    cacheWrite: 0,
    ...(isTokenCount(thoughts) ? { reasoning: thoughts } : {}),
  }
}
