// Loopback stand-ins for `toolgauge conformance`: a fake model that answers every probe as a correct host would,
// served through the fake APIs of test/providers/fake (composed, not edited: their checks of each protocol stay as
// they are), and the deviations seen in real servers, planted one at a time. A deviation is planted where its probe
// looks (a server bug shows wherever an app meets it); each must flip its probe and no other.
import type { Behaviour, Conversation, NeutralCall, NeutralTurn } from '../providers/fake/behaviour.ts'
import { check, fakeApi, isObject, type Protocol } from '../providers/fake/api.ts'
import { keyFor, protocolFor, type ProviderKind } from '../providers/fake/harness.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { jsonFrame, type SseFrame } from '../providers/fake/streams/sse.ts'
import { callsOnOneIndex } from '../providers/fake/streams/one-index-calls.ts'
import { IssuedTokens } from '../providers/fake/reasoning-tokens.ts'
import { probeOf, unicodeNote } from '../../src/conformance/probes.ts'

/** The deviations seen in real servers, each planted alone on the openai-compatible (chat) stand-in. */
export const deviations = [
  'ignores_tool_choice_none',
  'ignores_tool_choice_required',
  'ignores_tool_choice_named',
  'ignores_parallel_disabled',
  'duplicate_ids',
  'missing_ids',
  'python_arguments',
  'ignores_enum',
  'double_escaped_unicode',
  'rejects_many_tools',
  'rejects_reasoning_state',
  'stop_with_calls',
  'no_usage',
  'merged_stream_calls',
  'bunched_stream_arguments',
] as const

/** The deviations only a streamed answer shows (the same answer not streamed is right). */
export const streamDeviations: readonly Deviation[] = ['merged_stream_calls', 'bunched_stream_arguments']

/** One planted deviation. */
export type Deviation = (typeof deviations)[number]

const prompt = (id: Parameters<typeof probeOf>[0]) => String(probeOf(id).case.prompt)
const reasoningPrompt = prompt('reasoning_round_trip')

function cityCalls(text: string): NeutralCall[] {
  return [...text.matchAll(/\b(Paris|London|Oslo|Tokyo)\b/g)].map((match) => ({ name: 'get_weather', args: { city: match[1]! } }))
}

/** The fake model: what a capable model answers to each probe's prompt, with the behavioural deviations planted. */
export function conformanceModel(deviation?: Deviation): Behaviour {
  return (conversation: Conversation): NeutralTurn => {
    const text = conversation.prompt
    let choice = conversation.toolChoice
    if (deviation === 'ignores_tool_choice_none' && choice === 'none') choice = 'auto'
    if (deviation === 'ignores_tool_choice_required' && choice === 'required') choice = 'auto'
    if (deviation === 'ignores_tool_choice_named' && typeof choice === 'object') choice = 'auto'
    const parallel = deviation === 'ignores_parallel_disabled' ? undefined : conversation.parallel
    if (choice === 'none') return { text: 'I cannot look that up without tools.' }
    if (typeof choice === 'object') return { calls: [{ name: choice.name, args: { city: 'Paris' } }] }
    if (conversation.results.length > 0 && (parallel !== false || conversation.assistantTurns >= cityCalls(text).length)) {
      return { text: `Summary: ${conversation.results.map((result) => result.content).join(' | ')}` }
    }
    if (text === prompt('tool_choice_required')) return choice === 'required' ? { calls: [{ name: 'get_time', args: { city: 'Paris' } }] } : { text: 'Hello!' }
    if (text === prompt('arguments_valid')) return { calls: [{ name: 'create_ticket', args: { title: 'Printer jammed', priority: 2, urgent: true } }] }
    if (text === prompt('schema_honoured')) {
      return { calls: [{ name: 'book_flight', args: { route: { from: 'OSL', to: 'CDG' }, cabin: deviation === 'ignores_enum' ? 'Business' : 'business', passengers: [{ name: 'Ada', seat: 'window' }, { name: 'Linus', seat: 'aisle' }] } }] }
    }
    if (text === prompt('unicode_arguments')) return { calls: [{ name: 'save_note', args: { text: /«(.*)»/s.exec(text)![1]! } }] }
    if (text === prompt('many_tools')) return { calls: [{ name: 'get_exchange_rate', args: { from: 'EUR', to: 'JPY' } }] }
    const calls = cityCalls(text)
    if (calls.length === 0) return { text: 'Nothing to look up.' }
    return { calls: parallel === false ? calls.slice(conversation.assistantTurns, conversation.assistantTurns + 1) : calls }
  }
}

/** Python's repr of a JSON value, as a hermes-style template writes a dict (`{'urgent': True}`): not JSON. */
function pythonRepr(value: unknown): string {
  if (value === true) return 'True'
  if (value === false) return 'False'
  if (value === null) return 'None'
  if (typeof value === 'string') return `'${value.replace(/'/g, "\\'")}'`
  if (Array.isArray(value)) return `[${value.map(pythonRepr).join(', ')}]`
  if (typeof value === 'object') return `{${Object.entries(value as object).map(([key, item]) => `'${key}': ${pythonRepr(item)}`).join(', ')}}`
  return String(value)
}

function hasBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return true
  if (typeof value === 'object' && value !== null) return Object.values(value).some(hasBoolean)
  return false
}

