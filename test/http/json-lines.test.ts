// A batch's results file is JSON Lines (Message Batches sends application/x-jsonl; it once sent no content type at
// all). The HTTP layer took it for a broken JSON body, retried it and gave up, so no batch result could be read.
import { afterEach, describe, expect, it } from 'vitest'
import { fetchWithRetries, type RetrySettings } from '../../src/http/fetch-with-retries.ts'
import { startLoopback, type Loopback, type Reply } from '../providers/fake/loopback.ts'

const servers: Loopback[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close()
})

const lines = `${JSON.stringify({ custom_id: 'a', result: { type: 'expired' } })}\n${JSON.stringify({ custom_id: 'b', result: { type: 'expired' } })}\n`

async function fetchOnce(reply: Reply): Promise<{ body?: string; error?: Error; requests: number }> {
  const server = await startLoopback(() => reply)
  servers.push(server)
  const retries: string[] = []
  const settings: RetrySettings = { policy: { retries: 1, baseDelayMs: 1, maxDelayMs: 1 }, timeoutMs: 5_000, fetch: globalThis.fetch, secrets: [], onRetry: (info) => retries.push(info.reason) }
  try {
    const response = await fetchWithRetries(`${server.origin}/v1/messages/batches/msgbatch_1/results`, {}, settings)
    return { body: response.body, requests: server.requests.length }
  } catch (error) {
    return { error: error as Error, requests: server.requests.length }
  }
}

describe('JSON Lines bodies', () => {
  it('application/x-jsonl is read once, as it came', async () => {
    expect(await fetchOnce({ type: 'text', status: 200, body: lines, contentType: 'application/x-jsonl' })).toEqual({ body: lines, requests: 1 })
  })

  it('JSON Lines with no content type at all are read once, as they came', async () => {
    expect(await fetchOnce({ type: 'text', status: 200, body: lines, contentType: '' })).toEqual({ body: lines, requests: 1 })
  })

  it('a JSON body cut short is still retried, then given up on', async () => {
    const cut = await fetchOnce({ type: 'truncated', body: { id: 'msg_1', content: [{ type: 'text', text: 'hello there' }] } })
    expect(cut.requests).toBe(2)
    expect(cut.error?.message).toMatch(/unparsable JSON body/)
  })
})
