import type { StreamCheck } from '../../http/fetch-with-retries.ts'
import type { SseEvent } from '../../http/sse.ts'
import { getOrCreate } from '../../core/get-or-create.ts'
import { isPlainObject } from '../../core/plain-object.ts'
import { CallPositions, isName } from '../streaming/call-positions.ts'
import { answerChecks, asObject, chatMessageParts } from './broken-answer.ts'
import type { WireProtocol } from './finish-reason.ts'

/**
 * How each protocol's event stream must go, checked on the whole stream before the SDK assembles it. A stream that
 * breaks its protocol — an argument fragment for a call no event started, a call without a name or renamed, a
 * block index reused, skipped or never closed, events after the end, a stream that stops without its end event, an
 * error event — is no turn: the HTTP layer retries it like a 5xx,
 * then the case is `provider_error` (errored), the message naming the event. What the stream assembles to is the
 * SDK's business and the loop's: arguments that are not JSON are scored (`malformed_arguments`), never refused here.
 * The same checks of the assembled answer as for a non-streamed body follow (broken-answer.ts: no choices, a finish
 * reason that says the generation failed …).
 */
export const streamChecks: { readonly [P in WireProtocol]: StreamCheck } = {
  chat: checkChatStream,
  responses: checkResponsesStream,
  anthropic: checkAnthropicStream,
  gemini: checkGeminiStream,
}

type Json = Record<string, unknown>
type Reading = ReturnType<StreamCheck>

/** `event 4 (chat.completion.chunk)`: an event by its 1-based position and its kind. */
function eventName(index: number, kind: string): string {
  return `event ${index + 1} (${kind})`
}

/** The event's data as a JSON object, or the problem it is. */
function dataOf(event: SseEvent, index: number, kind: string): Json | string {
  try {
    const value = JSON.parse(event.data) as unknown
    if (isPlainObject(value)) return value
  } catch {}
  return `${eventName(index, kind)} is not a JSON object: ${event.data.slice(0, 80)}`
}

function errorProblem(index: number, kind: string, error: unknown): string | undefined {
  if (error === undefined || error === null || error === false) return undefined
  const object = isPlainObject(error) ? error : undefined
  const message = typeof object?.message === 'string' ? object.message : JSON.stringify(error)
  return `${eventName(index, kind)} carries an error: ${message}`
}

function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : []
}

/** A stream that reached its end: the assembled answer's problem (broken-answer.ts), else where its first tool call began. */
function finished(answerProblem: string | undefined, firstToolCall: number | undefined): Reading {
  if (answerProblem !== undefined) return { problem: `the assembled answer: ${answerProblem}` }
  return firstToolCall === undefined ? {} : { firstToolCall }
}

/** A call of a Chat Completions stream as the check follows it: the host's index, its name, where it began and got it. */
type ChatCall = { readonly index: number; name: string; readonly started: number; named: number }

/**
 * Chat Completions: `chat.completion.chunk` events, calls built from `delta.tool_calls[]` (placed by call as the
 * assembly places them: several calls on one index are several calls, streaming/call-positions.ts), then `data: [DONE]`.
 */
function checkChatStream(events: readonly SseEvent[]): Reading {
  const kind = 'chat.completion.chunk'
  // Per choice: where its deltas go, and the calls they began (by position).
  const choices = new Map<unknown, { readonly positions: CallPositions; readonly calls: Map<number, ChatCall> }>()
  let end: number | undefined
  let firstToolCall: number | undefined
  let finish: unknown
  let sawChoice = false
  // Whether any delta carried a part of the message (text, even empty; a call; a refusal; reasoning): none is no answer.
  let sawPart = false
  for (const [index, event] of events.entries()) {
    if (end !== undefined) return { problem: `${eventName(index, kind)} came after the end of the stream (data: [DONE] at event ${end + 1})` }
    if (event.data.trim() === '[DONE]') {
      end = index
      continue
    }
    const chunk = dataOf(event, index, kind)
    if (typeof chunk === 'string') return { problem: chunk }
    const error = errorProblem(index, kind, chunk.error)
    if (error) return { problem: error }
    for (const choice of asArray(chunk.choices).map(asObject)) {
      sawChoice = true
      if (choice?.finish_reason !== undefined && choice.finish_reason !== null) finish = choice.finish_reason
      const delta = asObject(choice?.delta)
      if (!sawPart && delta && chatMessageParts(delta).length > 0) sawPart = true
      const { positions, calls } = getOrCreate(choices, choice?.index ?? 0, () => ({ positions: new CallPositions(), calls: new Map<number, ChatCall>() }))
      for (const delta of asArray(asObject(choice?.delta)?.tool_calls).map(asObject)) {
        firstToolCall ??= index
        const callIndex = delta?.index
        if (typeof callIndex !== 'number') return { problem: `${eventName(index, kind)} has a tool-call delta without an index` }
        const name = asObject(delta?.function)?.name
        const fragment = asObject(delta?.function)?.arguments
        if (fragment !== undefined && fragment !== null && typeof fragment !== 'string') {
          return { problem: `${eventName(index, kind)} has an argument fragment for call index ${callIndex} that is not text (${jsonKindOf(fragment)})` }
        }
        const position = positions.place({ index: callIndex, id: delta?.id, name })
        const call = calls.get(position)
        if (call) {
          // The SDK keeps a call's last name: a second one (a name sent in pieces) would be scored as the model's.
          if (isName(name) && call.name !== '' && name !== call.name) {
            return { problem: `${eventName(index, kind)} names call index ${callIndex} ${quoted(name)}, which ${eventName(call.named, kind)} named ${quoted(call.name)}` }
          }
          if (isName(name) && call.name === '') [call.name, call.named] = [name, index]
          continue
        }
        if (!isName(delta?.id) && !isName(name)) {
          return { problem: `${eventName(index, kind)} has an argument fragment for call index ${callIndex}, which no event started (no id, no name)` }
        }
        calls.set(position, { index: callIndex, name: isName(name) ? name : '', started: index, named: index })
      }
    }
  }
  if (end === undefined) return { problem: `the stream stopped after ${events.length} events without its end (data: [DONE])` }
  for (const { calls } of choices.values()) {
    for (const call of calls.values()) {
      if (call.name === '') return { problem: `call index ${call.index}, started at ${eventName(call.started, kind)}, never got a name` }
    }
  }
  if (sawChoice && finish === undefined) return { problem: `no ${kind} carried a finish_reason` }
  return finished(answerChecks.chat({ choices: sawChoice ? [{ message: sawPart ? { content: '' } : {}, finish_reason: finish }] : [] }), firstToolCall)
}

