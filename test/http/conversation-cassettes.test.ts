// Issue 24, "Results and replay": a conversation's requests are recorded and replayed through the real SDKs, each
// cassette keyed per user message; single requests keep the keys they had.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { cassetteKey } from '../../src/http/cassette.ts'
import { hashText } from '../../src/core/hash-text.ts'
import { stableStringify } from '../../src/http/stable-json.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { makeCase } from '../helpers/cases.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import { baseUrlFor, makeProvider, setProviderEnv, startFakeServer, weatherTools } from '../providers/fake/harness.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const noNetwork: typeof fetch = async (input) => {
  throw new Error(`network used during replay: ${String(input)}`)
}

describe('cassettes of a conversation', () => {
  it('are keyed per user message; a single request\'s key is what it was', () => {
    const request = { method: 'POST', url: 'http://127.0.0.1:1/v1/chat/completions', body: '{"model":"m"}' }
    const identity = { suite: 's', caseId: 'c', repeat: 0, turn: 2, model: 'openai:m' }
    const single = cassetteKey(request, identity)
    expect(cassetteKey(request, { ...identity, message: 0 })).not.toBe(single)
    expect(cassetteKey(request, { ...identity, message: 0 })).not.toBe(cassetteKey(request, { ...identity, message: 1 }))
    // The key a single request had before conversations existed (suite, case, model, repeat, turn, method, path, body).
    const before = hashText(stableStringify({ suite: 's', caseId: 'c', model: 'openai:m', repeat: 0, turn: 2, method: 'POST', path: '/v1/chat/completions', body: { model: 'm' } })).slice(0, 32)
    expect(single).toBe(before)
  })

  it('record through the SDK, then replay without network: the same turns, one cassette per request', async () => {
    setProviderEnv('openai', undefined)
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-conversation-cassettes-'))
    dirs.push(dir)
    const server = await startFakeServer('openai', weatherModel)
    const testCase = makeCase({ suite: 'weather', id: 'chat', messages: [], tools: [...weatherTools], conversation: [{ user: 'Weather in Paris?' }, { user: 'Thanks!' }] })
    const recorder = await makeProvider('openai', 'm', { baseUrl: baseUrlFor('openai', server.origin), recordDir: dir })
    const recorded = await runCase(testCase, recorder, { repeat: 0 })
    await server.close()
    expect(recorded.stop).toBe('no-calls')
    expect(recorded.turns.map((turn) => turn.message)).toEqual([0, 0, 1])
    const files = readdirSync(dir)
    expect(files).toHaveLength(3)
    const messages = files.map((file) => (JSON.parse(readFileSync(join(dir, file), 'utf8')) as { context: { message: number } }).context.message).sort()
    expect(messages).toEqual([0, 0, 1])

    delete process.env.OPENAI_API_KEY
    const player = await makeProvider('openai', 'm', { baseUrl: baseUrlFor('openai', server.origin), replayDir: dir, fetch: noNetwork })
    const replayed = await runCase(testCase, player, { repeat: 0 })
    const strip = (turns: typeof recorded.turns) => turns.map(({ latencyMs: _latency, raw: _raw, ...turn }) => turn)
    expect(strip(replayed.turns)).toEqual(strip(recorded.turns))
    expect(replayed.conversation).toEqual(recorded.conversation)
  })
})
