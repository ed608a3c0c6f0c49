// A generation request's 2xx answer that is not JSON — an empty body, or text such as a proxy's "OK" page — holds no
// answer: every API answers a generation request with a JSON body or an event stream. Before, the openai,
// openai-compatible and anthropic SDKs read such a body as an empty turn (finish "stop", no calls), which would pass
// an irrelevance case; Responses and Gemini crashed in the SDK with a message naming no HTTP status. Now it is
// retried like a 5xx, then a ProviderError saying what the body was.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { weatherModel } from './fake/behaviour.ts'
import { allProviderKinds, baseUrlFor, fastRetries, makeProvider, setProviderEnv, startFakeServer, weatherTools } from './fake/harness.ts'

const open: Server[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()) })))
})

/** A server answering every request with status 200 and `body`, under `contentType` (none when undefined). */
async function answering(body: string, contentType: string | undefined): Promise<{ origin: string; requests: () => number }> {
  let count = 0
  const server = createServer((incoming, outgoing) => {
    incoming.resume()
    incoming.on('end', () => {
      count++
      outgoing.writeHead(200, contentType === undefined ? {} : { 'content-type': contentType })
      outgoing.end(body)
    })
  })
  open.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => count }
}

const bodies = [
  { name: 'an empty body without a content type', body: '', contentType: undefined, says: /with no answer: an empty body/ },
  { name: 'an empty text/plain body', body: '', contentType: 'text/plain', says: /with no answer: an empty body/ },
  { name: 'a text page', body: 'OK', contentType: 'text/html', says: /with no answer: a body that is not JSON \(text\/html, 2 bytes\)/ },
]

describe.each(allProviderKinds)('a %s answer with status 200 that is not JSON', (kind) => {
  it.each(bodies)('is a ProviderError after a retry, not an empty turn: $name', async ({ body, contentType, says }) => {
    const server = await answering(body, contentType)
    setProviderEnv(kind, undefined)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), retries: 1, ...fastRetries })
    const error = await provider
      .doGenerate({ messages: [{ role: 'user', content: 'Tell me a joke.' }], tools: weatherTools, toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } })
      .then((turn) => turn, (caught: unknown) => caught)
    expect(ProviderError.isInstance(error), JSON.stringify(error).slice(0, 200)).toBe(true)
    // The URL the answer came from: the base URL and the API's path.
    expect((error as Error).message).toContain(`HTTP 200 from ${baseUrlFor(kind, server.origin)}/`)
    expect((error as Error).message).toMatch(says)
    expect((error as Error).message).toMatch(/gave up after 1 retry/)
    expect(server.requests()).toBe(2)
  })
})

describe('a replayed answer with status 200 that is not JSON', () => {
  it('fails as it would have live, naming the cassette, instead of replaying an empty turn', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolgauge-empty-'))
    try {
      setProviderEnv('openai', undefined)
      const server = await startFakeServer('openai', weatherModel)
      const request = { messages: [{ role: 'user' as const, content: 'Tell me a joke.' }], tools: weatherTools, toolChoice: 'auto' as const, context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } }
      await (await makeProvider('openai', 'test-model', { baseUrl: baseUrlFor('openai', server.origin), recordDir: dir })).doGenerate(request)
      await server.close()
      // A cassette whose answer is an empty text body, as one recorded before the live check would hold it.
      const [file] = readdirSync(dir)
      const cassette = JSON.parse(readFileSync(join(dir, file!), 'utf8')) as { response: { headers: Record<string, string>; body: string } }
      cassette.response.headers = { 'content-type': 'text/plain' }
      cassette.response.body = ''
      writeFileSync(join(dir, file!), JSON.stringify(cassette))
      const player = await makeProvider('openai', 'test-model', { baseUrl: baseUrlFor('openai', server.origin), replayDir: dir })
      const error = await player.doGenerate(request).catch((caught: unknown) => caught)
      expect(ProviderError.isInstance(error)).toBe(true)
      expect((error as Error).message).toMatch(/HTTP 200 with no answer: an empty body \(replayed from /)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
