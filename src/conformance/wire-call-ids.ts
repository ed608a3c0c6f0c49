import { isPlainObject } from '../core/plain-object.ts'

// The call ids a host put in its answer, read from the wire payload the transcript keeps (`turn.raw.response`):
// the loop replaces a missing id with its own, so only the payload tells whether the host sent one.

function list(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isPlainObject) : []
}

/**
 * The id of each call in a Chat Completions, Responses, Messages or Gemini answer, in call order (`undefined` where
 * the host sent none); undefined when the payload is none of these (a custom provider, no payload kept).
 */
export function wireCallIds(response: unknown): (string | undefined)[] | undefined {
  if (!isPlainObject(response)) return undefined
  const id = (value: unknown) => (typeof value === 'string' ? value : undefined)
  // Chat Completions: choices[0].message.tool_calls[].id
  if (Array.isArray(response.choices)) {
    const message = list(response.choices)[0]?.message
    return list(isPlainObject(message) ? message.tool_calls : undefined).map((call) => id(call.id))
  }
  // Responses: output[] function_call items, linked by call_id.
  if (Array.isArray(response.output)) return list(response.output).filter((item) => item.type === 'function_call').map((item) => id(item.call_id))
  // Messages: content[] tool_use blocks.
  if (Array.isArray(response.content)) return list(response.content).filter((block) => block.type === 'tool_use').map((block) => id(block.id))
  // Gemini: candidates[0].content.parts[].functionCall.id
  if (Array.isArray(response.candidates)) {
    const content = list(response.candidates)[0]?.content
    const parts = list(isPlainObject(content) ? content.parts : undefined)
    return parts.filter((part) => isPlainObject(part.functionCall)).map((part) => id((part.functionCall as Record<string, unknown>).id))
  }
  return undefined
}
