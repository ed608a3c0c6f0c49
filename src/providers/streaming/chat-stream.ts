import { OpenAIError } from 'openai'
import type OpenAI from 'openai'
import type { ChatCompletionSnapshot, ChatCompletionStreamParams } from 'openai/lib/ChatCompletionStream'
import type { ChatCompletion, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import type { SdkRequestOptions } from '../runtime/sdk-call.ts'
import { chatContentText, chatMessageReasoningFields } from '../wire/chat-completions-response.ts'

/** A Chat Completions body made a streaming one: `stream: true`, and usage in the last chunk (else a stream has none). */
export function streamingChatBody(body: ChatCompletionCreateParamsNonStreaming): ChatCompletionStreamParams {
  return { ...body, stream: true, stream_options: { ...body.stream_options, include_usage: true } }
}

// Shapes the SDK's finalization refuses that the non-streamed path reads (a call with no id or type, a message with
// no role — some compatible servers): the snapshot the SDK accumulated is read instead, and the loop gives ids.
const finalizationGap = /^missing (role for choice|choices\[\d+\]\.tool_calls\[\d+\]\.(id|type)\b)/

/**
 * Sends a streaming request through the SDK's `chat.completions.stream` and returns the completion its
 * ChatCompletionStream assembled from the `chat.completion.chunk` events (`delta.tool_calls[index]` fragments joined
 * per index), in the shape of a non-streamed answer, so the same reader maps it.
 */
export async function streamChatCompletion(client: OpenAI, body: ChatCompletionStreamParams, options: SdkRequestOptions): Promise<ChatCompletion> {
  const stream = client.chat.completions.stream(body, options)
  let snapshot: ChatCompletionSnapshot | undefined
  const reasoning = new ReasoningDeltas()
  const content = new ContentDeltas()
  stream.on('chunk', (chunk, current) => {
    snapshot = current
    reasoning.add(chunk.choices[0]?.delta)
    content.add(chunk.choices[0]?.delta)
  })
  let completion: ChatCompletion
  try {
    completion = await stream.finalChatCompletion()
  } catch (error) {
    if (!snapshot || !(error instanceof OpenAIError) || !finalizationGap.test(error.message)) throw error
    completion = snapshot as unknown as ChatCompletion
  }
  return content.into(reasoning.into(completion))
}

/**
 * The message's text, joined over the deltas, when a delta's content was a list of chunks (Mistral's reasoning models
 * stream `[{type: "text", text}]`): the SDK appends each delta's content as a string, which made such a list
 * "[object Object]". Streams of string content are left as the SDK assembled them.
 */
class ContentDeltas {
  private text = ''
  private chunked = false

  add(delta: object | undefined): void {
    const content = (delta as { content?: unknown } | undefined)?.content
    if (Array.isArray(content)) this.chunked = true
    this.text += chatContentText(content)
  }

  into(completion: ChatCompletion): ChatCompletion {
    const message = completion.choices?.[0]?.message as unknown as Record<string, unknown> | undefined
    if (message && this.chunked) message.content = this.text
    return completion
  }
}

/**
 * The reasoning fields of the message, joined over the deltas. The SDK merges fields it does not know by assignment,
 * so a `reasoning_content` streamed in pieces would keep only its last piece — and go back to the host altered.
 * Text is concatenated, arrays (OpenRouter's `reasoning_details`) appended, anything else the last value.
 */
class ReasoningDeltas {
  private readonly fields = new Map<string, unknown>()

  add(delta: object | undefined): void {
    if (!delta) return
    for (const field of chatMessageReasoningFields) {
      const value = (delta as Record<string, unknown>)[field]
      if (value === undefined || value === null) continue
      const before = this.fields.get(field)
      if (typeof value === 'string' && typeof before === 'string') this.fields.set(field, before + value)
      else if (Array.isArray(value) && Array.isArray(before)) this.fields.set(field, [...before, ...value])
      else this.fields.set(field, value)
    }
  }

  into(completion: ChatCompletion): ChatCompletion {
    const message = completion.choices?.[0]?.message as unknown as Record<string, unknown> | undefined
    if (message) for (const [field, value] of this.fields) message[field] = value
    return completion
  }
}
