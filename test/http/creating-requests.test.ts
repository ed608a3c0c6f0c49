// A request marked as creating a batch (createsHeaders) is retried only after a failure that certainly left the API
// untouched (429, a connection never made); after a 5xx, a reset or a cut answer it is not: a ProviderError marked
// uncertain, naming the host. Unmarked requests (uploads, polls, results) keep every retry.
import { createServer } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { createsHeader, createsHeaders, uncertainCreation } from '../../src/http/creating-request.ts'
import { createHttpClient } from '../../src/http/http-client.ts'
import { startLoopback, type Loopback, type Reply } from '../providers/fake/loopback.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const ok: Reply = { type: 'json', status: 200, body: { id: 'batch_1' } }

/** A server answering its first request with `first`, every later one with 200. */
async function serveFirst(first: Reply): Promise<Loopback> {
  const server = await startLoopback((_request, index) => (index === 0 ? first : ok))
  open.push(server)
  return server
}

const fetchOf = () => createHttpClient({ policy: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 } }).fetch

function post(url: string, marked: boolean): Promise<Response> {
  return fetchOf()(url, { method: 'POST', headers: { 'content-type': 'application/json', ...(marked ? createsHeaders : {}) }, body: '{}' })
}

describe('a batch-creating request', () => {
  it.each([
    ['a 500', { type: 'json', status: 500, body: { error: { message: 'boom' } } }, /HTTP 500/],
    ['a connection reset', { type: 'reset' }, /connection failed/],
    ['a truncated answer', { type: 'truncated', body: { id: 'batch_1', object: 'batch' } }, /unparsable JSON body/],
  ] as const)('is not retried after %s: an uncertain ProviderError naming the host', async (_name, first, reason) => {
    const server = await serveFirst(first as Reply)
    const error = await post(`${server.origin}/v1/batches`, true).catch((caught: unknown) => caught)
    expect(server.requests).toHaveLength(1)
    const found = uncertainCreation(error)
    expect(ProviderError.isInstance(found)).toBe(true)
    expect(found?.details).toMatchObject({ uncertain: true, retries: 0 })
    const host = new URL(server.origin).host
    expect(found?.message).toContain(`batch creation uncertain at ${host}`)
    expect(found?.message).toMatch(reason)
    // createHttpClient without optionNames words it in the library's names.
    expect(found?.message).toContain(`check the batch list at ${host} before resume with providerOptions.batch`)
  })

  it('is not retried after a timeout: the API may still be creating the batch', async () => {
    // The first request is never answered (the server closes it when the test ends).
    const server = await startLoopback((_request, index) => (index === 0 ? new Promise<Reply>(() => {}) : ok))
    open.push(server)
    const timed = createHttpClient({ timeoutMs: 50, policy: { retries: 3, baseDelayMs: 1, maxDelayMs: 2 } }).fetch
    const error = await timed(`${server.origin}/v1/batches`, { method: 'POST', headers: createsHeaders, body: '{}' }).catch((caught: unknown) => caught)
    expect(server.requests).toHaveLength(1)
    expect(uncertainCreation(error)?.message).toMatch(/batch creation uncertain at .*timed out after 50 ms/)
  })

  it('is retried after a 429, and its marker header never reaches the wire', async () => {
    const server = await serveFirst({ type: 'json', status: 429, headers: { 'retry-after-ms': '1' }, body: { error: { message: 'Rate limit reached' } } })
    const response = await post(`${server.origin}/v1/batches`, true)
    expect(response.status).toBe(200)
    expect(server.requests).toHaveLength(2)
    for (const seen of server.requests) expect(seen.headers[createsHeader]).toBeUndefined()
  })

  it('is retried when the connection is refused (nothing was sent), then fails as any request does', async () => {
    const listener = createServer()
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve))
    const { port } = listener.address() as { port: number }
    await new Promise<void>((resolve) => listener.close(() => resolve()))
    const error = await post(`http://127.0.0.1:${port}/v1/batches`, true).catch((caught: unknown) => caught)
    expect(uncertainCreation(error)).toBeUndefined()
    expect((error as Error).message).toMatch(/ECONNREFUSED.*gave up after 3 retries/)
  })
})

describe('a request not marked as creating', () => {
  it('is retried after a 500 as before (uploads, polls and results reads are idempotent)', async () => {
    const server = await serveFirst({ type: 'json', status: 500, body: { error: { message: 'boom' } } })
    expect((await post(`${server.origin}/v1/files`, false)).status).toBe(200)
    expect(server.requests).toHaveLength(2)
  })
})
