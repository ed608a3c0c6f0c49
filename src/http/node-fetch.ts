// The network under every SDK: a `fetch` on node:http / node:https with one keep-alive agent per protocol, instead of
// Node's built-in fetch (undici). Why: undici's WHATWG-streams machinery promotes garbage to the old generation on
// every request (~52 MB per run of 1,000 two-turn `openai:` cases; nothing of it live), and with Node's default flags
// that was the issue-23 figure "peak RSS, 1,000 `openai:` cases vs a 50 ms loopback, concurrency 16": 134–177 MiB,
// median 150, against its 150 MiB budget; through this module 123–130 MiB, median 125 (`npm run bench -- scale`, 5
// runs each, interleaved, load average 12–16). Only what the HTTP layer above needs is kept: an event-stream 2xx
// streams its pieces as they arrive (the retry loop times them); every other answer is read whole in Node and handed
// over as one buffer. Like fetch: redirects are never followed (a 3xx comes back as it is, with its Location),
// connection errors reject with a TypeError whose `cause.code` is the system code, a body cut short is an error,
// gzip/deflate/br bodies are decoded, and an abort rejects with the signal's reason. Unlike fetch, a body is read no
// further than its limit (http/body-limits.ts): past it the connection is closed and the read fails.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http'
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https'
import type { Readable } from 'node:stream'
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib'
import { bodyLimitFor, bodyTooLarge, defaultBodyLimits, type BodyLimits } from './body-limits.ts'

/** The `cause.code` of a connection not made within `connectTimeoutMs`: nothing was sent (like ECONNREFUSED). */
export const connectTimeoutCode = 'ERR_TOOLGAUGE_CONNECT_TIMEOUT'

// Undici's defaults, kept: a connection not made in 10 s is given up (the request never left), and an idle socket is
// closed after 4 s (or before the server's own `Keep-Alive: timeout=`), so a reused one is rarely one the server shut.
const defaultConnectTimeoutMs = 10_000
const idleSocketMs = 4_000

// Module-level, one per protocol: connections are reused across requests and clients. Node's Agent unrefs idle
// sockets, so a process whose work is done exits without closing them.
const agents = {
  'http:': new HttpAgent({ keepAlive: true, timeout: idleSocketMs }),
  'https:': new HttpsAgent({ keepAlive: true, timeout: idleSocketMs }),
} as const

/** The agent a URL's requests go through (http: or https:); undefined for any other scheme. */
export function agentFor(url: URL): HttpAgent | undefined {
  return url.protocol === 'http:' || url.protocol === 'https:' ? agents[url.protocol] : undefined
}

/** Statuses whose Response must have a null body. */
export const nullBodyStatuses = new Set([101, 204, 205, 304])

/** Settings of a `createNodeFetch` (tests shorten the connect timeout). */
export type NodeFetchSettings = {
  /** A connection not made by then fails with `connectTimeoutCode` (default 10 s, as undici). */
  readonly connectTimeoutMs?: number
  /** The most decoded bytes read of a body (default `defaultBodyLimits`: 64 MiB an answer, 256 MiB a file). */
  readonly bodyLimits?: BodyLimits
}

/** `fetch` over node:http / node:https (see the header comment for what it keeps of fetch and why it exists). */
export function createNodeFetch(settings: NodeFetchSettings = {}): typeof globalThis.fetch {
  const connectTimeoutMs = settings.connectTimeoutMs ?? defaultConnectTimeoutMs
  const bodyLimits = settings.bodyLimits ?? defaultBodyLimits
  return (input, init) => send(input, init ?? {}, connectTimeoutMs, bodyLimits)
}

/** The default network of the HTTP layer: `createNodeFetch()` with its defaults. */
export const nodeFetch = createNodeFetch()

