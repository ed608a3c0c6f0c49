import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js'
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const token = 'mcp-secret-7d1e2f3a4b'

/** A stateless streamable HTTP MCP server on loopback that demands a bearer token (or `?api_key=`) and echoes it in a tool. */
function startServer(): Promise<HttpServer> {
  const http = createServer((request, response) => {
    const byQuery = new URL(request.url ?? '/', 'http://x').searchParams.get('api_key') === token
    if (request.headers.authorization !== `Bearer ${token}` && !byQuery) {
      response.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized')
      return
    }
    const server = new Server({ name: 'http echo', version: '1.0.0' }, { capabilities: { tools: {} } })
    server.setRequestHandler(ListToolsRequestSchema, async () => ({
      tools: [{ name: 'whoami', description: 'Says which credentials the call carried', inputSchema: { type: 'object', properties: {} }, annotations: { readOnlyHint: true } }],
    }))
    server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: byQuery ? `you called ${request.url}` : `you sent ${request.headers.authorization}` }] }))
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
    response.on('close', () => { void transport.close(); void server.close() })
    void server.connect(transport).then(() => transport.handleRequest(request, response))
  })
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)))
}

describe('an MCP server over streamable HTTP', () => {
  let http: HttpServer
  let url: string
  beforeAll(async () => {
    http = await startServer()
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`
  })
  afterAll(() => new Promise<void>((resolve) => http.close(() => resolve())))

  const suite = () => tempFiles({
    'suite.yaml': [
      'name: http',
      'tools:',
      `  - mcp: { url: "${url}", headers: { Authorization: "Bearer \${TG_TEST_MCP_TOKEN}" }, timeout: { connect: 5, call: 5 } }`,
      'cases:',
      '  - { id: who, prompt: who am I?, expect: { calls: [{ name: whoami }] } }',
    ].join('\n'),
  })
  const provider = scriptedProvider('scripted:http', new Map([['who', [[
    { text: '', toolCalls: [{ id: 'c1', name: 'whoami', rawArguments: '{}' }], usage: emptyUsage },
    { text: 'done', toolCalls: [], usage: emptyUsage },
  ]]]]))

  it('sends the headers with ${VAR} expanded, runs calls, and redacts the expanded value from what is written', async () => {
    process.env.TG_TEST_MCP_TOKEN = token
    try {
      const dir = suite()
      const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') })
      expect(outcome.report.results[0]?.passed).toBe(true)
      expect(outcome.report.results[0]?.turns[0]?.toolResults[0]?.content).toBe('you sent Bearer [redacted]')
      expect(readFileSync(join(dir, 'out', 'results.jsonl'), 'utf8')).not.toContain(token)
    } finally {
      delete process.env.TG_TEST_MCP_TOKEN
    }
  })

  it('a key written in the URL query (?api_key=…) reaches the server, and is redacted from what is written and from the label', async () => {
    const dir = tempFiles({
      'suite.yaml': ['name: http', 'tools:', `  - mcp: { url: "${url}?api_key=${token}&region=eu", timeout: { connect: 5, call: 5 } }`, 'cases:',
        '  - { id: who, prompt: who am I?, expect: { calls: [{ name: whoami }] } }'].join('\n'),
    })
    const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') })
    expect(outcome.report.results[0]?.passed).toBe(true)
    expect(outcome.report.results[0]?.turns[0]?.toolResults[0]?.content).toBe('you called /mcp?api_key=[redacted]&region=eu')
    for (const file of ['results.jsonl', 'report.json']) expect(readFileSync(join(dir, 'out', file), 'utf8'), file).not.toContain(token)
    // Refused once the key is wrong: the message names the server by its URL with the key masked.
    const wrong = tempFiles({ 'suite.yaml': readFileSync(join(dir, 'suite.yaml'), 'utf8').replace(token, 'wrong-key-5150') })
    const error = await runEvaluation({ suitePaths: [join(wrong, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(wrong, 'out') }).catch((thrown: unknown) => thrown)
    expect((error as Error).message).toContain(`MCP server "${url}?api_key=[redacted]&region=eu" could not be reached`)
    expect((error as Error).message).not.toContain('wrong-key-5150')
  })

  it('a server that refuses the credentials is bad input naming the URL; an unset variable names the field', async () => {
    const dir = suite()
    process.env.TG_TEST_MCP_TOKEN = 'wrong-token'
    try {
      const error = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') }).catch((thrown: unknown) => thrown)
      expect(InputError.isInstance(error)).toBe(true)
      expect((error as Error).message).toContain(`MCP server "${url}" could not be reached`)
    } finally {
      delete process.env.TG_TEST_MCP_TOKEN
    }
    const unset = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') }).catch((thrown: unknown) => thrown)
    expect((unset as Error).message).toMatch(/tools\.0\.mcp\.headers\.Authorization: environment variable TG_TEST_MCP_TOKEN is not set/)
  })
})

/** A stateless HTTP MCP server whose `outage` tool makes the HTTP layer answer 503 (a gateway in front of a dead backend). */
function startFlakyServer(): Promise<HttpServer> {
  const http = createServer((request, response) => {
    let body = ''
    request.on('data', (chunk: Buffer) => { body += chunk.toString() })
    request.on('end', () => {
      const message = body ? JSON.parse(body) as { method?: string; params?: { name?: string } } : undefined
      if (message?.method === 'tools/call' && message.params?.name === 'outage') {
        response.writeHead(503, { 'content-type': 'text/plain' }).end('backend unavailable')
        return
      }
      const server = new Server({ name: 'flaky', version: '1.0.0' }, { capabilities: { tools: {} } })
      const empty = { type: 'object', properties: {} }
      server.setRequestHandler(ListToolsRequestSchema, async () => ({
        tools: ['outage', 'ping'].map((name) => ({ name, inputSchema: empty, annotations: { readOnlyHint: true } })),
      }))
      server.setRequestHandler(CallToolRequestSchema, async () => ({ content: [{ type: 'text', text: 'pong' }] }))
      const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined })
      response.on('close', () => { void transport.close(); void server.close() })
      void server.connect(transport).then(() => transport.handleRequest(request, response, message))
    })
  })
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)))
}

describe('an HTTP MCP server that fails mid-run', () => {
  it('a call answered with an HTTP error ends that case as harness_error naming the URL; the next case reconnects', async () => {
    const http = await startFlakyServer()
    try {
      const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}/mcp`
      const dir = tempFiles({
        'suite.yaml': [
          'name: flaky',
          'tools:',
          `  - mcp: { url: "${url}", timeout: { connect: 5, call: 5 } }`,
          'cases:',
          '  - { id: one, prompt: go, expect: { calls: [{ name: outage }] } }',
          '  - { id: two, prompt: go, expect: { calls: [{ name: ping }] } }',
        ].join('\n'),
      })
      const script = (name: string) => [[
        { text: '', toolCalls: [{ id: 'c1', name, rawArguments: '{}' }], usage: emptyUsage },
        { text: 'done', toolCalls: [], usage: emptyUsage },
      ]]
      const flaky = scriptedProvider('scripted:flaky', new Map([['one', script('outage')], ['two', script('ping')]]))
      const outcome = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [flaky.id], providers: [flaky], outDir: join(dir, 'out'), concurrency: 1 })
      const [one, two] = outcome.report.results
      expect(one?.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
      expect(one?.failures[0]?.message).toContain(`MCP server "${url}" failed on tools/call outage`)
      expect(one?.failures[0]?.message).toContain('503')
      expect(two?.passed).toBe(true)
      expect(two?.turns[0]?.toolResults[0]?.content).toBe('pong')
    } finally {
      await new Promise<void>((resolve) => http.close(() => resolve()))
    }
  })
})
