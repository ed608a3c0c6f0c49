// Record through the real SDKs, then replay with no network at all: identical turns, no secret on disk.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { weatherModel } from '../providers/fake/behaviour.ts'
import {
  baseUrlFor,
  makeProvider,
  fakeKeys,
  allProviderKinds,
  runMiniCase,
  setProviderEnv,
  startFakeServer,
} from '../providers/fake/harness.ts'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function tempDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'toolgauge-cassettes-'))
  dirs.push(dir)
  return dir
}

/** A fetch that fails the test if replay touches the network. */
const noNetwork: typeof fetch = async (input) => {
  throw new Error(`network used during replay: ${String(input)}`)
}

const cases = [
  // A configured secret inside the request body must not reach the cassette either.
  { id: 'parallel', prompt: 'Weather in Paris and London?', system: 'Org token my-org-secret-value' },
  { id: 'parallel', prompt: 'Weather in Paris and London?', system: 'Org token my-org-secret-value', repeat: 1 },
  { id: 'serial', prompt: 'Weather in Paris and Tokyo?', parallel: false, toolChoice: 'required' as const },
]

describe.each(allProviderKinds)('%s record/replay', (kind) => {
  it('replays recorded exchanges to identical turns without network, and no key reaches disk', async () => {
    setProviderEnv(kind, undefined)
    const dir = tempDir()
    const server = await startFakeServer(kind, weatherModel)
    const recorder = await makeProvider(kind, 'm', { baseUrl: baseUrlFor(kind, server.origin), recordDir: dir, secrets: ['my-org-secret-value'] })
    const recorded = []
    for (const testCase of cases) recorded.push(await runMiniCase(recorder, testCase))
    await server.close()

    const files = readdirSync(dir)
    // parallel: 2 requests × 2 repeats (the repeat index keeps them apart), serial: 3 — but 2 on Gemini, which has no
    // switch for parallel calls, so the model makes both calls in one turn.
    expect(files).toHaveLength(kind === 'google' ? 6 : 7)
    for (const file of files) {
      const text = readFileSync(join(dir, file), 'utf8')
      for (const key of fakeKeys) expect(text).not.toContain(key)
      expect(text).not.toContain('my-org-secret-value')
      expect(JSON.parse(text)).toMatchObject({ version: 1, context: { suite: 'weather', model: `${kind}:m` }, response: { status: 200 } })
    }

    // Replay: no API key in the environment either, and a fetch that fails on any use.
    delete process.env.OPENAI_API_KEY
    delete process.env.ANTHROPIC_API_KEY
    delete process.env.GEMINI_API_KEY
    const player = await makeProvider(kind, 'm', { baseUrl: baseUrlFor(kind, server.origin), replayDir: dir, fetch: noNetwork, secrets: ['my-org-secret-value'] })
    for (const [index, testCase] of cases.entries()) {
      const replayed = await runMiniCase(player, testCase)
      expect(replayed.turns.map(({ latencyMs: _, ...turn }) => turn)).toEqual(recorded[index]!.turns.map(({ latencyMs: _, ...turn }) => turn))
    }
  })
})

describe('replay misses', () => {
  it('names the case and the model when no cassette matches', async () => {
    const dir = tempDir()
    const player = await makeProvider('anthropic', 'claude-haiku-4-5', { baseUrl: 'http://127.0.0.1:9', replayDir: dir, fetch: noNetwork })
    const error = await runMiniCase(player, { id: 'unrecorded', prompt: 'Weather in Oslo?', repeat: 2 }).catch((caught: unknown) => caught)
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(/no cassette for case "unrecorded" of suite "weather" \(repeat #3, turn 1\) with model anthropic:claude-haiku-4-5/)
  })
})
