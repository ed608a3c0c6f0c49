// Streams through the HTTP layer: a connection cut mid-stream is retried like any lost connection, a cassette keeps
// the event stream as the host sent it, and a replay serves the same events to the SDK (same turn, no network).
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { ModelTurn } from '../../src/core/model-turn.ts'
import { weatherModel } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, fakeKeys, fastRetries, makeProvider, runMiniCase, setProviderEnv, startFakeServer, type FakeServer, type ProviderKind } from './fake/harness.ts'
import type { Handler } from './fake/loopback.ts'

const open: FakeServer[] = []
const work = mkdtempSync(join(tmpdir(), 'toolgauge-stream-'))
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})
afterAll(() => rmSync(work, { recursive: true, force: true }))

const testCase = { id: 'parallel', prompt: 'Weather in Paris and London?' }

async function serve(kind: ProviderKind, wrap?: (handler: Handler) => Handler) {
  setProviderEnv(kind, undefined)
  const server = await startFakeServer(kind, weatherModel, wrap ? { wrap } : {})
  open.push(server)
  return server
}

/** The first request's stream is cut halfway by a reset connection; the others are whole. */
const cutFirst = (handler: Handler): Handler => async (request, index) => {
  const reply = await handler(request, index)
  return index === 0 && reply.type === 'sse' ? { ...reply, cut: { after: Math.floor(reply.frames.length / 2), reset: true } } : reply
}

const lessTimings = ({ latencyMs: _latency, stream: _stream, raw: _raw, retries: _retries, ...turn }: ModelTurn) => turn

describe.each(allProviderKinds)('%s streams through the HTTP layer', (kind) => {
  it('retries a stream whose connection is cut midway, and the turn counts the retry', async () => {
    const server = await serve(kind, cutFirst)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), settings: { stream: true }, ...fastRetries })
    const transcript = await runMiniCase(provider, testCase)
    expect(transcript.turns[0]!.retries).toBe(1)
    expect(transcript.turns[0]!.toolCalls.map((call) => JSON.parse(call.rawArguments))).toEqual([{ city: 'Paris' }, { city: 'London' }])
  })

  it('records the event stream in the cassette and replays the same events to the same turns, no key on disk', async () => {
    const cassettes = join(work, kind)
    const server = await serve(kind)
    const recorder = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), settings: { stream: true }, recordDir: cassettes })
    const recorded = await runMiniCase(recorder, testCase)
    const files = readdirSync(cassettes)
    expect(files).toHaveLength(2)
    for (const file of files) {
      const text = readFileSync(join(cassettes, file), 'utf8')
      expect(fakeKeys.some((key) => text.includes(key))).toBe(false)
      const cassette = JSON.parse(text) as { response: { headers: Record<string, string>; body: string } }
      expect(cassette.response.headers['content-type']).toMatch(/text\/event-stream/)
      expect(cassette.response.body).toMatch(/^(event: \S+\n)?data: /)
    }
    await server.close()
    const replayer = await makeProvider(kind, 'test-model', { settings: { stream: true }, replayDir: cassettes })
    const replayed = await runMiniCase(replayer, testCase)
    expect(replayed.turns.map(lessTimings)).toEqual(recorded.turns.map(lessTimings))
    // Timings are the wire's: a replay has none.
    expect(recorded.turns[0]!.stream).toBeDefined()
    expect(replayed.turns[0]!.stream).toBeUndefined()
  })
})
