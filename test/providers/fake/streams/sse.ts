// Server-sent events as the fake APIs write them. A stream is a list of frames, so a stand-in can plant a deviation
// (drop the end event, add an event after it, rename a call …) by editing the list before it is sent.

/** One SSE event: `event: <event>` (when named) and `data: <data>`. */
export type SseFrame = { readonly event?: string; readonly data: string }

/** A JSON event, named by its `type` when `named` (Responses and Anthropic name every event; chat and Gemini do not). */
export function jsonFrame(value: { readonly type?: string; readonly [key: string]: unknown }, named = false): SseFrame {
  return { ...(named && value.type !== undefined ? { event: value.type } : {}), data: JSON.stringify(value) }
}

/** A frame on the wire: its lines, then the blank line that ends it. */
export function frameText(frame: SseFrame): string {
  return `${frame.event !== undefined ? `event: ${frame.event}\n` : ''}${frame.data.split('\n').map((line) => `data: ${line}`).join('\n')}\n\n`
}

/** A text cut into `count` pieces (at least one, possibly empty), as a model streams it. */
export function pieces(text: string, count = 3): string[] {
  if (text.length === 0) return ['']
  const size = Math.ceil(text.length / count)
  const result: string[] = []
  for (let start = 0; start < text.length; start += size) result.push(text.slice(start, start + size))
  return result
}
