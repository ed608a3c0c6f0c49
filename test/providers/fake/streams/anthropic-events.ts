import { jsonFrame, pieces, type SseFrame } from './sse.ts'

type Json = Record<string, any>

/**
 * A Messages answer as the API streams it (every event named by its `type`): `message_start` with the message, no
 * content yet and the input usage; a `ping`; per content block `content_block_start` (text empty, tool_use with
 * `input: {}`, thinking empty), its deltas (`text_delta`, `input_json_delta` fragments of the input's JSON,
 * `thinking_delta` then `signature_delta`) and `content_block_stop`; `message_delta` with the stop reason and the
 * output usage; `message_stop`.
 */
export function anthropicEvents(message: Json): SseFrame[] {
  const frames: SseFrame[] = []
  const emit = (event: Json) => frames.push(jsonFrame(event, true))
  emit({ type: 'message_start', message: { ...message, content: [], stop_reason: null, stop_sequence: null, usage: { ...message.usage, output_tokens: 1 } } })
  emit({ type: 'ping' })
  ;(message.content as Json[]).forEach((block, index) => {
    if (block.type === 'text') {
      emit({ type: 'content_block_start', index, content_block: { type: 'text', text: '' } })
      for (const text of pieces(block.text)) emit({ type: 'content_block_delta', index, delta: { type: 'text_delta', text } })
    } else if (block.type === 'tool_use') {
      emit({ type: 'content_block_start', index, content_block: { ...block, input: {} } })
      // A string input is argument text planted as it is (a stand-in whose model wrote JSON that does not parse).
      const text = typeof block.input === 'string' ? block.input : JSON.stringify(block.input)
      if (text !== '{}') for (const partial of ['', ...pieces(text)]) emit({ type: 'content_block_delta', index, delta: { type: 'input_json_delta', partial_json: partial } })
    } else if (block.type === 'thinking') {
      emit({ type: 'content_block_start', index, content_block: { type: 'thinking', thinking: '', signature: '' } })
      for (const thinking of pieces(block.thinking)) emit({ type: 'content_block_delta', index, delta: { type: 'thinking_delta', thinking } })
      emit({ type: 'content_block_delta', index, delta: { type: 'signature_delta', signature: block.signature } })
    } else {
      // redacted_thinking (and any other block) arrives whole in its start event.
      emit({ type: 'content_block_start', index, content_block: block })
    }
    emit({ type: 'content_block_stop', index })
  })
  emit({ type: 'message_delta', delta: { stop_reason: message.stop_reason, stop_sequence: message.stop_sequence ?? null }, usage: { output_tokens: message.usage.output_tokens } })
  emit({ type: 'message_stop' })
  return frames
}
