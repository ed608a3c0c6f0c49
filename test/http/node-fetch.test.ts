// The default network (src/http/node-fetch.ts), against loopback servers that act out each case by hand: event
// streams handed on piece by piece, aborts, redirects left alone, fetch's error shape, cuts, decoding, request bodies,
// keep-alive (and a process that still exits), https picking its own agent.
import { spawn } from 'node:child_process'
import { getEventListeners, once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { Agent as HttpsAgent } from 'node:https'
import type { AddressInfo, Socket } from 'node:net'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'
import { afterEach, describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { fetchWithRetries } from '../../src/http/fetch-with-retries.ts'
import { createsHeaders, uncertainCreation } from '../../src/http/creating-request.ts'
import { createHttpClient } from '../../src/http/http-client.ts'
import { agentFor, connectTimeoutCode, createNodeFetch, nodeFetch } from '../../src/http/node-fetch.ts'
import { createConnection } from 'node:net'

type Seen = { readonly method: string; readonly path: string; readonly headers: IncomingMessage['headers']; readonly body: Buffer; readonly socket: Socket }
type Server = { readonly origin: string; readonly seen: Seen[]; readonly connections: Set<Socket> }

const open: ReturnType<typeof createServer>[] = []
afterEach(async () => {
  for (const server of open.splice(0)) {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
})

/** A loopback server handing each request (its body read) to `handle`; `connections` every socket it accepted. */
async function serve(handle: (seen: Seen, response: ServerResponse) => void): Promise<Server> {
  const seen: Seen[] = []
  const connections = new Set<Socket>()
  const server = createServer((request, response) => {
    const chunks: Buffer[] = []
    request.on('data', (chunk: Buffer) => chunks.push(chunk))
    request.on('end', () => {
      const entry = { method: request.method ?? '', path: request.url ?? '', headers: request.headers, body: Buffer.concat(chunks), socket: request.socket }
      seen.push(entry)
      handle(entry, response)
    })
  })
  server.on('connection', (socket) => connections.add(socket))
  server.keepAliveTimeout = 60_000
  open.push(server)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen, connections }
}

/** A promise and the function that settles it. */
function gate(): { readonly opened: Promise<void>; open(): void } {
  let open = () => {}
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

const children: ReturnType<typeof spawn>[] = []
const fillers: Socket[] = []
afterEach(() => {
  for (const socket of fillers.splice(0)) socket.destroy()
  for (const child of children.splice(0)) child.kill()
})

// A child listening with the smallest backlog, then blocked for good (Atomics.wait: no CPU), so it never accepts.
const blockedListener = `const s = require('node:net').createServer(); s.listen({ port: 0, host: '127.0.0.1', backlog: 1 }, () => { process.stdout.write(String(s.address().port) + '\\n'); Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0) })`

const fastPolicy = { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }
const decoder = new TextDecoder()

describe('an event-stream answer', () => {
  it('hands each piece on as it arrives: the first is read before the server has sent the second', async () => {
    const firstRead = gate()
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data: one\n\n')
      void firstRead.opened.then(() => response.end('data: two\n\n'))
    })
    const response = await nodeFetch(`${server.origin}/stream`)
    const reader = response.body!.getReader()
    const first = await reader.read()
    expect(decoder.decode(first.value)).toBe('data: one\n\n')
    firstRead.open()
    let rest = ''
    for (let piece = await reader.read(); !piece.done; piece = await reader.read()) rest += decoder.decode(piece.value)
    expect(rest).toBe('data: two\n\n')
  })

  it('keeps its event timings real through the HTTP layer: events sent apart are timed apart', async () => {
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data: {"n":1}\n\n')
      setTimeout(() => response.end('data: {"n":2}\n\n'), 40)
    })
    const answer = await fetchWithRetries(`${server.origin}/stream`, {}, { policy: fastPolicy, timeoutMs: 10_000, fetch: nodeFetch, secrets: [] })
    expect(answer.body).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n')
    expect(answer.stream?.events).toBe(2)
    // A body buffered before it was handed on would time both events alike.
    expect(answer.stream!.lastEventMs).toBeGreaterThan(answer.stream!.firstEventMs)
  })

  it('errors its reader with the reason when the caller aborts mid-stream, and drops the connection', async () => {
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data: one\n\n')
    })
    const controller = new AbortController()
    const response = await nodeFetch(`${server.origin}/stream`, { signal: controller.signal })
    const reader = response.body!.getReader()
    await reader.read()
    const reason = new Error('the run was stopped')
    controller.abort(reason)
    await expect(reader.read()).rejects.toBe(reason)
    const socket = server.seen[0]!.socket
    if (!socket.closed) await once(socket, 'close')
  })

  it('is a retryable connection failure when the connection is cut mid-stream', async () => {
    const server = await serve((seen, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' })
      response.write('data: {"n":1}\n\n')
      if (server.seen.length === 1) setTimeout(() => seen.socket.destroy(), 10)
      else response.end('data: {"n":2}\n\n')
    })
    const reasons: string[] = []
    const answer = await fetchWithRetries(`${server.origin}/stream`, {}, { policy: fastPolicy, timeoutMs: 10_000, fetch: nodeFetch, secrets: [], onRetry: (info) => reasons.push(info.reason) })
    expect(answer.body).toBe('data: {"n":1}\n\ndata: {"n":2}\n\n')
    expect(answer.retries).toBe(1)
    expect(reasons).toEqual([expect.stringMatching(/^connection failed: terminated \(ECONNRESET\)/)])
  })
})

