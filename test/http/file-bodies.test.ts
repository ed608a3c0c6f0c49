// A file served whole (a batch's JSONL output or error file) is a body, not a JSON answer: one value per line
// never parses as one, and must not be retried as a truncated answer and given up on.
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpClient } from '../../src/http/http-client.ts'
import { startLoopback, type Loopback } from '../providers/fake/loopback.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

const jsonl = '{"custom_id":"a","response":{"status_code":200,"body":{}}}\n{"custom_id":"b","response":{"status_code":200,"body":{}}}\n'

describe('file bodies through the HTTP layer', () => {
  it.each(['application/octet-stream', 'application/jsonl', 'application/x-ndjson'])('reads a JSONL file served as %s once, unretried', async (contentType) => {
    const server = await startLoopback(() => ({ type: 'text', status: 200, body: jsonl, contentType }))
    open.push(server)
    const retries: string[] = []
    const http = createHttpClient({ policy: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, onRetry: (info) => retries.push(info.reason) })
    const response = await http.fetch(`${server.origin}/v1/files/file-1/content`)
    expect(await response.text()).toBe(jsonl)
    expect(retries).toEqual([])
    expect(server.requests).toHaveLength(1)
  })

  it('still retries a JSON answer cut short', async () => {
    const server = await startLoopback((_request, index) => (index === 0 ? { type: 'truncated', body: { ok: true } } : { type: 'json', status: 200, body: { ok: true } }))
    open.push(server)
    const retries: string[] = []
    const http = createHttpClient({ policy: { retries: 2, baseDelayMs: 1, maxDelayMs: 2 }, onRetry: (info) => retries.push(info.reason) })
    expect(await (await http.fetch(`${server.origin}/v1/answer`)).json()).toEqual({ ok: true })
    expect(retries.join('\n')).toMatch(/unparsable JSON body/)
  })
})
