import { jsonFrame, type SseFrame } from './sse.ts'

type Json = Record<string, any>

const callDeltas = (chunk: Json | undefined): Json[] | undefined => chunk?.choices?.[0]?.delta?.tool_calls

/**
 * A chat stream's calls as Ollama streams them (ollama/ollama#15457): every call of the turn on `index: 0`, each in
 * one delta with its own id, type, name and whole arguments, in call order, before the finish chunk. Joined by index,
 * as OpenAI's rule says, they are one call; they are the same calls as the answer not streamed.
 */
export function callsOnOneIndex(frames: readonly SseFrame[]): SseFrame[] {
  const chunks = frames.map((frame) => (frame.data === '[DONE]' ? undefined : (JSON.parse(frame.data) as Json)))
  const calls = new Map<number, Json>()
  for (const chunk of chunks) {
    for (const delta of callDeltas(chunk) ?? []) {
      const call = calls.get(delta.index)
      if (!call) calls.set(delta.index, { ...delta, index: 0, function: { ...delta.function, arguments: delta.function?.arguments ?? '' } })
      else call.function.arguments += delta.function?.arguments ?? ''
    }
  }
  const out: SseFrame[] = []
  frames.forEach((frame, position) => {
    const chunk = chunks[position]
    if (callDeltas(chunk)) return
    if (chunk?.choices?.[0]?.finish_reason) {
      for (const call of calls.values()) out.push(jsonFrame({ ...chunk, choices: [{ index: 0, delta: { tool_calls: [call] }, logprobs: null, finish_reason: null }] }))
    }
    out.push(frame)
  })
  return out
}
