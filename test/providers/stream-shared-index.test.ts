// Several tool calls streamed on one Chat Completions index (Ollama sends every call of a turn on index 0, each
// with its own id and name): the turn has the calls the answer not streamed has — names, arguments, ids, order —
// not one glued call scored as malformed or hallucinated. A fresh id on every delta of one call (LM Studio, Kimi) is
// still one call. On a shared index an id names its call, even an earlier one; a fragment without one continues the
// call last begun there. Through the real openai SDK against the loopback fake API.
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import type { ModelTurn } from '../../src/core/model-turn.ts'
import type { Behaviour } from './fake/behaviour.ts'
import { baseUrlFor, fastRetries, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer } from './fake/harness.ts'
import type { Handler } from './fake/loopback.ts'
import { callsOnOneIndex } from './fake/streams/one-index-calls.ts'
import type { SseFrame } from './fake/streams/sse.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

type Json = Record<string, any>

/** Three calls, two of one tool: glued by index they are one call of a name no tool has, or of arguments not JSON. */
const threeCalls: Behaviour = () => ({
  calls: [
    { name: 'get_weather', args: { city: 'Paris' } },
    { name: 'get_time', args: { tz: 'Europe/London' } },
    { name: 'get_weather', args: { city: 'Tokyo' } },
  ],
})

const sameTool: Behaviour = () => ({ calls: ['Paris', 'London', 'Tokyo'].map((city) => ({ name: 'get_weather', args: { city } })) })

const planting = (plant: (frames: SseFrame[]) => SseFrame[]) => (handler: Handler): Handler => async (request, index) => {
  const reply = await handler(request, index)
  return reply.type === 'sse' ? { ...reply, frames: plant([...reply.frames]) } : reply
}

/** A fresh id on every tool-call delta, the name on the first only (LM Studio, Kimi). */
const freshIdEachDelta = (frames: SseFrame[]): SseFrame[] =>
  frames.map((frame, position) => {
    if (frame.data === '[DONE]') return frame
    const chunk = JSON.parse(frame.data) as Json
    const deltas = chunk.choices?.[0]?.delta?.tool_calls as Json[] | undefined
    if (!deltas) return frame
    for (const delta of deltas) delta.id = `call_fresh_${position}`
    return { data: JSON.stringify(chunk) }
  })

/** Each tool-call delta as `edit` makes it, given the id of its call (from the delta that opened it on its index). */
const editDeltas = (frames: SseFrame[], edit: (delta: Json, id: string) => void): SseFrame[] => {
  const ids = new Map<number, string>()
  return frames.map((frame) => {
    if (frame.data === '[DONE]') return frame
    const chunk = JSON.parse(frame.data) as Json
    const deltas = chunk.choices?.[0]?.delta?.tool_calls as Json[] | undefined
    if (!deltas) return frame
    for (const delta of deltas) {
      if (delta.id !== undefined) ids.set(delta.index, delta.id)
      edit(delta, ids.get(delta.index)!)
    }
    return { data: JSON.stringify(chunk) }
  })
}

/** Every call on index 0, opened with its id and name, its argument fragments interleaved with the other calls' as `withId` says. */
const interleavedOnOneIndex = (withId: boolean) => (frames: SseFrame[]): SseFrame[] =>
  editDeltas(frames, (delta, id) => {
    if (withId) delta.id = id
    delta.index = 0
  })

/** Every call on index 0, in call order: its opening, then its argument fragments (without id), then the next call. */
const inOrderOnOneIndex = (frames: SseFrame[]): SseFrame[] => {
  const isCall = (frame: SseFrame) => frame.data !== '[DONE]' && (JSON.parse(frame.data) as Json).choices?.[0]?.delta?.tool_calls !== undefined
  const callOf = (frame: SseFrame) => (JSON.parse(frame.data) as Json).choices[0].delta.tool_calls[0].index as number
  const first = frames.findIndex(isCall)
  const calls = frames.filter(isCall).sort((a, b) => callOf(a) - callOf(b)) // stable: each call's opening stays first
  return interleavedOnOneIndex(false)([...frames.slice(0, first), ...calls, ...frames.filter((frame, position) => position > first && !isCall(frame))])
}