/** Every non-ASCII character of a JSON text escaped twice (`\\u00fc`): the receiver decodes the escape, not the character. */
function escapedTwice(json: string): string {
  return json.replace(/[^\x00-\x7f]/g, (char) => `\\\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

type ChatCall = { id?: string; function: { name: string; arguments: string } }
type ChatBody = { choices: { message: { tool_calls?: ChatCall[]; reasoning_content?: string } }[]; usage?: unknown }

function chatMessages(body: unknown): Record<string, unknown>[] {
  return isObject(body) && Array.isArray(body.messages) ? body.messages.filter(isObject) : []
}

/**
 * The chat (openai-compatible) stand-in's protocol: the fake Chat Completions API wrapped (composed, so its checks and
 * its event streams stay its own), plus — like DeepSeek's thinking mode — `reasoning_content` on the answers to the
 * reasoning probe, checked to come back unchanged; then the wire-level deviation, if one is planted: a refusal where
 * the request is read, the answer mangled where it is written.
 */
function chatStandIn(deviation: Deviation | undefined): Protocol {
  const inner = protocolFor('openai-compatible', deviation === 'missing_ids' ? { missingIds: true } : deviation === 'stop_with_calls' ? { wrongFinishReason: true } : {})
  const issued = new IssuedTokens()
  return {
    ...inner,
    parse(request, apiKey) {
      const conversation = inner.parse(request, apiKey)
      const assistants = chatMessages(request.body).filter((message) => message.role === 'assistant')
      check(deviation !== 'rejects_reasoning_state' || assistants.every((message) => message.reasoning_content === undefined), 'messages: reasoning_content is not supported in input messages')
      check(deviation !== 'rejects_many_tools' || conversation.toolNames.length <= 64, `tools: at most 64 tools are supported, got ${conversation.toolNames.length}`)
      if (conversation.prompt === reasoningPrompt) check(assistants.every((message) => issued.has(message.reasoning_content)), 'Missing `reasoning_content` field in the assistant message')
      return conversation
    },
    render(turn, conversation, tag) {
      const body = inner.render(turn, conversation, tag) as ChatBody
      const message = body.choices[0]!.message
      if (conversation.prompt === reasoningPrompt) message.reasoning_content = issued.issue('thought', tag)
      const calls = message.tool_calls ?? []
      for (const call of calls) {
        if (deviation === 'duplicate_ids') call.id = calls[0]!.id
        const args = JSON.parse(call.function.arguments) as unknown
        if (deviation === 'python_arguments' && hasBoolean(args)) call.function.arguments = pythonRepr(args)
        if (deviation === 'double_escaped_unicode') call.function.arguments = escapedTwice(call.function.arguments)
      }
      if (deviation === 'no_usage') delete body.usage
      return body
    },
    events(answer, conversation) {
      const frames = inner.events!(answer, conversation)
      return deviation === 'merged_stream_calls' || deviation === 'bunched_stream_arguments' ? mangledStream(frames, deviation) : frames
    },
  }
}

type ChatChunk = { choices: { delta: { tool_calls?: { index: number; id?: string; function?: { name?: string; arguments?: string } }[] }; finish_reason: string | null }[] }

/**
 * A chat stream as two real hosts' streams deviate: `merged` — every call of a turn of two or more on index 0, each
 * whole in one delta with its own id and name (Ollama; toolgauge assembles them apart, stream_equivalence reports the
 * deviation, and parallel_calls, streamed, shows the calls are scored as the model made them); `bunched` — in a
 * stream of three or more calls (where stream_equivalence looks), each call's arguments after its first fragment
 * withheld, then flushed whole before the finish chunk, repeating the fragment already sent.
 */
function mangledStream(frames: readonly SseFrame[], deviation: 'merged_stream_calls' | 'bunched_stream_arguments'): SseFrame[] {
  const chunks = frames.map((frame) => (frame.data === '[DONE]' ? undefined : (JSON.parse(frame.data) as ChatChunk)))
  const callDelta = (chunk: ChatChunk | undefined) => chunk?.choices[0]?.delta.tool_calls?.[0]
  const calls = chunks.filter((chunk) => callDelta(chunk)?.function?.name !== undefined).length
  if (deviation === 'merged_stream_calls') return calls >= 2 ? callsOnOneIndex(frames) : [...frames]
  if (calls < 3) return [...frames]
  const whole = new Map<number, string>()
  const out: SseFrame[] = []
  frames.forEach((frame, index) => {
    const chunk = chunks[index]
    const delta = callDelta(chunk)
    if (delta && delta.function?.name === undefined && typeof delta.function?.arguments === 'string') {
      const before = whole.get(delta.index)
      whole.set(delta.index, (before ?? '') + delta.function.arguments)
      if (before === undefined) out.push(frame)
      return
    }
    if (chunk?.choices[0]?.finish_reason) {
      for (const [callIndex, text] of whole) {
        out.push(jsonFrame({ ...chunk, choices: [{ index: 0, delta: { tool_calls: [{ index: callIndex, function: { arguments: text } }] }, logprobs: null, finish_reason: null }] }))
      }
    }
    out.push(frame)
  })
  return out
}

/** A stand-in host for one protocol: the correct one, or (openai-compatible only) with one deviation planted. */
export async function startStandIn(kind: ProviderKind, deviation?: Deviation): Promise<Loopback> {
  if (deviation !== undefined && kind !== 'openai-compatible') throw new Error('deviations are planted on the openai-compatible stand-in')
  const protocol = kind === 'openai-compatible' ? chatStandIn(deviation) : protocolFor(kind)
  return startLoopback(fakeApi(protocol, conformanceModel(deviation), keyFor(kind)))
}

/** The model name each stand-in serves: one that reasons where the fake API ties reasoning to the name. */
export const standInModels: { readonly [kind in ProviderKind]: string } = {
  openai: 'gpt-4.1-mini',
  'openai-responses': 'o4-mini',
  anthropic: 'claude-haiku-4-5',
  'openai-compatible': 'qwen3:8b',
  google: 'gemini-3-flash',
}

export { unicodeNote }