/** A server-written string in a message: JSON-quoted (control characters escaped) and cut. */
function quoted(text: string): string {
  return JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)
}

/** What a JSON value that is no text is, by kind only. */
function jsonKindOf(value: unknown): string {
  return Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `a ${typeof value}`
}

/** The named Responses events whose data the check reads (the others are skipped unparsed). */
const responsesEventsRead = new Set([
  'error', 'response.failed', 'response.completed', 'response.incomplete', 'response.output_item.added', 'response.output_item.done',
  'response.function_call_arguments.delta', 'response.function_call_arguments.done',
])

/** Responses: typed events from `response.created` to `response.completed` / `.incomplete` (`.failed` is an error). */
function checkResponsesStream(events: readonly SseEvent[]): Reading {
  const items = new Map<number, { type: unknown; name: unknown; added: number }>()
  let end: number | undefined
  let firstToolCall: number | undefined
  let final: Json | undefined
  for (const [index, event] of events.entries()) {
    if (end !== undefined) return { problem: `${eventName(index, event.event ?? 'event')} came after the end of the stream (${eventName(end, 'response.completed')})` }
    // Text, summary and part events say nothing about calls or the end: their data is left to the SDK to parse.
    if (event.event !== undefined && !responsesEventsRead.has(event.event)) continue
    const data = dataOf(event, index, event.event ?? 'event')
    if (typeof data === 'string') return { problem: data }
    const type = typeof data.type === 'string' ? data.type : (event.event ?? 'event')
    if (type === 'error') return { problem: `${eventName(index, type)}: ${typeof data.message === 'string' ? data.message : JSON.stringify(data)}` }
    if (type === 'response.failed') return { problem: errorProblem(index, type, asObject(data.response)?.error) ?? `${eventName(index, type)}: the response failed` }
    if (type === 'response.completed' || type === 'response.incomplete') {
      end = index
      final = asObject(data.response)
      continue
    }
    const outputIndex = typeof data.output_index === 'number' ? data.output_index : -1
    if (type === 'response.output_item.added' || type === 'response.output_item.done') {
      const item = asObject(data.item)
      const known = items.get(outputIndex)
      if (item?.type === 'function_call') firstToolCall ??= index
      items.set(outputIndex, { type: item?.type, name: item?.name ?? known?.name, added: known?.added ?? index })
      if (type === 'response.output_item.done' && item?.type === 'function_call' && !isName(item.name)) {
        return { problem: `${eventName(index, type)} closes a function_call without a name (output index ${outputIndex})` }
      }
    } else if (type === 'response.function_call_arguments.delta' || type === 'response.function_call_arguments.done') {
      firstToolCall ??= index
      if (items.get(outputIndex)?.type !== 'function_call') {
        return { problem: `${eventName(index, type)} has an argument fragment for output index ${outputIndex}, which no response.output_item.added started as a function_call` }
      }
    }
  }
  if (end === undefined) return { problem: `the stream stopped after ${events.length} events without its end (response.completed)` }
  for (const [outputIndex, item] of items) {
    if (item.type === 'function_call' && !isName(item.name)) {
      return { problem: `the function_call at output index ${outputIndex}, started at ${eventName(item.added, 'response.output_item.added')}, never got a name` }
    }
  }
  return finished(answerChecks.responses(final), firstToolCall)
}

