// A redirect from an HTTP MCP server to another host must not carry the suite's `${VAR}` headers there (issue 22: "No
// credential follows a redirect"). The MCP SDK's transport follows same-origin redirects only; this guards that policy
// (it held before the test was written): the connection fails as bad input and the other host never sees the key.
import { createServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runEvaluation } from '../../src/runner/run-evaluation.ts'
import { tempFiles } from '../helpers/cli.ts'

const token = 'mcp-redirect-secret-5c6d7e'

function listen(handler: Parameters<typeof createServer>[1]): Promise<HttpServer> {
  const http = createServer(handler)
  return new Promise((resolve) => http.listen(0, '127.0.0.1', () => resolve(http)))
}
const portOf = (server: HttpServer) => (server.address() as AddressInfo).port
const close = (server: HttpServer) => new Promise<void>((resolve) => server.close(() => resolve()))

describe('an HTTP MCP server that redirects', () => {
  const seenElsewhere: (string | undefined)[] = []
  let elsewhere: HttpServer
  let front: HttpServer
  beforeAll(async () => {
    elsewhere = await listen((request, response) => {
      seenElsewhere.push(request.headers["x-api-key"] as string | undefined)
      response.writeHead(401).end()
    })
    front = await listen((_request, response) => {
      response.writeHead(307, { location: `http://localhost:${portOf(elsewhere)}/mcp` }).end()
    })
  })
  afterAll(async () => { await close(front); await close(elsewhere) })

  it('is not followed with the suite headers: the run stops on the server, and the other host never sees the key', async () => {
    const dir = tempFiles({
      'suite.yaml': [
        'name: redirect',
        'tools:',
        `  - mcp: { url: "http://127.0.0.1:${portOf(front)}/mcp", headers: { X-Api-Key: "\${TG_TEST_MCP_REDIRECT}" }, timeout: { connect: 5, call: 5 } }`,
        'cases:',
        '  - { id: who, prompt: who am I?, expect: { calls: [{ name: whoami }] } }',
      ].join('\n'),
    })
    const provider = scriptedProvider('scripted:redirect', new Map([['who', [[{ text: 'done', toolCalls: [], usage: emptyUsage }]]]]))
    process.env.TG_TEST_MCP_REDIRECT = token
    try {
      const error = await runEvaluation({ suitePaths: [join(dir, 'suite.yaml')], models: [provider.id], providers: [provider], outDir: join(dir, 'out') })
        .then(() => undefined, (thrown: unknown) => thrown)
      expect(error).toBeInstanceOf(Error)
      expect(seenElsewhere.filter((header) => header?.includes(token))).toEqual([])
    } finally {
      delete process.env.TG_TEST_MCP_REDIRECT
    }
  })
})