describe('aborts', () => {
  it('rejects with the caller\'s reason while waiting for the headers, and drops the connection', async () => {
    const arrived = gate()
    const server = await serve(() => arrived.open())
    const controller = new AbortController()
    const pending = nodeFetch(`${server.origin}/slow`, { method: 'POST', body: '{}', signal: controller.signal })
    await arrived.opened
    const reason = new Error('stopped')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    const socket = server.seen[0]!.socket
    if (!socket.closed) await once(socket, 'close')
  })

  it('rejects with the reason mid-body', async () => {
    const bodyStarted = gate()
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      response.write('{"half":', () => bodyStarted.open())
    })
    const controller = new AbortController()
    const pending = nodeFetch(`${server.origin}/half`, { signal: controller.signal })
    await bodyStarted.opened
    controller.abort()
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' })
    expect(server.seen).toHaveLength(1)
  })

  it('rejects at once, sending nothing, when the signal is already aborted', async () => {
    const server = await serve((_seen, response) => response.end())
    await expect(nodeFetch(server.origin, { signal: AbortSignal.abort() })).rejects.toMatchObject({ name: 'AbortError' })
    expect(server.seen).toEqual([])
  })

  it.each([
    ['the headers', (response: ServerResponse) => void response],
    ['the body', (response: ServerResponse) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      response.write('{"half":')
    }],
  ])('times an attempt out while waiting for %s, and retries it', async (_where, stall) => {
    const server = await serve((_seen, response) => (server.seen.length === 1 ? stall(response) : response.end('{"ok":true}')))
    const reasons: string[] = []
    const answer = await fetchWithRetries(`${server.origin}/`, {}, { policy: fastPolicy, timeoutMs: 200, fetch: nodeFetch, secrets: [], onRetry: (info) => reasons.push(info.reason) })
    expect(answer.body).toBe('{"ok":true}')
    expect(reasons).toEqual(['request timed out after 200 ms'])
  })

  // The SDKs always hand fetchWithRetries a signal of their own: each attempt's signal follows it (and its timeout).
  it('under a caller\'s signal: rejects with the caller\'s reason mid-attempt, unretried', async () => {
    const arrived = gate()
    const server = await serve(() => arrived.open())
    const controller = new AbortController()
    const reasons: string[] = []
    const pending = fetchWithRetries(`${server.origin}/`, { signal: controller.signal }, { policy: fastPolicy, timeoutMs: 10_000, fetch: nodeFetch, secrets: [], onRetry: (info) => reasons.push(info.reason) })
    await arrived.opened
    const reason = new Error('stopped')
    controller.abort(reason)
    await expect(pending).rejects.toBe(reason)
    expect(server.seen).toHaveLength(1)
    expect(reasons).toEqual([])
  })

  it('under a caller\'s signal: times an attempt out and retries it, leaving no listener of its attempts on that signal', async () => {
    const server = await serve((_seen, response) => (server.seen.length === 1 ? undefined : response.end('{"ok":true}')))
    const controller = new AbortController()
    const reasons: string[] = []
    const answer = await fetchWithRetries(`${server.origin}/`, { signal: controller.signal }, { policy: fastPolicy, timeoutMs: 200, fetch: nodeFetch, secrets: [], onRetry: (info) => reasons.push(info.reason) })
    expect(answer.body).toBe('{"ok":true}')
    expect(reasons).toEqual(['request timed out after 200 ms'])
    expect(controller.signal.aborted).toBe(false)
    expect(getEventListeners(controller.signal, 'abort')).toEqual([])
  })
})

