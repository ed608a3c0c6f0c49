import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { describeSuite } from '../../src/vitest/index.ts'
import { tempFiles } from '../helpers/cli.ts'
import { fixture, q } from '../mcp/helpers.ts'
import { openaiKey, startFakeServer } from '../providers/fake/harness.ts'

// describeSuite with providerOptions.recordDir records the model's exchanges: the model's next request holds what
// the suite's MCP tool returned, its server's ${VAR} value, which the cassette must hold redacted.
const token = 'tg-vitest-record-token-3c3c'
process.env.TG_VITEST_RECORD_TOKEN = token
const savedKey = process.env.OPENAI_API_KEY
process.env.OPENAI_API_KEY = openaiKey
const server = await startFakeServer('openai', (conversation) =>
  conversation.assistantTurns === 0 ? { calls: [{ name: 'show_token', args: {} }] } : { text: `Summary: ${conversation.results.map((result) => result.content).join(' | ')}` })
afterAll(async () => {
  await server.close()
  if (savedKey === undefined) delete process.env.OPENAI_API_KEY
  else process.env.OPENAI_API_KEY = savedKey
})
const dir = tempFiles({
  'suite.yaml': ['name: record-vitest', 'tools:', `  - mcp: { command: ${q(process.execPath)}, args: [${q(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_VITEST_RECORD_TOKEN}" } }`, 'cases:', '  - { id: token, prompt: go, expect: { calls: [{ name: show_token }] } }'].join('\n'),
})
const cassettes = join(dir, 'cassettes')
describeSuite(join(dir, 'suite.yaml'), { model: 'openai:m', concurrency: 1, providerOptions: { recordDir: cassettes }, modelOptions: { 'openai:m': { baseUrl: `${server.origin}/v1` } } })

describe('describeSuite with recordDir', () => {
  it("records cassettes that hold no ${VAR} value of the suite's MCP servers", () => {
    const texts = readdirSync(cassettes).map((name) => readFileSync(join(cassettes, name), 'utf8'))
    expect(texts.some((text) => text.includes('[redacted]'))).toBe(true)
    expect(texts.filter((text) => text.includes(token))).toEqual([])
  })
})
