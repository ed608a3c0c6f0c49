import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { tempFiles } from '../helpers/cli.ts'

// What describeSuite and runCase say of a model's missing key or server names their own options (providerOptions,
// modelOptions, apiKeyEnv, baseUrl), never the CLI's flags or config keys (--model, --base-url, api_key_env,
// providers:), which a vitest user has not: the error carries the facts and each caller words the hint.
const cliWords = /--model|--base-url|--api-key-env|api_key_env|base_url|providers:/
const dir = tempFiles({
  'tools.json': JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]),
  'suite.yaml': [
    'name: words',
    'tools: ./tools.json',
    'cases:',
    '  - { id: idle, prompt: Nothing to do., expect: { calls: [] } }',
    '  - { id: judged, prompt: Nothing to do., expect: { calls: [], final: { judge: { model: "openai-compatible:judge-m", rubric: Says nothing. } } } }',
  ].join('\n'),
  'script.yaml': ['idle:', '  - content: Nothing.', 'judged:', '  - content: Nothing.'].join('\n'),
})
const suite = join(dir, 'suite.yaml')
const scripted = `scripted:${join(dir, 'script.yaml')}`
const saved = process.env.OPENAI_API_KEY
delete process.env.OPENAI_API_KEY
afterAll(() => {
  if (saved !== undefined) process.env.OPENAI_API_KEY = saved
})
const failure = (promise: Promise<unknown>) => promise.then(() => 'resolved', (error: Error) => error.message)

describeSuite(suite, { model: 'openai:gpt-4o', cases: ['idle'] })

describe('describeSuite', () => {
  it("skips a model without its key, saying where to name another in describeSuite's options", ({ task }) => {
    type Task = { type: string; name: string; tasks?: Task[]; result?: { state?: string; note?: string } }
    const all = (tasks: readonly Task[]): Task[] => tasks.flatMap((entry) => [entry, ...all(entry.tasks ?? [])])
    const skipped = all(task.file.tasks as Task[]).filter((entry) => entry.type === 'test' && entry.name.includes('[openai:gpt-4o]'))
    expect(skipped.map((entry) => entry.result?.state)).toEqual(['skip'])
    const note = skipped[0]!.result?.note ?? ''
    expect(note).toContain('openai:gpt-4o needs an API key: set OPENAI_API_KEY (or name another variable with apiKeyEnv in modelOptions)')
    expect(note).not.toMatch(cliWords)
  })
})

describe('runCase', () => {
  it('a missing key names apiKeyEnv', async () => {
    const message = await failure(runCase({ suite, case: 'idle', model: 'openai:gpt-4o' }))
    expect(message).toContain('openai:gpt-4o needs an API key: set OPENAI_API_KEY (or name another variable with apiKeyEnv in modelOptions)')
    expect(message).not.toMatch(cliWords)
  })

  it('a key variable named but unset is named as apiKeyEnv named it', async () => {
    vi.stubEnv('TG_WORDS_KEY_NEVER_SET', '')
    const message = await failure(runCase({ suite, case: 'idle', model: 'openai-compatible:m', providerOptions: { baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'TG_WORDS_KEY_NEVER_SET' } }))
    vi.unstubAllEnvs()
    expect(message).toContain('openai-compatible:m needs an API key: set TG_WORDS_KEY_NEVER_SET (named by apiKeyEnv)')
    expect(message).not.toMatch(cliWords)
  })

  it("a missing server URL names baseUrl in modelOptions or providerOptions", async () => {
    const message = await failure(runCase({ suite, case: 'idle', model: 'openai-compatible:m' }))
    expect(message).toContain("openai-compatible:m needs the server's URL: give it baseUrl")
    expect(message).toContain("modelOptions: { 'openai-compatible:m': { baseUrl: 'http://localhost:11434/v1' } }")
    expect(message).not.toMatch(cliWords)
  })

  it("a judge's missing server URL names modelOptions", async () => {
    const message = await failure(runCase({ suite, case: 'judged', model: scripted }))
    expect(message).toContain("openai-compatible:judge-m needs the server's URL: give it baseUrl")
    expect(message).not.toMatch(cliWords)
  })

  it('a run-wide baseUrl with no openai-compatible: model names providerOptions.baseUrl and modelOptions', async () => {
    const message = await failure(runCase({ suite, case: 'idle', model: scripted, providerOptions: { baseUrl: 'http://127.0.0.1:9/v1' } }))
    expect(message).toMatch(/^providerOptions\.baseUrl: applies to openai-compatible: models only/)
    expect(message).toContain('give one model its own baseUrl / apiKeyEnv in modelOptions')
    expect(message).not.toMatch(cliWords)
  })
})