/** The first turn, streamed through a stream edited by `plant`, and the answer the fake API rendered for it. */
async function streamedTurn(plant: (frames: SseFrame[]) => SseFrame[], behaviour: Behaviour = threeCalls): Promise<{ turn: ModelTurn; answer: Json }> {
  setProviderEnv('openai-compatible', undefined)
  let answer: Json | undefined
  const server = await startFakeServer('openai-compatible', behaviour, { wrap: planting(plant), editAnswer: (rendered: Json) => (answer = rendered) })
  open.push(server)
  const provider = await makeProvider('openai-compatible', 'qwen3:8b', { baseUrl: baseUrlFor('openai-compatible', server.origin), settings: { stream: true }, retries: 0, ...fastRetries })
  const turn = await provider.doGenerate({
    messages: [{ role: 'user', content: 'Weather in Paris and Tokyo, and the time in London?' }],
    tools: weatherTools,
    toolChoice: 'auto',
    context: { suite: 'weather', caseId: 'one-index', repeat: 0, turn: 0 },
  })
  expect(server.violations).toEqual([])
  return { turn, answer: answer! }
}

const callsOf = (turn: ModelTurn) => turn.toolCalls.map((call) => ({ id: call.id, name: call.name, arguments: call.rawArguments }))
const answerCalls = (answer: Json) => (answer.choices[0].message.tool_calls as Json[]).map((call) => ({ id: call.id, name: call.function.name, arguments: call.function.arguments }))

describe('tool calls streamed on one Chat Completions index', () => {
  // Of other tools, glued they were a renamed call (a broken stream: errored); of one tool, one call whose
  // arguments are three objects in a row (malformed_arguments, scored against the model).
  it.each([
    ['of other tools', threeCalls],
    ['of one tool', sameTool],
  ])('each delta with a new id and a name begins a call: the calls %s are the answer not streamed has', async (_name, behaviour) => {
    const { turn, answer } = await streamedTurn(callsOnOneIndex, behaviour)
    expect(answerCalls(answer)).toHaveLength(3)
    expect(callsOf(turn)).toEqual(answerCalls(answer))
    expect(turn.finishReason.unified).toBe('tool-calls')
  })

  it('the wire payload keeps the index each call came on, as the host streamed it', async () => {
    const { turn } = await streamedTurn(callsOnOneIndex)
    const calls = (turn.raw?.response as Json).choices[0].message.tool_calls as Json[]
    expect(calls.map((call) => call.index)).toEqual([0, 0, 0])
  })

  it('a stream keeping one index per call is assembled as before, with no index kept on its calls', async () => {
    const { turn, answer } = await streamedTurn((frames) => frames)
    expect(callsOf(turn)).toEqual(answerCalls(answer))
    const calls = (turn.raw?.response as Json).choices[0].message.tool_calls as Json[]
    expect(calls.map((call) => call.index)).toEqual([undefined, undefined, undefined])
  })

  it('a fresh id on every delta of one call (LM Studio, Kimi) is still that call: names and arguments as not streamed', async () => {
    const { turn, answer } = await streamedTurn(freshIdEachDelta)
    expect(callsOf(turn).map(({ name, arguments: args }) => ({ name, args }))).toEqual(answerCalls(answer).map(({ name, arguments: args }) => ({ name, args })))
  })

  // The fake streams every call's opening, then the fragments of all calls interleaved: on one index, only an id can
  // say which call a fragment continues.
  it('fragments of earlier calls interleaved on the shared index, each with its call\'s id, go to the call that id names', async () => {
    const { turn, answer } = await streamedTurn(interleavedOnOneIndex(true))
    expect(callsOf(turn)).toEqual(answerCalls(answer))
  })

  it('a fragment without id on a shared index continues the call last begun there: calls streamed in order are the answer\'s', async () => {
    const { turn, answer } = await streamedTurn(inOrderOnOneIndex)
    expect(callsOf(turn)).toEqual(answerCalls(answer))
  })

  it('a name sent again differently on an index without a new id is still a broken stream, not a new call', async () => {
    const renamed = (frames: SseFrame[]): SseFrame[] => {
      const finish = frames.findIndex((frame) => frame.data !== '[DONE]' && (JSON.parse(frame.data) as Json).choices?.[0]?.finish_reason)
      const rename = { data: JSON.stringify({ id: 'x', object: 'chat.completion.chunk', choices: [{ index: 0, delta: { tool_calls: [{ index: 0, function: { name: 'get_time' } }] }, finish_reason: null }] }) }
      return [...frames.slice(0, finish), rename, ...frames.slice(finish)]
    }
    const error = await streamedTurn(renamed).catch((caught: unknown) => caught)
    expect(ProviderError.isInstance(error), String(error)).toBe(true)
    expect((error as Error).message).toMatch(/names call index 0 "get_time", which event \d+ \(chat\.completion\.chunk\) named "get_weather"/)
  })
})