async function send(input: string | URL | Request, init: RequestInit, connectTimeoutMs: number, bodyLimits: BodyLimits): Promise<Response> {
  const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url)
  const agent = agentFor(url)
  if (!agent) throw new TypeError(`fetch failed: unsupported URL scheme ${url.protocol}`)
  const signal = init.signal ?? undefined
  signal?.throwIfAborted()
  const method = (init.method ?? 'GET').toUpperCase()
  const headers = headerObject(init.headers)
  const body = await requestBody(init.body, headers)
  if (!('accept-encoding' in headers)) headers['accept-encoding'] = 'gzip, deflate, br'
  if (body !== undefined) headers['content-length'] = String(body.byteLength)
  else if (method !== 'GET' && method !== 'HEAD') headers['content-length'] = '0'
  signal?.throwIfAborted()
  const makeRequest = url.protocol === 'https:' ? httpsRequest : httpRequest
  return new Promise<Response>((resolve, reject) => {
    const request = makeRequest(url, { method, headers, agent })
    let settled = false
    const settle = () => {
      settled = true
      signal?.removeEventListener('abort', onAbort)
    }
    const fail = (error: unknown) => {
      request.destroy()
      if (settled) return
      settle()
      reject(error)
    }
    const onAbort = () => fail(signal?.reason)
    signal?.addEventListener('abort', onAbort, { once: true })
    request.on('error', (error) => fail(connectionError(error)))
    request.on('socket', (socket) => {
      if (!socket.connecting) return
      // Until the connection (and its TLS handshake) is made, no byte of the request has left.
      const timer = setTimeout(() => request.destroy(Object.assign(new Error(`connect timed out after ${connectTimeoutMs} ms`), { code: connectTimeoutCode })), connectTimeoutMs)
      socket.once(url.protocol === 'https:' ? 'secureConnect' : 'connect', () => clearTimeout(timer))
      socket.once('close', () => clearTimeout(timer))
    })
    request.on('response', (incoming) => {
      const status = incoming.statusCode ?? 0
      const responseHeaders = toHeaders(incoming)
      const decoded = decode(incoming, responseHeaders)
      const limitBytes = bodyLimitFor(bodyLimits, url, responseHeaders.get('content-type') ?? '')
      const init: ResponseInit = { status, statusText: incoming.statusMessage ?? '', headers: responseHeaders }
      // A Response refuses what no fetch could answer (a status outside 200–599, say): a failed request, as in fetch.
      const answer = (body: ConstructorParameters<typeof Response>[0]) => {
        try {
          const response = new Response(body, init)
          settle()
          resolve(withUrl(response, url.href))
        } catch (cause) {
          fail(new TypeError('fetch failed', { cause }))
        }
      }
      if (status >= 200 && status < 300 && (responseHeaders.get('content-type') ?? '').includes('text/event-stream')) {
        // From here the stream answers for the abort and for a cut: the reader gets the error.
        answer(streamOf(decoded, incoming, request, signal, () => bodyTooLarge(limitBytes, status), limitBytes))
        return
      }
      const chunks: Buffer[] = []
      let bytes = 0
      decoded.on('data', (chunk: Buffer) => {
        bytes += chunk.byteLength
        if (bytes <= limitBytes) chunks.push(chunk)
        else if (!settled) {
          chunks.length = 0
          decoded.destroy()
          fail(new TypeError('fetch failed', { cause: bodyTooLarge(limitBytes, status) }))
        }
      })
      decoded.on('error', (cause) => fail(new TypeError('fetch failed', { cause })))
      decoded.on('end', () => {
        if (!settled) answer(nullBodyStatuses.has(status) ? null : Buffer.concat(chunks))
      })
      incoming.on('close', () => {
        if (!incoming.complete) fail(connectionError(cutShort()))
      })
    })
    request.end(body)
  })
}

/** The headers of `init` as a plain object with lower-case names (Headers does the normalizing). */
function headerObject(source: RequestInit['headers']): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of new Headers(source)) headers[name] = value
  return headers
}

/**
 * A request body as bytes: strings and byte arrays directly; anything else (FormData for the file uploads, a Blob,
 * URLSearchParams, a stream) serialized by the platform's own Response, whose content type (the multipart boundary)
 * is used unless the caller set one.
 */
