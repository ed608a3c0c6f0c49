import { finishMeaning, finishReasonTables, type WireProtocol } from './finish-reason.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import { errorInAnswer, jsonKind, noAnswer, shapeChecks } from './answer-shape.ts'

/**
 * Why a 2xx body is no answer, or undefined when it is one. Gateways and routers answer 200 with an `error` object;
 * servers answer 200 with no choices, candidates or content blocks, with a finish reason that says the generation
 * failed, or with lists and items not of the shape the reader walks (answer-shape.ts: a tool call that is null, a
 * content block that is a string). None of these is a turn of the model: the HTTP layer retries them like a 5xx, then
 * the case is `provider_error` (errored). A body whose finish reason explains an empty answer (cut at the output
 * limit, a content filter, Gemini's malformed function call) is an answer, and scored.
 */
export type AnswerCheck = (body: unknown) => string | undefined

/** The check of each protocol's 2xx bodies. */
export const answerChecks: { readonly [P in WireProtocol]: AnswerCheck } = {
  chat: bodyCheck('chat', (answer) => {
    const choices = answer.choices
    if (!Array.isArray(choices) || choices.length === 0) return noAnswer('chat', undefined, 'has no choices')
    const choice = asObject(choices[0])
    const choiceError = errorObject('chat', 'choices[0]', choice?.error)
    if (choiceError) return choiceError
    const message = asObject(choice?.message)
    if (!message) return noAnswer('chat', 'choices[0]', 'has no message')
    return finishProblem('chat', 'choices[0].finish_reason', choice?.finish_reason) ?? emptyProblem('chat', choice?.finish_reason, chatMessageParts(message), 'choices[0].message', 'has no content, tool call or refusal') ?? shapeChecks.chat(answer)
  }),
  responses: bodyCheck('responses', (answer) => {
    const incomplete = asObject(answer.incomplete_details)?.reason
    const reason = incomplete ?? answer.status
    return finishProblem('responses', incomplete === undefined || incomplete === null ? 'status' : 'incomplete_details.reason', reason) ?? emptyProblem('responses', reason, answer.output, undefined, 'has no output items') ?? shapeChecks.responses(answer)
  }),
  anthropic: bodyCheck('anthropic', (answer) => finishProblem('anthropic', 'stop_reason', answer.stop_reason) ?? emptyProblem('anthropic', answer.stop_reason, answer.content, undefined, 'has no content blocks') ?? shapeChecks.anthropic(answer)),
  gemini: bodyCheck('gemini', (answer) => {
    const candidates = answer.candidates
    if (!Array.isArray(candidates) || candidates.length === 0) {
      // A prompt blocked by the safety filters comes with no candidate at all: a refusal, scored as one.
      return asObject(answer.promptFeedback)?.blockReason ? undefined : noAnswer('gemini', undefined, 'has no candidates')
    }
    const candidate = asObject(candidates[0])
    return finishProblem('gemini', 'candidates[0].finishReason', candidate?.finishReason) ?? emptyProblem('gemini', candidate?.finishReason, asObject(candidate?.content)?.parts, 'candidates[0]', 'has no content') ?? shapeChecks.gemini(answer)
  }),
}

/**
 * What a Chat Completions message holds, as a list (its content blocks): text (even empty: the model wrote nothing), a
 * tool call, a refusal, reasoning. None at all — `content: null` and nothing else — is as empty as Anthropic's
 * `content: []`: no turn of the model, or it would pass an irrelevance case.
 */
export function chatMessageParts(message: Record<string, unknown>): readonly string[] {
  const parts: string[] = []
  if (typeof message.content === 'string' || (Array.isArray(message.content) && message.content.length > 0)) parts.push('content')
  if ((Array.isArray(message.tool_calls) && message.tool_calls.length > 0) || asObject(message.function_call)) parts.push('tool call')
  if (typeof message.refusal === 'string' && message.refusal !== '') parts.push('refusal')
  if (typeof message.reasoning_content === 'string' || typeof message.reasoning === 'string') parts.push('reasoning')
  return parts
}

/** A protocol's check after what every protocol checks first: a JSON object, with no `error` in it. */
function bodyCheck(protocol: WireProtocol, check: (answer: Record<string, unknown>) => string | undefined): AnswerCheck {
  return (body) => {
    const answer = asObject(body)
    if (!answer) return noAnswer(protocol, undefined, `is not a JSON object (${jsonKind(body)})`)
    return errorObject(protocol, undefined, answer.error) ?? check(answer)
  }
}

/** `field`: where the answer holds its finish reason (`choices[0].finish_reason`). */
function finishProblem(protocol: WireProtocol, field: string, raw: unknown): string | undefined {
  if (raw !== undefined && raw !== null && typeof raw !== 'string') return noAnswer(protocol, undefined, `has finish reason ${JSON.stringify(raw)} (${field}), not a string`)
  if (finishMeaning(protocol, raw) !== 'provider-error') return undefined
  const known = Object.hasOwn(finishReasonTables[protocol], raw as string)
  return noAnswer(protocol, undefined, `has finish reason "${raw as string}" (${field})${known ? ': the generation failed' : ', which toolgauge does not know'}`)
}

// No items is no answer, unless the finish reason accounts for it: cut before any output, filtered, or a call the
// provider could not read. `path` and `what`: where the answer is empty, and how.
function emptyProblem(protocol: WireProtocol, raw: unknown, items: unknown, path: string | undefined, what: string): string | undefined {
  if (Array.isArray(items) && items.length > 0) return undefined
  const meaning = typeof raw === 'string' ? finishMeaning(protocol, raw) : undefined
  return meaning === 'length' || meaning === 'content-filter' || meaning === 'malformed-call' ? undefined : noAnswer(protocol, path, what)
}

/** `error: {message, type/code/status}` (or a bare string), as every API and gateway shapes it; null is no error. */
function errorObject(protocol: WireProtocol, path: string | undefined, value: unknown): string | undefined {
  if (value === undefined || value === null || value === false) return undefined
  if (typeof value === 'string') return errorInAnswer(protocol, path, value)
  const error = asObject(value)
  if (!error) return errorInAnswer(protocol, path, JSON.stringify(value))
  const label = [error.type, error.status, error.code].filter((part) => typeof part === 'string' || typeof part === 'number').join(' ')
  const message = typeof error.message === 'string' ? error.message : JSON.stringify(error)
  return errorInAnswer(protocol, path, `${message}${label ? ` (${label})` : ''}`)
}

/** The value when it is a plain object. */
export function asObject(value: unknown): Record<string, unknown> | undefined {
  return isPlainObject(value) ? value : undefined
}
