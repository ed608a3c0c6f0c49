import type Anthropic from '@anthropic-ai/sdk'
import type { ContentBlock, Message, MessageCreateParamsStreaming, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages'
import { parseJsonOrText } from '../../http/stable-json.ts'
import type { SdkRequestOptions } from '../runtime/sdk-call.ts'

type Block = ContentBlock & { text?: string; thinking?: string; signature?: string; input?: unknown; citations?: unknown[] | null }

/**
 * Sends a streaming Messages request and assembles the events the SDK parsed (`message_start`, `content_block_start`
 * / `_delta` / `_stop` by index, `message_delta` with the stop reason and usage) into the Message a non-streamed
 * request returns. Not the SDK's MessageStream: it parses each tool_use block's `input_json_delta` text when the block
 * closes and throws when that text is not JSON, which would make a model's malformed arguments a provider error.
 * Here such a block keeps the text itself as its `input`, which the reader takes as the call's argument text, and the
 * loop scores as `malformed_arguments`. Usage merges as the SDK merges it: `output_tokens` from `message_delta`,
 * the other counters overwritten only when present.
 */
export async function streamAnthropicMessage(client: Anthropic, body: MessageCreateParamsStreaming, options: SdkRequestOptions): Promise<Message> {
  const stream = await client.messages.create(body, options)
  let message: (Message & { content: Block[] }) | undefined
  const json = new Map<number, string>()
  for await (const event of stream) message = apply(message, event, json)
  // The HTTP layer refused a stream without message_start (stream-checks.ts); a custom fetch may not have.
  if (!message) throw new Error('the stream ended without a message_start event')
  return message
}

function apply(message: (Message & { content: Block[] }) | undefined, event: RawMessageStreamEvent, json: Map<number, string>): (Message & { content: Block[] }) | undefined {
  if (event.type === 'message_start') return { ...event.message, content: [] }
  if (!message) return message
  switch (event.type) {
    case 'content_block_start':
      message.content[event.index] = { ...event.content_block } as Block
      if (event.content_block.type === 'tool_use') json.set(event.index, '')
      break
    case 'content_block_delta': {
      const block = message.content[event.index]
      if (!block) break
      const delta = event.delta
      if (delta.type === 'text_delta') block.text = (block.text ?? '') + delta.text
      else if (delta.type === 'input_json_delta') json.set(event.index, (json.get(event.index) ?? '') + delta.partial_json)
      else if (delta.type === 'thinking_delta') block.thinking = (block.thinking ?? '') + delta.thinking
      else if (delta.type === 'signature_delta') block.signature = delta.signature
      else if (delta.type === 'citations_delta') block.citations = [...(block.citations ?? []), delta.citation]
      break
    }
    case 'content_block_stop': {
      const block = message.content[event.index]
      const text = json.get(event.index)
      if (block && text !== undefined && text !== '') block.input = parseJsonOrText(text)
      break
    }
    case 'message_delta': {
      message.stop_reason = event.delta.stop_reason
      message.stop_sequence = event.delta.stop_sequence
      if (event.delta.stop_details !== undefined) message.stop_details = event.delta.stop_details
      const usage = event.usage as unknown as Record<string, unknown>
      const total = message.usage as unknown as Record<string, unknown>
      for (const [field, value] of Object.entries(usage)) if (value !== null && value !== undefined) total[field] = value
      break
    }
  }
  return message
}