async function requestBody(body: RequestInit['body'], headers: Record<string, string>): Promise<Uint8Array | undefined> {
  if (body === undefined || body === null) return undefined
  if (typeof body === 'string') return Buffer.from(body)
  if (body instanceof Uint8Array) return body
  if (body instanceof ArrayBuffer) return new Uint8Array(body)
  if (ArrayBuffer.isView(body)) return new Uint8Array(body.buffer, body.byteOffset, body.byteLength)
  const serialized = new Response(body)
  const type = serialized.headers.get('content-type')
  if (type !== null && !('content-type' in headers)) headers['content-type'] = type
  return new Uint8Array(await serialized.arrayBuffer())
}

function toHeaders(incoming: IncomingMessage): Headers {
  const headers = new Headers()
  const raw = incoming.rawHeaders
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i]!, raw[i + 1]!)
  return headers
}

/**
 * The body as sent, decoded by its content encoding (gzip, deflate, br; several in order), which is then dropped from
 * the headers with the length that described the encoded bytes. An unknown encoding is handed over as it came.
 */
function decode(incoming: IncomingMessage, headers: Headers): Readable {
  const codings = (headers.get('content-encoding') ?? '').toLowerCase().split(',').map((coding) => coding.trim()).filter((coding) => coding !== '' && coding !== 'identity')
  if (codings.length === 0 || !codings.every((coding) => coding in decoders)) return incoming
  headers.delete('content-encoding')
  headers.delete('content-length')
  let stream: Readable = incoming
  // A decoder's error ends the last one too, so the reader of the last stream sees it; a cut in the incoming body is
  // caught by the reader from `incoming.complete`.
  for (const coding of codings.reverse()) {
    const decoder = decoders[coding as keyof typeof decoders]()
    if (stream !== incoming) stream.on('error', (error) => decoder.destroy(error))
    stream = stream.pipe(decoder)
  }
  return stream
}

const decoders = {
  gzip: createGunzip,
  'x-gzip': createGunzip,
  deflate: createInflate,
  br: createBrotliDecompress,
}

/** An event-stream body: each piece handed on as it arrives (the socket paused while the reader is behind). */
function streamOf(decoded: Readable, incoming: IncomingMessage, request: ClientRequest, signal: AbortSignal | undefined, tooLarge: () => Error, limitBytes: number): ReadableStream<Uint8Array> {
  let finished = false
  let bytes = 0
  let onAbort = () => {}
  const finish = () => {
    finished = true
    signal?.removeEventListener('abort', onAbort)
  }
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const error = (reason: unknown) => {
        if (finished) return
        finish()
        request.destroy()
        controller.error(reason)
      }
      onAbort = () => error(signal?.reason)
      signal?.addEventListener('abort', onAbort, { once: true })
      if (signal?.aborted) onAbort()
      decoded.on('data', (chunk: Buffer) => {
        if (finished) return
        bytes += chunk.byteLength
        if (bytes > limitBytes) {
          decoded.destroy()
          error(new TypeError('terminated', { cause: tooLarge() }))
          return
        }
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength))
        if ((controller.desiredSize ?? 1) <= 0) decoded.pause()
      })
      decoded.on('end', () => {
        if (finished) return
        finish()
        controller.close()
      })
      decoded.on('error', (cause) => error(new TypeError('terminated', { cause })))
      incoming.on('close', () => {
        if (!incoming.complete) error(new TypeError('terminated', { cause: cutShort() }))
      })
    },
    pull() {
      decoded.resume()
    },
    cancel() {
      finish()
      request.destroy()
    },
  })
}

/** A connection that closed before the body ended (fetch's own cause code for it, as a system error). */
function cutShort(): Error {
  return Object.assign(new Error('the connection closed before the body ended'), { code: 'ECONNRESET' })
}

/** fetch's shape for a network failure: a TypeError whose cause carries the system code. */
function connectionError(error: Error): TypeError {
  return error instanceof TypeError && error.message === 'fetch failed' ? error : new TypeError('fetch failed', { cause: error })
}

/** A Response remembers the URL it answered (fetch sets it; the constructor cannot). */
function withUrl(response: Response, url: string): Response {
  Object.defineProperty(response, 'url', { value: url })
  return response
}
