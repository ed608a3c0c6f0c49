// A server's usage is the host's arithmetic, not the model's answer: a count that is no count — text, a negative or a
// fractional number — is read as unknown (0) by every wire adapter, as the cache counts already were, streamed or
// not. Before, Chat Completions and Responses took `prompt_tokens` / `input_tokens` as sent, and Anthropic added
// `"12" + 0 + 0` into the text "1200": a turn typed as counts held text, which only the loop's normalizing kept out
// of report.md and the terminal.
import { join } from 'node:path'
import { readFileSync } from 'node:fs'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { weatherModel } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer, type ProviderKind } from './fake/harness.ts'
import { startLoopback } from './fake/loopback.ts'
import { runMain, tempFiles } from '../helpers/cli.ts'

type Json = any

const open: { close(): Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
  vi.unstubAllEnvs()
})

const text = '<b>12</b>'

/** Each protocol's usage with every count malformed: text, negative, fractional, a number as text. */
const malformed: Record<ProviderKind, (answer: Json) => void> = {
  openai: (answer) => { answer.usage = { prompt_tokens: text, completion_tokens: -3, total_tokens: 9, prompt_tokens_details: { cached_tokens: 2.5 }, completion_tokens_details: { reasoning_tokens: '6' } } },
  'openai-compatible': (answer) => { answer.usage = { prompt_tokens: text, completion_tokens: -3, total_tokens: 9, num_cached_tokens: '4', prompt_tokens_details: { cache_write_tokens: -1 } } },
  'openai-responses': (answer) => { answer.usage = { input_tokens: text, output_tokens: -3, total_tokens: 9, input_tokens_details: { cached_tokens: 2.5, cache_write_tokens: '1' }, output_tokens_details: { reasoning_tokens: '6' } } },
  anthropic: (answer) => { answer.usage = { input_tokens: '12', output_tokens: -3, cache_read_input_tokens: 2.5, cache_creation_input_tokens: text } },
  google: (answer) => { answer.usageMetadata = { promptTokenCount: text, candidatesTokenCount: -3, cachedContentTokenCount: 2.5, thoughtsTokenCount: '6', toolUsePromptTokenCount: Number.NaN } },
}

describe.each(allProviderKinds)('%s usage whose counts are no counts', (kind) => {
  it.each([false, true])('is unknown, 0, on the turn the adapter returns (streamed: %s)', async (stream) => {
    setProviderEnv(kind, undefined)
    const server: FakeServer = await startFakeServer(kind, weatherModel, { editAnswer: (answer: Json) => { malformed[kind](answer); return answer } })
    open.push(server)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), settings: { stream }, retries: 0 })
    const turn = await provider.doGenerate({
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
      tools: weatherTools,
      toolChoice: 'auto',
      context: { suite: 'weather', caseId: 'usage', repeat: 0, turn: 0 },
    })
    expect(server.violations).toEqual([])
    expect(turn.toolCalls.map((call) => call.name)).toEqual(['get_weather'])
    expect(turn.usage).toEqual({ input: 0, output: 0, cacheRead: 0, cacheWrite: 0 })
  })
})

describe('a Chat Completions server whose prompt_tokens is text', () => {
  it('never has that text reach report.md or the terminal: the run counts no input tokens', { timeout: 30_000 }, async () => {
    const server = await startLoopback(() => ({
      type: 'json',
      status: 200,
      body: {
        id: 'c1', object: 'chat.completion', created: 1, model: 'm',
        choices: [{ index: 0, message: { role: 'assistant', content: 'Nothing to do.' }, finish_reason: 'stop' }],
        // A cache read, so report.md and the terminal show their prompt-cache counts.
        usage: { prompt_tokens: text, completion_tokens: 3, total_tokens: 3, prompt_tokens_details: { cached_tokens: 2 } },
      },
    }))
    open.push(server)
    vi.stubEnv('OPENAI_API_KEY', 'sk-test-0123456789')
    vi.stubEnv('OPENAI_BASE_URL', `${server.origin}/v1`)
    const dir = tempFiles({ 'suite.json': JSON.stringify({ name: 'usage', tools: weatherTools, cases: [{ id: 'none', prompt: 'Hi.', expect: { calls: [] } }] }) })
    const out = join(dir, 'out')
    const run = await runMain(['run', join(dir, 'suite.json'), '--model', 'openai:gpt-4o', '--out', out, '--format', 'md', '--retries', '0'])
    expect(run.code, run.stderr).toBe(0)
    const markdown = readFileSync(join(out, 'report.md'), 'utf8')
    expect(markdown).toContain('### Prompt cache')
    for (const printed of [markdown, run.stdout, readFileSync(join(out, 'report.json'), 'utf8')]) expect(printed).not.toContain('12</b>')
    const report = JSON.parse(readFileSync(join(out, 'report.json'), 'utf8')) as { results: { usage: unknown }[] }
    expect(report.results[0]!.usage).toEqual({ input: 0, output: 3, cacheRead: 2, cacheWrite: 0 })
  })
})
