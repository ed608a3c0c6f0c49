// Batch mode in the HTTP layer (issue 27): a generation request (it carries the exchange header) is held by the
// model's batch queue and answered from it (the queue judges each entry with the protocol's broken-answer check:
// test/providers/batch/unreadable-entries.test.ts); everything else — the batch API's own calls — goes to the
// network, without that check (a batch's status is no chat answer).
import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { exchangeHeaders } from '../../src/http/exchange.ts'
import { createHttpClient, type BatchDiversion, type HeldRequest } from '../../src/http/http-client.ts'

const context = { suite: 's', caseId: 'c', repeat: 0, turn: 0 }
// A protocol check that wants a `choices` array, like Chat Completions'.
const checkAnswer = (body: unknown) => (Array.isArray((body as { choices?: unknown }).choices) ? undefined : 'no choices')

/** The HTTP layer over a queue that answers every held request with `answer`, or rejects with it (an Error). */
function setup(answer: { status: number; body: string } | Error) {
  const held: HeldRequest[] = []
  const network: string[] = []
  const queue: BatchDiversion = {
    connected: true,
    request: async (request) => {
      held.push(request)
      if (answer instanceof Error) throw answer
      return { ...answer, batchId: 'batch_9' }
    },
  }
  const http = createHttpClient({
    batch: queue,
    checkAnswer,
    policy: { retries: 0 },
    fetch: async (input) => {
      network.push(String(input))
      return new Response('{"id":"batch_9","processing_status":"in_progress"}', { status: 200, headers: { 'content-type': 'application/json' } })
    },
  })
  return { http, held, network }
}

describe('batch diversion', () => {
  it('holds a generation request in the queue and answers it with the entry\'s body; the exchange records the batch', async () => {
    const { http, held, network } = setup({ status: 200, body: '{"choices":[{"message":{"content":"hi"}}]}' })
    const exchange = http.exchanges.start(context, 'openai:gpt-4o-mini')
    const response = await http.fetch('http://127.0.0.1:9/v1/chat/completions', { method: 'POST', headers: exchangeHeaders(exchange), body: '{"model":"gpt-4o-mini"}' })
    expect(await response.json()).toEqual({ choices: [{ message: { content: 'hi' } }] })
    expect(held).toEqual([{ path: '/v1/chat/completions', bodyText: '{"model":"gpt-4o-mini"}', context, host: '127.0.0.1:9' }])
    expect(network).toEqual([])
    expect(exchange.batch).toBe('batch_9')
  })

  it('fails a generation request with the queue\'s ProviderError (an entry with no answer), the exchange\'s failure', async () => {
    const { http } = setup(new ProviderError('HTTP 200 with no answer: no choices (answered by batch batch_9)', { status: 200, retries: 0 }))
    const exchange = http.exchanges.start(context, 'openai:gpt-4o-mini')
    const failed = http.fetch('http://127.0.0.1:9/v1/chat/completions', { method: 'POST', headers: exchangeHeaders(exchange), body: '{}' })
    await expect(failed).rejects.toThrow('HTTP 200 with no answer: no choices (answered by batch batch_9)')
    expect(ProviderError.isInstance(exchange.failure)).toBe(true)
  })

  it('sends the batch API\'s own calls (no exchange header) to the network, without the answer check', async () => {
    const { http, held, network } = setup({ status: 200, body: '{}' })
    const response = await http.fetch('http://127.0.0.1:9/v1/messages/batches/batch_9', { method: 'GET' })
    expect(await response.json()).toEqual({ id: 'batch_9', processing_status: 'in_progress' })
    expect(network).toEqual(['http://127.0.0.1:9/v1/messages/batches/batch_9'])
    expect(held).toEqual([])
  })
})
