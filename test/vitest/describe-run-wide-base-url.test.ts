import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeSuite, runCase } from '../../src/vitest/index.ts'
import { chatTextReply, startLoopback, type Loopback } from '../providers/fake/loopback.ts'
import { tempFiles } from '../helpers/cli.ts'

// A run-wide providerOptions.baseUrl is the server of the openai-compatible: models, as --base-url is in a run: an
// openai: model beside them keeps its own host (OPENAI_BASE_URL here, a second loopback standing in for
// api.openai.com), so the OpenAI key never reaches the local (or third-party) server. Each loopback records the
// Authorization header it got; the local one must never see the OpenAI key.
const openaiKey = 'sk-test-run-wide-url-openai-key-7e7e'
const saved = { key: process.env.OPENAI_API_KEY, url: process.env.OPENAI_BASE_URL }
const local = await startLoopback(() => chatTextReply('Nothing to do.'))
const openai = await startLoopback(() => chatTextReply('Nothing to do.'))
process.env.OPENAI_API_KEY = openaiKey
process.env.OPENAI_BASE_URL = `${openai.origin}/v1`
const dir = tempFiles({
  'tools.json': JSON.stringify([{ name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } }]),
  'suite.yaml': ['name: hosts', 'tools: ./tools.json', 'cases:', '  - { id: idle, prompt: Nothing to do., expect: { calls: [] } }'].join('\n'),
})
afterAll(async () => {
  await Promise.all([local.close(), openai.close()])
  for (const [name, value] of [['OPENAI_API_KEY', saved.key], ['OPENAI_BASE_URL', saved.url]] as const) {
    if (value === undefined) delete process.env[name]
    else process.env[name] = value
  }
  rmSync(dir, { recursive: true, force: true })
})
const authorizations = (server: Loopback) => server.requests.map((request) => request.headers.authorization)

describeSuite(join(dir, 'suite.yaml'), { models: ['openai-compatible:local-m', 'openai:gpt-4o'], concurrency: 1, providerOptions: { baseUrl: `${local.origin}/v1`, retries: 0 } })

describe('describeSuite with a run-wide baseUrl and an openai: model', () => {
  it('sends the openai: model to its own host with its key, and the openai-compatible: one to the base URL without it', () => {
    expect(local.requests.map((request) => (request.body as { model?: string }).model)).toEqual(['local-m'])
    expect(authorizations(local).filter((header) => header?.includes(openaiKey))).toEqual([])
    expect(openai.requests.map((request) => (request.body as { model?: string }).model)).toEqual(['gpt-4o'])
    expect(authorizations(openai)).toEqual([`Bearer ${openaiKey}`])
  })
})

describe('runCase with a run-wide baseUrl', () => {
  it('refuses it for an openai: model alone, as a run refuses --base-url without an openai-compatible: model', async () => {
    const before = local.requests.length
    const refused = runCase({ suite: join(dir, 'suite.yaml'), case: 'idle', model: 'openai:gpt-4o', providerOptions: { baseUrl: `${local.origin}/v1`, retries: 0 } })
    await expect(refused).rejects.toThrow(/applies to openai-compatible: models only/)
    expect(local.requests.length).toBe(before)
  })

  it('sends an openai: model given its own baseUrl (modelOptions) there, with its key', async () => {
    const before = local.requests.length
    const scored = await runCase({ suite: join(dir, 'suite.yaml'), case: 'idle', model: 'openai:gpt-4o', modelOptions: { 'openai:gpt-4o': { baseUrl: `${local.origin}/v1`, retries: 0 } } })
    expect(scored.result.verdict).toBe('passed')
    expect(authorizations(local).slice(before)).toEqual([`Bearer ${openaiKey}`])
  })

  it('sends an openai-compatible: model to the base URL', async () => {
    const before = local.requests.length
    const scored = await runCase({ suite: join(dir, 'suite.yaml'), case: 'idle', model: 'openai-compatible:local-m', providerOptions: { baseUrl: `${local.origin}/v1`, retries: 0 } })
    expect(scored.result.verdict).toBe('passed')
    expect(authorizations(local).slice(before).filter((header) => header?.includes(openaiKey))).toEqual([])
    expect(local.requests.length).toBe(before + 1)
  })
})
