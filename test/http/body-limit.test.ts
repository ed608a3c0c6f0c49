// A body is read no further than its limit (src/http/body-limits.ts): a server that streams without end (or far more
// than any answer) costs the harness at most the limit, and the case is errored (a ProviderError: provider_error),
// not retried. A file (a batch's results) has a larger limit than an answer.
import { once } from 'node:events'
import { createServer, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { bodyTooLargeCode } from '../../src/http/body-limits.ts'
import { fetchWithRetries } from '../../src/http/fetch-with-retries.ts'
import { createNodeFetch } from '../../src/http/node-fetch.ts'

const open: ReturnType<typeof createServer>[] = []
afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

const kib = 1024
const limits = { answerBytes: 64 * kib, fileBytes: 256 * kib }
const limitedFetch = createNodeFetch({ bodyLimits: limits })

/** A loopback server answering every request with `contentType` and `totalBytes` bytes of `x` in 8 KiB writes (or a gzip of them); `requests` counts them, `closed` resolves when a client hung up early. */
async function serveBytes(contentType: string, totalBytes: number, options: { readonly gzip?: boolean; readonly path?: string } = {}) {
  const state = { requests: 0, hungUp: 0 }
  const server = createServer((request, response: ServerResponse) => {
    state.requests++
    request.resume()
    response.on('close', () => {
      if (!response.writableFinished) state.hungUp++
    })
    if (options.gzip === true) {
      response.writeHead(200, { 'content-type': contentType, 'content-encoding': 'gzip' })
      response.end(gzipSync(Buffer.alloc(totalBytes, 'x')))
      return
    }
    response.writeHead(200, { 'content-type': contentType })
    let sent = 0
    const chunk = Buffer.alloc(8 * kib, 'x')
    const write = () => {
      while (sent < totalBytes && !response.destroyed) {
        sent += chunk.byteLength
        if (!response.write(chunk)) return void response.once('drain', write)
      }
      if (!response.destroyed) response.end()
    }
    write()
  })
  open.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${options.path ?? '/v1/chat/completions'}`, state }
}

const settings = { policy: { retries: 4, baseDelayMs: 1, maxDelayMs: 1 }, timeoutMs: 30_000, fetch: limitedFetch, secrets: [], sleep: async () => {} }

describe('a response body past its limit', () => {
  it('a JSON answer far larger than the limit rejects with the limit as its cause, and the connection is closed', async () => {
    const server = await serveBytes('application/json', 4 * 1024 * kib)
    const error = await limitedFetch(server.url, { method: 'POST', body: '{}' }).then(() => undefined, (rejection: unknown) => rejection)
    expect(error).toBeInstanceOf(TypeError)
    expect(((error as Error).cause as { code?: string }).code).toBe(bodyTooLargeCode)
    await expect.poll(() => server.state.hungUp).toBe(1)
  })

  it('is errored at once through the retry loop — a ProviderError naming the host and the limit, one request, no retries', async () => {
    const server = await serveBytes('application/json', 4 * 1024 * kib)
    const error = await fetchWithRetries(server.url, { method: 'POST', body: '{}' }, settings).then(() => undefined, (rejection: unknown) => rejection)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toMatch(/^HTTP 200 answer from 127\.0\.0\.1:\d+ larger than 65536 bytes, not read further and not retried/)
    expect(server.state.requests).toBe(1)
  })

  it('an event stream that goes on past the limit is cut the same way', async () => {
    const server = await serveBytes('text/event-stream', 4 * 1024 * kib)
    const error = await fetchWithRetries(server.url, { method: 'POST', body: '{}' }, settings).then(() => undefined, (rejection: unknown) => rejection)
    expect(ProviderError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('larger than 65536 bytes')
    expect(server.state.requests).toBe(1)
  })

  it('counts decoded bytes: a small gzip that inflates past the limit is cut', async () => {
    const server = await serveBytes('application/json', 4 * 1024 * kib, { gzip: true })
    const error = await fetchWithRetries(server.url, { method: 'POST', body: '{}' }, settings).then(() => undefined, (rejection: unknown) => rejection)
    expect((error as Error).message).toContain('larger than 65536 bytes')
  })

  it('a body under the limit is read whole, and a file (JSON Lines, ?alt=media) has the larger file limit', async () => {
    const answer = await serveBytes('application/json', 32 * kib)
    expect((await (await limitedFetch(answer.url)).arrayBuffer()).byteLength).toBe(32 * kib)
    const file = await serveBytes('application/x-jsonl', 128 * kib)
    expect((await (await limitedFetch(file.url)).arrayBuffer()).byteLength).toBe(128 * kib)
    const media = await serveBytes('text/plain', 128 * kib, { path: '/download/v1beta/files/f:download?alt=media' })
    expect((await (await limitedFetch(media.url)).arrayBuffer()).byteLength).toBe(128 * kib)
    const tooBigFile = await serveBytes('application/x-jsonl', 1024 * kib)
    await expect(limitedFetch(tooBigFile.url).then((response) => response.arrayBuffer())).rejects.toThrow(TypeError)
  })
})
