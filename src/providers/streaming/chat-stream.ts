import { OpenAIError } from 'openai'
import type OpenAI from 'openai'
import { ChatCompletionStream, type ChatCompletionSnapshot, type ChatCompletionStreamParams } from 'openai/lib/ChatCompletionStream'
import type { ChatCompletion, ChatCompletionChunk, ChatCompletionCreateParamsNonStreaming } from 'openai/resources/chat/completions'
import { getOrCreate } from '../../core/get-or-create.ts'
import type { SdkRequestOptions } from '../runtime/sdk-call.ts'
import { chatContentText, chatMessageReasoningFields } from '../wire/chat-completions-response.ts'
import { CallPositions } from './call-positions.ts'

/** A Chat Completions body made a streaming one: `stream: true`, and usage in the last chunk (else a stream has none). */
export function streamingChatBody(body: ChatCompletionCreateParamsNonStreaming): ChatCompletionStreamParams {
  return { ...body, stream: true, stream_options: { ...body.stream_options, include_usage: true } }
}

// Shapes the SDK's finalization refuses that the non-streamed path reads (a call with no id or type, a message with
// no role — some compatible servers): the snapshot the SDK accumulated is read instead, and the loop gives ids.
const finalizationGap = /^missing (role for choice|choices\[\d+\]\.tool_calls\[\d+\]\.(id|type)\b)/

/**
 * Sends a streaming request through the SDK's ChatCompletionStream (what `chat.completions.stream` makes) and returns
 * the completion it assembled from the `chat.completion.chunk` events, in the shape of a non-streamed answer, so the
 * same reader maps it. The SDK joins `delta.tool_calls[]` fragments by `index`: each delta's index is first made its
 * call's position (call-positions.ts), so several calls a host streamed on one index come out as the calls they are.
 */
export async function streamChatCompletion(client: OpenAI, body: ChatCompletionStreamParams, options: SdkRequestOptions): Promise<ChatCompletion> {
  const calls = new CallsPlaced()
  const stream = ChatCompletionStream.createChatCompletion(calls.client(client), body, options)
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
  return calls.into(content.into(reasoning.into(completion)))
}

/** The async iterable of chunks the SDK's ChatCompletionStream reads (`chat.completions.create` with `stream: true`). */
type ChunkStream = AsyncIterable<ChatCompletionChunk> & { readonly controller: AbortController }

/**
 * The tool-call deltas of each choice placed by call (call-positions.ts) before the SDK joins them: each delta's
 * `index` becomes its call's position. For a host keeping OpenAI's rule that is the index it sent.
 */
class CallsPlaced {
  private readonly choices = new Map<number, CallPositions>()

  /** The client the SDK's stream is given: the same requests, the chunks' tool-call indexes made positions. */
  client(client: OpenAI): OpenAI {
    const create = async (...args: Parameters<OpenAI['chat']['completions']['create']>): Promise<ChunkStream> => {
      const chunks = (await client.chat.completions.create(...args)) as unknown as ChunkStream
      const place = (chunk: ChatCompletionChunk) => this.place(chunk)
      return {
        controller: chunks.controller,
        async *[Symbol.asyncIterator]() {
          for await (const chunk of chunks) yield place(chunk)
        },
      }
    }
    return { chat: { completions: { create } } } as unknown as OpenAI
  }

  private place(chunk: ChatCompletionChunk): ChatCompletionChunk {
    // Read loosely: the stream check (wire/stream-checks.ts) has refused a delta without a numeric index.
    if (!chunk.choices?.some((choice) => Array.isArray(choice?.delta?.tool_calls))) return chunk
    const choices = chunk.choices.map((choice) => {
      const deltas = choice.delta?.tool_calls
      if (!Array.isArray(deltas)) return choice
      const positions = getOrCreate(this.choices, choice.index, () => new CallPositions())
      const tool_calls = deltas.map((delta) => ({ ...delta, index: positions.place({ index: delta.index, id: delta.id, name: delta.function?.name }) }))
      return { ...choice, delta: { ...choice.delta, tool_calls } }
    })
    return { ...chunk, choices }
  }

  /**
   * The SDK keeps no call's index. Where the host streamed several calls on one index, each call keeps the index it
   * came on (`index`): the answer is assembled right, and the transcript still shows how the host streamed it
   * (conformance's stream_equivalence reports it as the deviation from OpenAI's rule it is).
   */
  into(completion: ChatCompletion): ChatCompletion {
    for (const choice of completion.choices ?? []) {
      const indexes = this.choices.get(choice.index)?.sharedIndexes()
      const calls = choice.message?.tool_calls
      if (indexes && calls) calls.forEach((call, position) => Object.assign(call, { index: indexes[position] }))
    }
    return completion
  }
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
