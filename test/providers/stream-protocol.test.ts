// Streams that break their protocol are no turn: a ProviderError naming the event, after the HTTP layer retried
// them like a 5xx. Streams whose assembled arguments are not JSON are model output, kept byte for byte for the
// scorer (malformed_arguments). Each break is planted in a correct stand-in stream, one at a time.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { parseArguments } from '../../src/loop/parse-arguments.ts'
import { weatherModel } from './fake/behaviour.ts'
import { baseUrlFor, fastRetries, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer, type ProviderKind } from './fake/harness.ts'
import type { Handler } from './fake/loopback.ts'
import type { SseFrame } from './fake/streams/sse.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

type Json = Record<string, any>
type Plant = (frames: SseFrame[]) => SseFrame[]

const data = (frame: SseFrame): Json => JSON.parse(frame.data) as Json
const json = (value: Json, named = false): SseFrame => ({ ...(named ? { event: value.type as string } : {}), data: JSON.stringify(value) })
const editWhere = (frames: SseFrame[], test: (value: Json) => boolean, edit: (value: Json) => void, named = false): SseFrame[] => {
  const index = frames.findIndex((frame) => frame.data !== '[DONE]' && test(data(frame)))
  expect(index, 'the frame to plant in').toBeGreaterThanOrEqual(0)
  const value = data(frames[index]!)
  edit(value)
  return frames.map((frame, position) => (position === index ? json(value, named) : frame))
}
const insertBefore = (frames: SseFrame[], test: (frame: SseFrame) => boolean, frame: SseFrame): SseFrame[] => {
  const index = frames.findIndex(test)
  return [...frames.slice(0, index), frame, ...frames.slice(index)]
}

type Break = { readonly name: string; readonly plant: Plant; readonly message: RegExp }