describe('redirects', () => {
  it.each([301, 302, 303, 307, 308])('HTTP %i comes back as it is, with its Location, and the other host sees nothing', async (status) => {
    const elsewhere = await serve((_seen, response) => response.end('{}'))
    const server = await serve((_seen, response) => {
      response.writeHead(status, { location: `${elsewhere.origin}/v1/chat` })
      response.end()
    })
    const response = await nodeFetch(`${server.origin}/v1/chat`, { method: 'POST', headers: { authorization: 'Bearer sk-secret' }, body: '{}' })
    expect(response.status).toBe(status)
    expect(response.headers.get('location')).toBe(`${elsewhere.origin}/v1/chat`)
    expect(elsewhere.seen).toEqual([])
  })

  it('through the HTTP layer: a ProviderError naming both hosts, not retried', async () => {
    const elsewhere = await serve((_seen, response) => response.end('{}'))
    const server = await serve((_seen, response) => {
      response.writeHead(307, { location: `${elsewhere.origin}/v1/chat` })
      response.end()
    })
    const failure = await createHttpClient({ policy: fastPolicy }).fetch(`${server.origin}/v1/chat`, { method: 'POST', body: '{}' }).catch((error: unknown) => error)
    expect(ProviderError.isInstance((failure as Error).cause)).toBe(true)
    expect((failure as Error).message).toContain(`redirect from ${new URL(server.origin).host} to ${new URL(elsewhere.origin).host}, not followed`)
    expect(server.seen).toHaveLength(1)
    expect(elsewhere.seen).toEqual([])
  })
})

