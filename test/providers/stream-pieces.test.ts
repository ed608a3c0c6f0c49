// An event stream arrives in whatever pieces TCP makes of it: a piece may end inside an `event:` or `data:` line, or
// inside a UTF-8 character. The stand-in writes each stream 1, 2 and 5 bytes at a time (each piece flushed before
// the next), and the turn must be the one the stream sent whole: text and call arguments byte for byte, multibyte
// characters included.
import { afterEach, describe, expect, it } from 'vitest'
import type { Behaviour } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer } from './fake/harness.ts'
import type { Handler } from './fake/loopback.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const text = 'Température 18 °C — ☀️ 晴れ'
const city = 'Zürich 🌤'
const model: Behaviour = () => ({ text, calls: [{ name: 'get_weather', args: { city } }] })

/** Every stream the stand-in sends, written `bytes` bytes at a time. */
const inPieces = (bytes: number) => (handler: Handler): Handler => async (request, index) => {
  const reply = await handler(request, index)
  return reply.type === 'sse' ? { ...reply, bytes } : reply
}

describe.each(allProviderKinds)('a %s stream written a few bytes at a time', (kind) => {
  it.each([1, 2, 5])('is the turn the whole stream holds: %i-byte pieces', async (bytes) => {
    setProviderEnv(kind, undefined)
    const server = await startFakeServer(kind, model, { wrap: inPieces(bytes) })
    open.push(server)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), settings: { stream: true }, retries: 0 })
    const turn = await provider.doGenerate({ messages: [{ role: 'user', content: 'Weather?' }], tools: weatherTools, toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } })
    expect(server.violations).toEqual([])
    expect(turn.stream).toBeDefined()
    expect(turn.text).toBe(text)
    expect(turn.toolCalls.map((call) => [call.name, JSON.parse(call.rawArguments)])).toEqual([['get_weather', { city }]])
  })
})
