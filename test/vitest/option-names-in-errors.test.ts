import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { loadSuite, mergeReports, runEvaluation } from '../../src/index.ts'
import { createsHeaders } from '../../src/http/creating-request.ts'
import { httpClientFor } from '../../src/providers/runtime/http-for-provider.ts'
import { tempFiles } from '../helpers/cli.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'

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
const servers: Loopback[] = []
afterAll(async () => {
  if (saved !== undefined) process.env.OPENAI_API_KEY = saved
  await Promise.all(servers.map((server) => server.close()))
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

  it('an apiKeyEnv that names no variable (the key pasted there) is named apiKeyEnv, the key not shown', async () => {
    const message = await failure(runCase({ suite, case: 'idle', model: 'openai-compatible:m', providerOptions: { baseUrl: 'http://127.0.0.1:9/v1', apiKeyEnv: 'sk-pasted-words-5150' } }))
    expect(message).toMatch(/^apiKeyEnv: expected the name of the environment variable that holds the key/)
    expect(message).not.toContain('sk-pasted-words-5150')
    expect(message).not.toMatch(cliWords)
  })

  it('a baseUrl with a query string is named baseUrl, and the key is to go in a variable named by apiKeyEnv', async () => {
    const message = await failure(runCase({ suite, case: 'idle', model: 'openai-compatible:m', providerOptions: { baseUrl: 'http://127.0.0.1:9/v1?key=sk-query-words-5150' } }))
    expect(message).toMatch(/^baseUrl: openai-compatible:m: the base URL http:\/\/127\.0\.0\.1:9\/v1\?\*\*\* has a query string/)
    expect(message).toContain('a key in a variable named by apiKeyEnv')
    expect(message).not.toContain('sk-query-words-5150')
    expect(message).not.toMatch(cliWords)
  })

  it("a server refusing the request no key was sent with: the case's provider_error says to name the key's variable with apiKeyEnv", async () => {
    const server = await startLoopback(() => ({ type: 'json', status: 401, body: { error: { message: 'Missing bearer token' } } }))
    servers.push(server)
    const scored = await runCase({ suite, case: 'idle', model: 'openai-compatible:m', providerOptions: { baseUrl: `${server.origin}/v1`, retries: 0 } })
    const messages = scored.result.failures.map((failure) => `${failure.kind}: ${failure.message}`)
    expect(messages).toEqual([expect.stringContaining('provider_error: openai-compatible:m: 401 Missing bearer token — no API key was sent')])
    expect(messages[0]).toContain('apiKeyEnv')
    expect(messages[0]).not.toMatch(cliWords)
  })
})

describe('runEvaluation', () => {
  const run = (options: Omit<Parameters<typeof runEvaluation>[0], 'suitePaths' | 'outDir'>) =>
    failure(runEvaluation({ suitePaths: [suite], outDir: tempFiles({}), ...options }))

  it("a judge's missing server URL names baseUrl in modelOptions, as runCase and describeSuite do", async () => {
    const message = await run({ models: [scripted], filter: 'judged' })
    expect(message).toContain("openai-compatible:judge-m needs the server's URL: give it baseUrl")
    expect(message).toContain("modelOptions: { 'openai-compatible:judge-m': { baseUrl: 'http://localhost:11434/v1' } }")
    expect(message).not.toMatch(cliWords)
  })

  it('a missing key names apiKeyEnv, not --model', async () => {
    const message = await run({ models: ['openai:gpt-4o'], filter: 'idle' })
    expect(message).toContain('openai:gpt-4o needs an API key: set OPENAI_API_KEY (or name another variable with apiKeyEnv in modelOptions)')
    expect(message).not.toMatch(cliWords)
  })

  it('a run-wide apiKeyEnv with no openai-compatible: model names providerOptions.apiKeyEnv', async () => {
    const message = await run({ models: [scripted], providerOptions: { apiKeyEnv: 'TG_WORDS_KEY' } })
    expect(message).toMatch(/^providerOptions\.apiKeyEnv: applies to openai-compatible: models only/)
    expect(message).not.toMatch(cliWords)
  })
})


// Library calls outside a model's key and server speak the library's names too: no CLI flag (--model, --resume …).
const anyFlag = /(^|[\s(])--[a-z]/
const words = tempFiles({
  'script.yaml': ['order-status:', '  - content: Shipped.'].join('\n'),
  'four.yaml': ['name: four', 'tools: []', 'cases:', ...['a', 'b', 'c', 'd'].map((id) => `  - { id: ${id}, prompt: Hi., expect: { calls: [] } }`)].join('\n'),
})

describe('loadSuite', () => {
  it("a scripted model's turns given as a suite say to give them as model: 'scripted:<file>'", async () => {
    const message = await failure(loadSuite(join(words, 'script.yaml')))
    expect(message).toContain("a scripted model's turns? give it as model: 'scripted:<file>'")
    expect(message).not.toMatch(anyFlag)
  })
})

describe('mergeReports', () => {
  it('an incomplete shard set says to set allowPartial: true', async () => {
    const shard = await runEvaluation({ suitePaths: [join(words, 'four.yaml')], models: ['baseline'], outDir: tempFiles({}), shard: { index: 1, count: 2 } })
    let message = ''
    try {
      mergeReports([{ file: 'shard-1', report: shard.report }])
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toContain('shard 2/2 missing (set allowPartial: true to merge anyway)')
    expect(message).not.toMatch(anyFlag)
  })
})

describe("a batch's uncertain creation", () => {
  const create = async (options: Parameters<typeof httpClientFor>[0]) => {
    const server = await startLoopback(() => ({ type: 'json', status: 500, body: { error: { message: 'boom' } } }))
    servers.push(server)
    return failure(httpClientFor({ retries: 0, ...options }, []).fetch(`${server.origin}/v1/messages/batches`, { method: 'POST', headers: createsHeaders, body: '{}' }))
  }

  it('says to resume with providerOptions.batch, until batchResubmit: true sends them again', async () => {
    const message = await create({})
    expect(message).toMatch(/^batch creation uncertain at 127\.0\.0\.1:\d+: .* before resume with providerOptions\.batch, which stops on these requests until batchResubmit: true says to send them again$/)
    expect(message).not.toMatch(anyFlag)
  })

  it("the CLI's names its flags", async () => {
    expect(await create({ optionNames: 'cli' })).toContain('before --resume --batch, which stops on these requests until --batch-resubmit says to send them again')
  })
})