describe('connection errors, in fetch\'s shape', () => {
  it('a refused connection: a TypeError whose cause.code is ECONNREFUSED', async () => {
    const server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    await new Promise<void>((resolve) => server.close(() => resolve()))
    const failure = await nodeFetch(`http://127.0.0.1:${port}/`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).cause).toMatchObject({ code: 'ECONNREFUSED' })
  })

  it('a reset before the answer: a TypeError whose cause.code is ECONNRESET', async () => {
    const server = await serve((seen) => seen.socket.destroy())
    const failure = await nodeFetch(`${server.origin}/`, { method: 'POST', body: '{}' }).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).cause).toMatchObject({ code: 'ECONNRESET' })
  })

  it('a connection not made in time: a TypeError whose cause.code says so, retried even for a batch creation', async () => {
    // A listener whose process never accepts (its event loop blocked): once its backlog is full, connecting hangs.
    const listener = spawn(process.execPath, ['-e', blockedListener], { stdio: ['ignore', 'pipe', 'inherit'] })
    children.push(listener)
    const [chunk] = (await once(listener.stdout, 'data')) as [Buffer]
    const port = Number(chunk.toString().trim())
    for (let filler = 0; filler < 8; filler++) fillers.push(createConnection(port, '127.0.0.1').on('error', () => {}))
    const failure = await createNodeFetch({ connectTimeoutMs: 100 })(`http://127.0.0.1:${port}/`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).cause).toMatchObject({ code: connectTimeoutCode })
    const creating = await createHttpClient({ policy: fastPolicy, fetch: createNodeFetch({ connectTimeoutMs: 100 }) })
      .fetch(`http://127.0.0.1:${port}/v1/batches`, { method: 'POST', headers: createsHeaders, body: '{}' })
      .catch((error: unknown) => error)
    // Nothing was sent: retried like a refused connection, never "uncertain".
    expect(uncertainCreation(creating)).toBeUndefined()
    expect((creating as Error).message).toMatch(new RegExp(`connection failed: fetch failed \\(${connectTimeoutCode}\\) \\(gave up after 2 retries\\)`))
  })

  it('an answer no Response can hold (status 600): a TypeError, as fetch rejects it', async () => {
    const server = await serve((_seen, response) => {
      response.writeHead(600)
      response.end('odd')
    })
    const failure = await nodeFetch(`${server.origin}/`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).cause).toBeInstanceOf(RangeError)
  })

  it('a body cut short: a TypeError whose cause.code is ECONNRESET, retried by the HTTP layer', async () => {
    const server = await serve((seen, response) => {
      if (server.seen.length > 2) return response.end('{"ok":true}')
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' })
      response.write('{"half":', () => setTimeout(() => seen.socket.destroy(), 10))
    })
    const failure = await nodeFetch(`${server.origin}/`).catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(TypeError)
    expect((failure as TypeError).cause).toMatchObject({ code: 'ECONNRESET' })
    const reasons: string[] = []
    const answer = await fetchWithRetries(`${server.origin}/`, {}, { policy: fastPolicy, timeoutMs: 10_000, fetch: nodeFetch, secrets: [], onRetry: (info) => reasons.push(info.reason) })
    expect(answer.body).toBe('{"ok":true}')
    expect(reasons).toEqual([expect.stringMatching(/^connection failed: fetch failed \(ECONNRESET\)/)])
  })
})

describe('compressed answers', () => {
  const text = JSON.stringify({ answer: 'sunny '.repeat(200) })
  it.each([
    ['gzip', gzipSync(text)],
    ['deflate', deflateSync(text)],
    ['br', brotliCompressSync(text)],
  ])('%s: asked for, decoded, and its encoding and length headers dropped', async (coding, bytes) => {
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': coding, 'content-length': String(bytes.length) })
      response.end(bytes)
    })
    const response = await nodeFetch(`${server.origin}/`)
    expect(await response.text()).toBe(text)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBeNull()
    expect(server.seen[0]!.headers['accept-encoding']).toBe('gzip, deflate, br')
  })

  it('a gzipped event stream is decoded piece by piece', async () => {
    const server = await serve((_seen, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'content-encoding': 'gzip' })
      response.end(gzipSync('data: one\n\ndata: two\n\n'))
    })
    expect(await (await nodeFetch(`${server.origin}/`)).text()).toBe('data: one\n\ndata: two\n\n')
  })

  it('keeps an accept-encoding the caller set', async () => {
    const server = await serve((_seen, response) => response.end('plain'))
    expect(await (await nodeFetch(`${server.origin}/`, { headers: { 'Accept-Encoding': 'identity' } })).text()).toBe('plain')
    expect(server.seen[0]!.headers['accept-encoding']).toBe('identity')
  })
})

describe('answers without a body', () => {
  it.each([204, 205, 304])('HTTP %i is a Response with a null body', async (status) => {
    const server = await serve((_seen, response) => {
      response.writeHead(status)
      response.end()
    })
    const response = await nodeFetch(`${server.origin}/`)
    expect(response.status).toBe(status)
    expect(response.body).toBeNull()
  })

  it('an error status keeps its body and status text, and the Response its URL', async () => {
    const server = await serve((_seen, response) => {
      response.writeHead(404, 'Not Found', { 'content-type': 'application/json' })
      response.end('{"error":{"message":"no such model"}}')
    })
    const response = await nodeFetch(`${server.origin}/v1/models/x`)
    expect([response.status, response.statusText, response.url]).toEqual([404, 'Not Found', `${server.origin}/v1/models/x`])
    expect(await response.json()).toEqual({ error: { message: 'no such model' } })
  })
})