/** Anthropic Messages: `message_start`, content blocks opened, filled by deltas and closed by index, `message_stop`. */
function checkAnthropicStream(events: readonly SseEvent[]): Reading {
  const blocks = new Map<number, { type: unknown; started: number; closed?: number }>()
  let started = false
  let end: number | undefined
  let firstToolCall: number | undefined
  let stop: unknown
  for (const [index, event] of events.entries()) {
    const data = dataOf(event, index, event.event ?? 'event')
    if (typeof data === 'string') return { problem: data }
    const type = typeof data.type === 'string' ? data.type : (event.event ?? 'event')
    if (end !== undefined) return { problem: `${eventName(index, type)} came after the end of the stream (${eventName(end, 'message_stop')})` }
    if (type === 'ping') continue
    if (type === 'error') return { problem: errorProblem(index, type, data.error) ?? `${eventName(index, type)}` }
    if (type === 'message_start') {
      if (started) return { problem: `${eventName(index, type)}: a second message_start in one stream` }
      started = true
      continue
    }
    if (!started) return { problem: `${eventName(index, type)} came before message_start` }
    const blockIndex = typeof data.index === 'number' ? data.index : -1
    if (type === 'content_block_start') {
      const block = asObject(data.content_block)
      if (block?.type === 'tool_use') {
        firstToolCall ??= index
        if (!isName(block.name)) return { problem: `${eventName(index, type)} opens a tool_use block without a name (index ${blockIndex})` }
      }
      // Blocks are numbered as the Message's content, 0, 1, 2…: a reused index would overwrite a block (a call the
      // model made), a skipped one leave a hole in the content.
      const opened = blocks.get(blockIndex)
      if (opened) return { problem: `${eventName(index, type)} opens content block index ${blockIndex} a second time (${eventName(opened.started, type)} opened it)` }
      if (blockIndex !== blocks.size) return { problem: `${eventName(index, type)} opens content block index ${blockIndex}, where the next block is index ${blocks.size}` }
      blocks.set(blockIndex, { type: block?.type, started: index })
    } else if (type === 'content_block_delta' || type === 'content_block_stop') {
      const block = blocks.get(blockIndex)
      if (!block) return { problem: `${eventName(index, type)} is for content block index ${blockIndex}, which no content_block_start opened` }
      if (block.closed !== undefined) return { problem: `${eventName(index, type)} is for content block index ${blockIndex}, which ${eventName(block.closed, 'content_block_stop')} closed` }
      if (type === 'content_block_stop') block.closed = index
      const delta = asObject(data.delta)
      if (delta?.type === 'input_json_delta') {
        if (block.type !== 'tool_use') return { problem: `${eventName(index, type)} has an argument fragment for content block ${blockIndex}, a ${String(block.type)} block, not tool_use` }
        firstToolCall ??= index
      }
    } else if (type === 'message_delta') {
      stop = asObject(data.delta)?.stop_reason ?? stop
    } else if (type === 'message_stop') {
      end = index
    }
  }
  if (end === undefined) return { problem: `the stream stopped after ${events.length} events without its end (message_stop)` }
  // A tool_use block's arguments are read when it closes: one never closed would be a call with no arguments.
  for (const [blockIndex, block] of blocks) {
    if (block.closed === undefined) return { problem: `content block index ${blockIndex} (${String(block.type)}), opened at ${eventName(block.started, 'content_block_start')}, was never closed (content_block_stop)` }
  }
  return finished(answerChecks.anthropic({ stop_reason: stop, content: [...blocks.values()] }), firstToolCall)
}

/** Gemini `streamGenerateContent?alt=sse`: each event a GenerateContentResponse chunk; the last carries `finishReason`. */
function checkGeminiStream(events: readonly SseEvent[]): Reading {
  const kind = 'chunk'
  const parts: unknown[] = []
  let end: number | undefined
  let firstToolCall: number | undefined
  let finish: unknown
  let feedback: unknown
  for (const [index, event] of events.entries()) {
    if (end !== undefined) return { problem: `${eventName(index, kind)} came after the end of the stream (the finishReason of event ${end + 1})` }
    const chunk = dataOf(event, index, kind)
    if (typeof chunk === 'string') return { problem: chunk }
    const error = errorProblem(index, kind, chunk.error)
    if (error) return { problem: error }
    feedback = chunk.promptFeedback ?? feedback
    const candidate = asObject(asArray(chunk.candidates)[0])
    for (const part of asArray(asObject(candidate?.content)?.parts)) {
      const call = asObject(asObject(part)?.functionCall)
      if (call) {
        firstToolCall ??= index
        if (!isName(call.name)) return { problem: `${eventName(index, kind)} has a functionCall part without a name` }
      }
      parts.push(part)
    }
    if (candidate?.finishReason !== undefined && candidate.finishReason !== null) {
      finish = candidate.finishReason
      end = index
    } else if (!candidate && asObject(feedback)?.blockReason) end = index
  }
  if (end === undefined) return { problem: `the stream stopped after ${events.length} events without its end (a chunk with finishReason)` }
  const candidates = finish === undefined ? [] : [{ content: { parts }, finishReason: finish }]
  return finished(answerChecks.gemini({ candidates, ...(feedback !== undefined ? { promptFeedback: feedback } : {}) }), firstToolCall)
}
