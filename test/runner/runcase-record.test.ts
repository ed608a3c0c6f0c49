import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, expect, it } from 'vitest'
import { runCase } from '../../src/runner/run-one-case.ts'
import { tempFiles } from '../helpers/cli.ts'
import { fixture } from '../mcp/helpers.ts'
import { anthropicKey, openaiKey, startFakeServer, type FakeServer } from '../providers/fake/harness.ts'
import { restoreEnvAfterEach } from '../helpers/env.ts'

const open: FakeServer[] = []
const variables = ['TG_SECRET_MCP', 'OPENAI_API_KEY', 'ANTHROPIC_API_KEY', 'ANTHROPIC_BASE_URL']
restoreEnvAfterEach(variables)
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

it("runCase with --record's recordDir: an MCP server's ${VAR} value a tool returned is redacted from the model's cassette", async () => {
  const server = await startFakeServer('openai', (conversation) =>
    conversation.assistantTurns === 0 ? { calls: [{ name: 'show_token', args: {} }] } : { text: `Summary: ${conversation.results.map((result) => result.content).join(' | ')}` })
  open.push(server)
  process.env.TG_SECRET_MCP = 'mcp-planted-runcase-77'
  const dir = tempFiles({
    'suite.yaml': ['name: mcp', 'tools:', `  - { mcp: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_SECRET_MCP}" } } }`, 'cases:', '  - { id: token, prompt: go, expect: { calls: [{ name: show_token }] } }'].join('\n'),
  })
  const cassettes = join(dir, 'cassettes')
  process.env.OPENAI_API_KEY = openaiKey
  const scored = await runCase({ suite: join(dir, 'suite.yaml'), case: 'token', model: 'openai:m', providerOptions: { recordDir: cassettes }, modelOptions: { 'openai:m': { baseUrl: `${server.origin}/v1` } } })
  expect(JSON.stringify(scored.result)).toContain('[redacted]')
  const texts = readdirSync(cassettes).map((name) => readFileSync(join(cassettes, name), 'utf8'))
  expect(texts.length).toBeGreaterThan(0)
  expect(texts.filter((text) => text.includes('mcp-planted-runcase-77'))).toEqual([])
})

it("runCase with recordDir: the judge's cassettes hold no MCP ${VAR} value the model's answer quoted", async () => {
  const model = await startFakeServer('openai', (conversation) =>
    conversation.assistantTurns === 0 ? { calls: [{ name: 'show_token', args: {} }] } : { text: `Summary: ${conversation.results.map((result) => result.content).join(' | ')}` })
  const judge = await startFakeServer('anthropic', () => ({ text: '{"score": 1, "reason": "it said the token"}' }))
  open.push(model, judge)
  process.env.TG_SECRET_MCP = 'mcp-planted-judged-88'
  process.env.ANTHROPIC_API_KEY = anthropicKey
  process.env.ANTHROPIC_BASE_URL = judge.origin
  process.env.OPENAI_API_KEY = openaiKey
  const dir = tempFiles({
    'suite.yaml': ['name: mcp', 'tools:', `  - { mcp: { command: ${JSON.stringify(process.execPath)}, args: [${JSON.stringify(fixture('echo-server.mjs'))}], env: { ECHO_TOKEN: "\${TG_SECRET_MCP}" } } }`, 'cases:', '  - { id: token, prompt: go, expect: { calls: [{ name: show_token }], final: { judge: { model: "anthropic:judge", rubric: Says the token. } } } }'].join('\n'),
  })
  const cassettes = join(dir, 'cassettes')
  const scored = await runCase({ suite: join(dir, 'suite.yaml'), case: 'token', model: 'openai:m', providerOptions: { recordDir: cassettes }, modelOptions: { 'openai:m': { baseUrl: `${model.origin}/v1` } } })
  expect(scored.result.passed).toBe(true)
  const texts = readdirSync(cassettes).map((name) => readFileSync(join(cassettes, name), 'utf8'))
  // Proof the judge was asked and recorded: the rubric is in one of the cassettes.
  expect(texts.some((text) => text.includes('Says the token.'))).toBe(true)
  expect(texts.filter((text) => text.includes('mcp-planted-judged-88'))).toEqual([])
})