describe('request bodies', () => {
  const echo = () => serve((_seen, response) => response.end('{}'))

  it.each([
    ['a string', 'é{"a":1}'],
    ['a Uint8Array', new TextEncoder().encode('é{"a":1}')],
    ['a Buffer', Buffer.from('é{"a":1}')],
  ])('%s is sent as it is, with its Content-Length', async (_name, body) => {
    const server = await echo()
    await nodeFetch(`${server.origin}/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    expect(server.seen[0]!.body.toString('utf8')).toBe('é{"a":1}')
    expect(server.seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength('é{"a":1}')))
    expect(server.seen[0]!.headers['content-type']).toBe('application/json')
  })

  it('FormData (a file upload) goes as multipart with its boundary, readable as the form it was', async () => {
    const server = await echo()
    const form = new FormData()
    form.append('purpose', 'batch')
    form.append('file', new Blob(['{"custom_id":"a"}\n'], { type: 'application/jsonl' }), 'toolgauge-batch.jsonl')
    await nodeFetch(`${server.origin}/v1/files`, { method: 'POST', body: form })
    const seen = server.seen[0]!
    expect(seen.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/)
    expect(seen.headers['content-length']).toBe(String(seen.body.length))
    const received = await new Response(seen.body, { headers: { 'content-type': seen.headers['content-type']! } }).formData()
    expect(received.get('purpose')).toBe('batch')
    const file = received.get('file') as File
    expect([file.name, await file.text()]).toEqual(['toolgauge-batch.jsonl', '{"custom_id":"a"}\n'])
  })

  it('a Blob, URLSearchParams and a ReadableStream are serialized by the platform', async () => {
    const server = await echo()
    await nodeFetch(`${server.origin}/blob`, { method: 'POST', body: new Blob(['line\n']) })
    await nodeFetch(`${server.origin}/form`, { method: 'POST', body: new URLSearchParams({ a: '1', b: 'x y' }) })
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('pie'))
        controller.enqueue(new TextEncoder().encode('ces'))
        controller.close()
      },
    })
    await nodeFetch(`${server.origin}/stream`, { method: 'POST', body: stream, duplex: 'half' } as RequestInit)
    expect(server.seen.map((seen) => seen.body.toString('utf8'))).toEqual(['line\n', 'a=1&b=x+y', 'pieces'])
    expect(server.seen[1]!.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
  })

  it('a POST without a body says Content-Length: 0', async () => {
    const server = await echo()
    await nodeFetch(`${server.origin}/v1/batches/b1/cancel`, { method: 'POST' })
    expect(server.seen[0]!.headers['content-length']).toBe('0')
  })
})

describe('connections', () => {
  it('are kept alive: requests one after another share one connection', async () => {
    const server = await serve((_seen, response) => response.end('{}'))
    for (let request = 0; request < 3; request++) await (await nodeFetch(`${server.origin}/${request}`)).text()
    expect(server.seen).toHaveLength(3)
    expect(server.connections.size).toBe(1)
  })

  it('do not keep a process alive: a child that fetched through the kept-alive agent exits on its own', async () => {
    const server = await serve((_seen, response) => response.end('{"ok":true}'))
    const runTs = fileURLToPath(new URL('../../bin/run-ts.mjs', import.meta.url))
    const script = fileURLToPath(new URL('./keep-alive-child.ts', import.meta.url))
    const child = spawn(process.execPath, [runTs, script, server.origin], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const [code] = (await once(child, 'exit')) as [number | null]
    expect(output.trim()).toBe('{"ok":true} {"ok":true}')
    expect(code).toBe(0)
    // The connection was kept (one for both requests) and is still open on the server's side when the child leaves.
    expect(server.connections.size).toBe(1)
  })

  it('https URLs go through the https agent, http ones through the http agent', () => {
    const https = agentFor(new URL('https://api.example.test/v1'))
    const http = agentFor(new URL('http://127.0.0.1:1/'))
    expect(https).toBeInstanceOf(HttpsAgent)
    expect(http).not.toBeInstanceOf(HttpsAgent)
    expect(agentFor(new URL('https://other.example.test/'))).toBe(https)
    expect(agentFor(new URL('ftp://example.test/'))).toBeUndefined()
  })
})
