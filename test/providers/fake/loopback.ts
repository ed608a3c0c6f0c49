import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { frameText, type SseFrame } from './streams/sse.ts'

/** One request as the loopback server saw it. */
export type SeenRequest = {
  readonly method: string
  readonly path: string
  readonly headers: IncomingMessage['headers']
  readonly body: unknown
}

/**
 * What a handler answers: a JSON body with a status, a text body of its own content type (a JSONL file), an event stream (`text/event-stream`, one write per frame;
 * `cut` ends the stream after that many frames — cleanly, or by resetting the socket; `bytes` writes it instead in
 * pieces of that many bytes, each after the last was flushed, so pieces end inside a line or a UTF-8 character as
 * TCP may deliver them), or a fault to act out.
 */
export type Reply =
  | { readonly type: 'json'; readonly status: number; readonly body: unknown; readonly headers?: Record<string, string> }
  | { readonly type: 'text'; readonly status: number; readonly body: string; readonly contentType: string }
  | { readonly type: 'sse'; readonly frames: readonly SseFrame[]; readonly cut?: { readonly after: number; readonly reset?: boolean }; readonly bytes?: number }
  | { readonly type: 'reset' }
  | { readonly type: 'truncated'; readonly body: unknown }

/** A Messages API answer holding only `text`, as a model that calls no tool gives it. */
export function anthropicTextReply(text: string): Reply {
  return {
    type: 'json',
    status: 200,
    body: { id: 'msg_1', type: 'message', role: 'assistant', model: 'claude-test', content: [{ type: 'text', text }], stop_reason: 'end_turn', usage: { input_tokens: 10, output_tokens: 2 } },
  }
}

/** A Chat Completions answer holding only `text`, as a model that calls no tool gives it. */
export function chatTextReply(text: string): Reply {
  return {
    type: 'json',
    status: 200,
    body: { id: 'c1', object: 'chat.completion', created: 1, model: 'm', choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }], usage: { prompt_tokens: 3, completion_tokens: 3, total_tokens: 6 } },
  }
}

/** A Chat Completions loopback answering every request with text, kept in `open` to be closed; its base URL (`…/v1`). */
export async function startTextChatServer(open: Loopback[]): Promise<string> {
  const server = await startLoopback(() => chatTextReply('Nothing to do.'))
  open.push(server)
  return `${server.origin}/v1`
}

/** A request handler of a fake API (the n-th request is 0-based, counted across the server's life). */
export type Handler = (request: SeenRequest, index: number) => Reply | Promise<Reply>

/** A running loopback server. */
export type Loopback = {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string
  readonly requests: SeenRequest[]
  close(): Promise<void>
}

/** Starts a node:http server on 127.0.0.1, port 0; `latencyMs` delays every answer (bench). */
export async function startLoopback(handler: Handler, latencyMs = 0): Promise<Loopback> {
  const requests: SeenRequest[] = []
  let count = 0
  const server = createServer((incoming, outgoing) => {
    const chunks: Buffer[] = []
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk))
    incoming.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8')
      let body: unknown = text
      try {
        body = JSON.parse(text)
      } catch {}
      const seen: SeenRequest = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', headers: incoming.headers, body }
      requests.push(seen)
      const index = count++
      const answer = async () => send(outgoing, await handler(seen, index))
      const run = () => answer().catch((error: Error) => send(outgoing, { type: 'json', status: 599, body: { error: { message: error.message } } }))
      if (latencyMs > 0) setTimeout(run, latencyMs)
      else void run()
    })
  })
  server.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

function send(outgoing: ServerResponse, reply: Reply): void {
  if (reply.type === 'reset') {
    outgoing.socket?.destroy()
    return
  }
  if (reply.type === 'sse') {
    outgoing.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache' })
    const frames = reply.cut ? reply.frames.slice(0, reply.cut.after) : reply.frames
    if (reply.bytes !== undefined) {
      writePieces(outgoing, Buffer.from(frames.map(frameText).join(''), 'utf8'), reply.bytes)
      return
    }
    for (const frame of frames) outgoing.write(frameText(frame))
    if (reply.cut?.reset) {
      // Flushed first, so the client has begun reading the body when the connection drops.
      setTimeout(() => outgoing.socket?.destroy(), 5)
      return
    }
    outgoing.end()
    return
  }
  if (reply.type === 'text') {
    outgoing.writeHead(reply.status, { 'content-type': reply.contentType })
    outgoing.end(reply.body)
    return
  }
  if (reply.type === 'truncated') {
    const text = JSON.stringify(reply.body)
    outgoing.writeHead(200, { 'content-type': 'application/json' })
    outgoing.end(text.slice(0, Math.floor(text.length / 2)))
    return
  }
  outgoing.writeHead(reply.status, { 'content-type': 'application/json', ...reply.headers })
  outgoing.end(JSON.stringify(reply.body))
}

/** Writes `body` in pieces of `size` bytes, each once the one before was flushed, then ends the response. */
function writePieces(outgoing: ServerResponse, body: Buffer, size: number): void {
  const next = (start: number): void => {
    if (start >= body.length) {
      outgoing.end()
      return
    }
    outgoing.write(body.subarray(start, start + size), () => setImmediate(() => next(start + size)))
  }
  next(0)
}

/**
 * Wraps a handler so 1 request in 3 fails, cycling through 429 + Retry-After, 500, connection reset and a
 * truncated JSON body (for an event stream: the stream stopped halfway, without its end event). The failing ones are every third request (index 0, 3, 6 …), so each retry succeeds.
 */
export function withFaults(handler: Handler): Handler & { readonly injected: string[] } {
  const injected: string[] = []
  const kinds = ['429', '500', 'reset', 'truncated'] as const
  const wrapped: Handler = async (request, index) => {
    if (index % 3 !== 0) return handler(request, index)
    const kind = kinds[(index / 3) % kinds.length]!
    injected.push(kind)
    switch (kind) {
      case '429':
        return { type: 'json', status: 429, headers: { 'retry-after': '1' }, body: { error: { message: 'Rate limit reached', type: 'rate_limit_error' } } }
      case '500':
        return { type: 'json', status: 500, body: { error: { message: 'The server had an error', type: 'server_error' } } }
      case 'reset':
        return { type: 'reset' }
      case 'truncated': {
        // A stream is cut halfway (no end event): a broken stream, retried like a truncated body.
        const reply = await handler(request, index)
        if (reply.type === 'sse') return { ...reply, cut: { after: Math.floor(reply.frames.length / 2) } }
        return { type: 'truncated', body: reply.type === 'json' ? reply.body : {} }
      }
    }
  }
  return Object.assign(wrapped, { injected })
}
