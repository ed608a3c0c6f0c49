import { jsonFrame, pieces, type SseFrame } from './sse.ts'

type Json = Record<string, any>

/**
 * A generateContent answer as `streamGenerateContent?alt=sse` sends it: unnamed events, each a GenerateContentResponse
 * chunk with the next parts of the first candidate — text and thought text in pieces (a thought signature on the
 * piece that closes its part), the function calls of a turn together in one chunk (Gemini sends a call whole) —
 * usage so far on every chunk, and the finish reason with the final usage on the last.
 */
export function geminiEvents(response: Json): SseFrame[] {
  const candidate = response.candidates?.[0] as Json | undefined
  const parts = (candidate?.content?.parts ?? []) as Json[]
  const chunks: Json[][] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index]!
    if (part.functionCall !== undefined) {
      const calls = [part]
      while (parts[index + 1]?.functionCall !== undefined) calls.push(parts[++index]!)
      chunks.push(calls)
      continue
    }
    if (typeof part.text === 'string') {
      const { text, thoughtSignature, ...rest } = part
      const split = pieces(text, 2)
      split.forEach((piece, position) => chunks.push([{ ...rest, text: piece, ...(position === split.length - 1 && thoughtSignature !== undefined ? { thoughtSignature } : {}) }]))
      continue
    }
    chunks.push([part])
  }
  if (chunks.length === 0) chunks.push([])
  const running = { promptTokenCount: response.usageMetadata?.promptTokenCount, totalTokenCount: response.usageMetadata?.promptTokenCount }
  return chunks.map((chunkParts, index) => {
    const lastChunk = index === chunks.length - 1
    return jsonFrame({
      candidates: [{ content: { role: 'model', parts: chunkParts }, index: 0, ...(lastChunk ? { finishReason: candidate?.finishReason, ...(candidate?.finishMessage ? { finishMessage: candidate.finishMessage } : {}) } : {}) }],
      usageMetadata: lastChunk ? response.usageMetadata : running,
      modelVersion: response.modelVersion,
      responseId: response.responseId,
    })
  })
}