// Per protocol: an argument fragment for a call no event started, a call without a name, an event after the end,
// a stream that stops without its end event.
const breaks: { readonly [K in Exclude<ProviderKind, 'openai-compatible'>]: readonly Break[] } = {
  openai: [
    {
      name: 'an argument fragment for an unknown call index',
      plant: (frames) => insertBefore(frames, (frame) => frame.data !== '[DONE]' && data(frame).choices?.[0]?.finish_reason, json({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: 7, function: { arguments: '{"city":' } }] }, finish_reason: null }] })),
      message: /event \d+ \(chat\.completion\.chunk\) has an argument fragment for call index 7, which no event started/,
    },
    {
      name: 'a call without a name',
      plant: (frames) => editWhere(frames, (chunk) => chunk.choices?.[0]?.delta?.tool_calls?.[0]?.id !== undefined, (chunk) => { chunk.choices[0].delta.tool_calls[0].function.name = '' }),
      message: /call index 0, started at event \d+ \(chat\.completion\.chunk\), never got a name/,
    },
    { name: 'an event after the end', plant: (frames) => [...frames, frames[1]!], message: /event \d+ \(chat\.completion\.chunk\) came after the end of the stream \(data: \[DONE\] at event \d+\)/ },
    { name: 'no end event', plant: (frames) => frames.filter((frame) => frame.data !== '[DONE]'), message: /the stream stopped after \d+ events without its end \(data: \[DONE\]\)/ },
    {
      // The streamed twin of a message with content null and nothing else: no turn of the model (it would pass a no-call case).
      name: 'no delta carrying text, a call, a refusal or reasoning',
      plant: (frames) => frames.map((frame) => {
        if (frame.data === '[DONE]') return frame
        const chunk = data(frame)
        for (const choice of chunk.choices ?? []) choice.delta = {}
        return json(chunk)
      }),
      message: /no answer: the Chat Completions answer's choices\[0\]\.message has no content, tool call or refusal/,
    },
    // The SDK joins whatever arrives on one index into one call: a name sent again differently is kept as its last
    // (a name in pieces became hallucinated_tool), an object fragment appended as "[object Object]"
    // (malformed_arguments) — each scored against the model though the server broke the stream.
    {
      name: 'a call renamed by a later delta',
      plant: (frames) => insertBefore(frames, (frame) => frame.data !== '[DONE]' && data(frame).choices?.[0]?.finish_reason, json({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'weather' } }] }, finish_reason: null }] })),
      message: /event \d+ \(chat\.completion\.chunk\) names call index 0 "weather", which event \d+ \(chat\.completion\.chunk\) named "get_weather"/,
    },
    {
      name: 'an argument fragment that is not text',
      plant: (frames) => insertBefore(frames, (frame) => frame.data !== '[DONE]' && data(frame).choices?.[0]?.finish_reason, json({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { arguments: { city: 'Paris' } } }] }, finish_reason: null }] })),
      message: /event \d+ \(chat\.completion\.chunk\) has an argument fragment for call index 0 that is not text \(an object\)/,
    },
  ],
  'openai-responses': [
    {
      name: 'an argument fragment for an unknown output index',
      plant: (frames) => insertBefore(frames, (frame) => frame.event === 'response.completed', json({ type: 'response.function_call_arguments.delta', item_id: 'fc_x', output_index: 9, delta: '{' }, true)),
      message: /event \d+ \(response\.function_call_arguments\.delta\) has an argument fragment for output index 9/,
    },
    {
      name: 'a call without a name',
      plant: (frames) => editWhere(frames, (event) => event.type === 'response.output_item.done' && event.item.type === 'function_call', (event) => { event.item.name = '' }, true),
      message: /event \d+ \(response\.output_item\.done\) closes a function_call without a name/,
    },
    { name: 'an event after the end', plant: (frames) => [...frames, frames[1]!], message: /event \d+ \(response\.in_progress\) came after the end of the stream/ },
    { name: 'no end event', plant: (frames) => frames.filter((frame) => frame.event !== 'response.completed'), message: /without its end \(response\.completed\)/ },
    // The final response is the SDK's answer: an item of it that is null made the reader throw a bare TypeError.
    {
      name: 'a final response with an output item that is null',
      plant: (frames) => editWhere(frames, (event) => event.type === 'response.completed', (event) => { event.response.output.push(null) }, true),
      message: /the assembled answer: no answer: the Responses answer's output\[\d+\] is null, not an output item/,
    },
  ],
  anthropic: [
    {
      name: 'an argument fragment for an unknown block index',
      plant: (frames) => insertBefore(frames, (frame) => frame.event === 'message_delta', json({ type: 'content_block_delta', index: 9, delta: { type: 'input_json_delta', partial_json: '{' } }, true)),
      message: /event \d+ \(content_block_delta\) is for content block index 9, which no content_block_start opened/,
    },
    {
      name: 'a call without a name',
      plant: (frames) => editWhere(frames, (event) => event.type === 'content_block_start' && event.content_block.type === 'tool_use', (event) => { event.content_block.name = '' }, true),
      message: /event \d+ \(content_block_start\) opens a tool_use block without a name/,
    },
    { name: 'an event after the end', plant: (frames) => [...frames, frames[1]!], message: /event \d+ \(ping\) came after the end of the stream \(event \d+ \(message_stop\)\)/ },
    { name: 'no end event', plant: (frames) => frames.filter((frame) => frame.event !== 'message_stop'), message: /without its end \(message_stop\)/ },
    // Blocks are numbered 0, 1, 2… as the Message's content: a reused index overwrote a call the model made (a
    // case passed on the second call alone), a block never closed lost its arguments (missing_required).
    {
      name: 'a content block index opened twice',
      plant: (frames) => insertBefore(frames, (frame) => frame.event === 'message_delta', json({ type: 'content_block_start', index: 0, content_block: { type: 'tool_use', id: 'toolu_again', name: 'get_weather', input: {} } }, true)),
      message: /event \d+ \(content_block_start\) opens content block index 0 a second time \(event \d+ \(content_block_start\) opened it\)/,
    },
    {
      name: 'a content block index skipped',
      plant: (frames) => insertBefore(frames, (frame) => frame.event === 'message_delta', json({ type: 'content_block_start', index: 9, content_block: { type: 'text', text: '' } }, true)),
      message: /event \d+ \(content_block_start\) opens content block index 9, where the next block is index \d/,
    },
    {
      name: 'a tool_use block never closed',
      plant: (frames) => frames.filter((_frame, index) => index !== frames.findLastIndex((frame) => frame.event === 'content_block_stop')),
      message: /content block index \d+ \(tool_use\), opened at event \d+ \(content_block_start\), was never closed \(content_block_stop\)/,
    },
  ],
  google: [
    {
      name: 'a call without a name',
      plant: (frames) => editWhere(frames, (chunk) => chunk.candidates?.[0]?.content?.parts?.[0]?.functionCall !== undefined, (chunk) => { chunk.candidates[0].content.parts[0].functionCall.name = '' }),
      message: /event \d+ \(chunk\) has a functionCall part without a name/,
    },
    { name: 'an event after the end', plant: (frames) => [...frames, frames[0]!], message: /event \d+ \(chunk\) came after the end of the stream/ },
    {
      name: 'no end event',
      plant: (frames) => editWhere(frames, (chunk) => chunk.candidates?.[0]?.finishReason !== undefined, (chunk) => { delete chunk.candidates[0].finishReason }),
      message: /without its end \(a chunk with finishReason\)/,
    },
    {
      name: 'a part that is null',
      plant: (frames) => editWhere(frames, (chunk) => chunk.candidates?.[0]?.finishReason !== undefined, (chunk) => { chunk.candidates[0].content = { role: 'model', parts: [...(chunk.candidates[0].content?.parts ?? []), null] } }),
      message: /the assembled answer: no answer: the Gemini answer's candidates\[0\]\.content\.parts\[\d+\] is null, not a part/,
    },
  ],
}

