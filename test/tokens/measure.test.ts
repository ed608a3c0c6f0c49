import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { runMain } from '../helpers/cli.ts'
import { measureToolTokens } from '../../src/tokens/measure-tool-tokens.ts'
import { replayRecorded } from './oracle-replay.ts'
import type { ToolDefinition } from '../../src/core/tool.ts'

// A loopback stand-in for the providers: it prices a request like a real API would (a fixed machinery cost once
// tools are present, a per-tool cost, a tool_choice cost) so the difference arithmetic can be checked exactly.
type Seen = { path: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }
const seen: Seen[] = []
let server: Server
let base: string
let status = 200

function price(body: Record<string, unknown>): number {
  const tools = Array.isArray(body.tools) ? body.tools.length : 0
  return 20 + (tools > 0 ? 300 + 50 * tools : 0) + (body.tool_choice ? 5 : 0)
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let text = ''
    req.on('data', (chunk: Buffer) => (text += chunk.toString()))
    req.on('end', () => {
      const body = JSON.parse(text || '{}') as Record<string, unknown>
      seen.push({ path: req.url ?? '', headers: req.headers, body })
      res.setHeader('content-type', 'application/json')
      if (status !== 200) {
        res.statusCode = status
        res.end(JSON.stringify({ error: { type: 'invalid_request_error', message: 'bad model' } }))
        return
      }
      if (req.url === '/v1/messages/count_tokens') return res.end(JSON.stringify({ input_tokens: price(body) }))
      if (req.url === '/v1/responses/input_tokens') return res.end(JSON.stringify({ object: 'response.input_tokens', input_tokens: price(body) }))
      if (req.url === '/v1/chat/completions') {
        return res.end(JSON.stringify({
          id: 'c', object: 'chat.completion', created: 0, model: String(body.model),
          choices: [{ index: 0, finish_reason: 'length', message: { role: 'assistant', content: 'O' } }],
          usage: { prompt_tokens: price(body), completion_tokens: 1, total_tokens: price(body) + 1 },
        }))
      }
      res.statusCode = 404
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

afterEach(() => {
  seen.length = 0
  status = 200
  vi.unstubAllEnvs()
  vi.restoreAllMocks()
})

const tools: ToolDefinition[] = [
  { name: 'get_weather', description: 'Weather', parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } },
  { name: 'search', description: 'Search', parameters: { type: 'object', properties: { q: { type: 'string' } } } },
]

function stubAnthropic() {
  vi.stubEnv('ANTHROPIC_API_KEY', 'test-key-a')
  vi.stubEnv('ANTHROPIC_BASE_URL', base)
}

function stubOpenAi() {
  vi.stubEnv('OPENAI_API_KEY', 'test-key-o')
  vi.stubEnv('OPENAI_BASE_URL', `${base}/v1`)
}

describe('live measurement against a loopback server', () => {
  it('differences two Anthropic count_tokens calls and leaves each tool out for the breakdown', async () => {
    stubAnthropic()
    const result = await measureToolTokens({ model: 'anthropic:claude-sonnet-4-5', tools, toolChoice: 'required' })
    expect(result).toMatchObject({ method: 'measured', family: 'anthropic', promptTokens: 20 + 300 + 100 + 5, toolTokens: 405, encoding: 'api' })
    expect(result.perTool).toEqual([{ name: 'get_weather', tokens: 50 }, { name: 'search', tokens: 50 }])
    expect(result.fixedOverhead).toBe(355) // machinery + tool_choice + the one minimal tool
    // the SDK authenticates with x-api-key or a bearer token depending on its version
    expect(seen.every((s) => s.path === '/v1/messages/count_tokens' && [s.headers['x-api-key'], s.headers.authorization].some((h) => h?.includes('test-key-a')))).toBe(true)
    const without = seen[0]?.body
    expect(without).not.toHaveProperty('tools')
    expect(without).not.toHaveProperty('tool_choice')
    expect(without).not.toHaveProperty('max_tokens')
    expect(seen[1]?.body.tool_choice).toEqual({ type: 'any' })
    expect(seen).toHaveLength(2 + 1 + tools.length)
  })

  it('differences the usage of two Chat Completions calls capped at one output token', async () => {
    stubOpenAi()
    const result = await measureToolTokens({ model: 'openai:gpt-4.1-mini', tools, perTool: false })
    expect(result).toMatchObject({ method: 'measured', family: 'openai-chat', toolTokens: 405, perTool: [] })
    expect(seen.every((s) => s.path === '/v1/chat/completions' && s.headers.authorization === 'Bearer test-key-o')).toBe(true)
    expect(seen[0]?.body).not.toHaveProperty('tools')
    expect(seen[1]?.body).toMatchObject({ max_completion_tokens: 1, tool_choice: 'auto' })
  })

  it('uses the Responses input_tokens endpoint for openai-responses specs', async () => {
    stubOpenAi()
    const result = await measureToolTokens({ model: 'openai-responses:gpt-5', tools, perTool: false })
    expect(result.toolTokens).toBe(405)
    expect(seen.every((s) => s.path === '/v1/responses/input_tokens')).toBe(true)
  })

  it('refuses models without a remote API and missing keys as bad input', async () => {
    await expect(measureToolTokens({ model: 'baseline', tools })).rejects.toThrow(/cannot measure "baseline"/)
    vi.stubEnv('ANTHROPIC_API_KEY', '')
    await expect(measureToolTokens({ model: 'anthropic:claude-haiku-4-5', tools })).rejects.toThrow(/ANTHROPIC_API_KEY/)
  })
})

describe('toolgauge tokens --measure', () => {
  /** The CLI in-process, with stdout and stderr captured. */
  async function run(argv: string[]) {
    const { code, stdout: out, stderr: err } = await runMain(argv)
    return { code, out, err }
  }

  it('prints measured figures beside the offline count and records a new oracle', async () => {
    stubAnthropic()
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-measure-'))
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
    const record = join(dir, 'oracles.json')
    const args = ['tokens', '--tools', join(dir, 'tools.json'), '--model', 'anthropic:claude-sonnet-4-5', '--measure', '--record', record, '--json']
    const { code, out } = await run(args)
    expect(code).toBe(0)
    const [measured, offline] = JSON.parse(out) as { method: string; toolTokens: number }[]
    expect(measured).toMatchObject({ method: 'measured', toolTokens: 405 })
    expect(offline?.method).toBe('estimate')
    expect(await run(args)).toMatchObject({ code: 0 })
    const records = JSON.parse(readFileSync(record, 'utf8')) as { format: string; measured: { toolTokens: number } }[]
    expect(records).toHaveLength(2)
    expect(records[0]).toMatchObject({ format: 'toolgauge-token-oracle/1', measured: { toolTokens: 405 } })
    const rows = await replayRecorded(record)
    expect(rows[0]).toMatchObject({ expected: 405, actual: offline?.toolTokens })
  })

  it('exits 3 when the provider rejects the request', async () => {
    stubAnthropic()
    status = 400
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-measure-'))
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
    const { code, err } = await run(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'anthropic:claude-sonnet-4-5', '--measure'])
    expect(code).toBe(3)
    expect(err).toContain('HTTP 400')
  })

  it('rejects --record without --measure', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-measure-'))
    writeFileSync(join(dir, 'tools.json'), JSON.stringify(tools))
    const { code, err } = await run(['tokens', '--tools', join(dir, 'tools.json'), '--model', 'openai:gpt-4o', '--record', join(dir, 'x.json')])
    expect(code).toBe(2)
    expect(err).toContain('--record: needs --measure')
  })
})
