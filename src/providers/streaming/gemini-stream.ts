import type { GenerateContentParameters, GenerateContentResponse, GoogleGenAI, Part } from '@google/genai'

/**
 * Sends `streamGenerateContent?alt=sse` through the SDK's `generateContentStream` and merges its chunks into the
 * response a non-streamed request returns. The SDK has no accumulator for Gemini: each chunk holds the next parts
 * (text in pieces, function calls whole), the last one the finish reason and the full usage. Consecutive text pieces
 * of the same kind (answer or thought) join into one part, a thought signature staying on the part it closes; every
 * other part is kept as it came, in order.
 */
export async function streamGeminiContent(client: GoogleGenAI, params: GenerateContentParameters): Promise<GenerateContentResponse> {
  const stream = await client.models.generateContentStream(params)
  const parts: Part[] = []
  let last: GenerateContentResponse | undefined
  let finishReason: unknown
  let finishMessage: unknown
  for await (const chunk of stream) {
    last = chunk
    const candidate = chunk.candidates?.[0]
    for (const part of candidate?.content?.parts ?? []) appendPart(parts, part)
    if (candidate?.finishReason !== undefined) finishReason = candidate.finishReason
    if (candidate?.finishMessage !== undefined) finishMessage = candidate.finishMessage
  }
  if (!last) throw new Error('the stream ended without a chunk')
  const { sdkHttpResponse: _headers, candidates, ...answer } = last
  const candidate = candidates?.[0]
  const merged = candidate || parts.length > 0
    ? [{ ...candidate, content: { role: 'model', parts }, ...(finishReason !== undefined ? { finishReason } : {}), ...(finishMessage !== undefined ? { finishMessage } : {}) }]
    : undefined
  return { ...answer, ...(merged ? { candidates: merged } : {}) } as GenerateContentResponse
}

function appendPart(parts: Part[], part: Part): void {
  const previous = parts.at(-1)
  const joins = previous !== undefined && typeof previous.text === 'string' && typeof part.text === 'string' && previous.thoughtSignature === undefined
    && (previous.thought === true) === (part.thought === true) && Object.keys(part).every((key) => key === 'text' || key === 'thought' || key === 'thoughtSignature')
  if (!joins) {
    parts.push({ ...part })
    return
  }
  previous.text = `${previous.text ?? ''}${part.text ?? ''}`
  if (part.thoughtSignature !== undefined) previous.thoughtSignature = part.thoughtSignature
}
