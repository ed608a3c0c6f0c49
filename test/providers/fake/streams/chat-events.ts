import { jsonFrame, pieces, type SseFrame } from './sse.ts'

type Json = Record<string, any>

/** Fields of an assistant message that stream as deltas of their own (reasoning of DeepSeek, gpt-oss hosts, OpenRouter). */
const reasoningTextFields = ['reasoning_content', 'reasoning'] as const

/**
 * A Chat Completions answer as `chat.completion.chunk` events, the way the API streams it: a first delta with the role,
 * reasoning and content in pieces, each tool call opened by a delta with its `index`, `id`, `type` and name (and any
 * provider fields such as a thought signature), then the argument fragments of all calls interleaved by index, a last
 * chunk with the finish reason, the usage chunk (`choices: []`, only with `stream_options.include_usage`) and
 * `data: [DONE]`.
 */
export function chatEvents(completion: Json, options: { readonly includeUsage: boolean }): SseFrame[] {
  const base = { id: completion.id, object: 'chat.completion.chunk', created: completion.created, model: completion.model, system_fingerprint: null }
  const choice = completion.choices[0] as Json
  const message = choice.message as Json
  const frames: SseFrame[] = []
  const chunk = (delta: Json, finish: string | null = null) =>
    frames.push(jsonFrame({ ...base, choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] }))
  chunk({ role: 'assistant', content: '', refusal: null })
  for (const field of reasoningTextFields) {
    if (typeof message[field] === 'string') for (const piece of pieces(message[field])) chunk({ [field]: piece })
  }
  if (Array.isArray(message.reasoning_details)) for (const detail of message.reasoning_details) chunk({ reasoning_details: [detail] })
  if (typeof message.content === 'string' && message.content !== '') for (const piece of pieces(message.content)) chunk({ content: piece })
  const calls = (message.tool_calls ?? []) as Json[]
  calls.forEach((call, index) => {
    const { id, type, function: fn, ...extra } = call
    chunk({ tool_calls: [{ index, ...(id !== undefined ? { id } : {}), type, function: { name: fn.name, arguments: '' }, ...extra }] })
  })
  const fragments = calls.map((call) => (call.function.arguments === undefined ? [] : pieces(typeof call.function.arguments === 'string' ? call.function.arguments : JSON.stringify(call.function.arguments))))
  for (let round = 0; fragments.some((list) => round < list.length); round++) {
    fragments.forEach((list, index) => {
      if (round < list.length) chunk({ tool_calls: [{ index, function: { arguments: list[round] } }] })
    })
  }
  chunk({}, choice.finish_reason)
  if (options.includeUsage) frames.push(jsonFrame({ ...base, choices: [], usage: completion.usage }))
  frames.push({ data: '[DONE]' })
  return frames
}