/** Edits every stream the stand-in sends. */
const planting = (plant: Plant) => (handler: Handler): Handler => async (request, index) => {
  const reply = await handler(request, index)
  return reply.type === 'sse' ? { ...reply, frames: plant([...reply.frames]) } : reply
}

async function firstTurn(kind: ProviderKind, options: { wrap?: (handler: Handler) => Handler; editAnswer?: (answer: any) => unknown }) {
  setProviderEnv(kind, undefined)
  const server = await startFakeServer(kind, weatherModel, options)
  open.push(server)
  const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), settings: { stream: true }, retries: 1, ...fastRetries })
  const turn = provider.doGenerate({
    messages: [{ role: 'user', content: 'Weather in Paris and London?' }],
    tools: weatherTools,
    toolChoice: 'auto',
    context: { suite: 'weather', caseId: 'broken', repeat: 0, turn: 0 },
  })
  return { server, turn }
}

describe.each(Object.entries(breaks))('a %s stream that breaks the protocol', (kind, cases) => {
  it.each(cases)('is a ProviderError naming the event, after a retry: $name', async ({ plant, message }) => {
    const { server, turn } = await firstTurn(kind as ProviderKind, { wrap: planting(plant) })
    const error = await turn.catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error), String(error)).toBe(true)
    expect((error as Error).message).toMatch(/HTTP 200 from http:\/\/127\.0\.0\.1:\d+\/\S* with a broken event stream: /)
    expect((error as Error).message).toMatch(message)
    expect((error as Error).message).toMatch(/gave up after 1 retry/)
    expect(server.requests).toHaveLength(2)
  })
})

// Gemini sends each call whole (an object, never text): a malformed call is its MALFORMED_FUNCTION_CALL finish reason.
const malformed: { readonly [K in 'openai' | 'openai-compatible' | 'openai-responses' | 'anthropic']: (answer: Json) => void } = {
  openai: (answer) => { answer.choices[0].message.tool_calls[0].function.arguments = '{"city": Paris}' },
  'openai-compatible': (answer) => { answer.choices[0].message.tool_calls[0].function.arguments = '{"city": Paris}' },
  'openai-responses': (answer) => { answer.output.find((item: Json) => item.type === 'function_call').arguments = '{"city": Paris}' },
  anthropic: (answer) => { answer.content.find((block: Json) => block.type === 'tool_use').input = '{"city": Paris}' },
}

describe.each(Object.entries(malformed))('a %s stream whose arguments are not JSON', (kind, plant) => {
  it('is a turn: the call keeps the assembled text, which the loop reads as malformed', async () => {
    const { server, turn } = await firstTurn(kind as ProviderKind, { editAnswer: (answer: Json) => { plant(answer); return answer } })
    const answer = await turn
    expect(server.requests).toHaveLength(1)
    expect(answer.toolCalls[0]!.rawArguments).toBe('{"city": Paris}')
    expect(parseArguments(answer.toolCalls[0]!).parseError).toMatch(/^invalid JSON/)
    expect(JSON.parse(answer.toolCalls[1]!.rawArguments)).toEqual({ city: 'London' })
  })
})
