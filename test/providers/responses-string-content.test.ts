// A Responses `message` item whose `content` is a plain string (some compatible servers send it so) is the model's
// text: the turn keeps it. Before, the reader walked the string as a list of parts and the text was lost (an empty
// answer, passing a no_call case on nothing). The real SDK against a loopback server.
import { afterEach, expect, it } from 'vitest'
import { baseUrlFor, makeProvider, setProviderEnv } from './fake/harness.ts'
import { startLoopback, type Loopback } from './fake/loopback.ts'

const open: Loopback[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

it('keeps the text of a message item whose content is a string', async () => {
  const body = {
    id: 'r', object: 'response', created_at: 1, model: 'm', status: 'completed',
    output: [{ type: 'message', id: 'msg_1', role: 'assistant', status: 'completed', content: 'Sunny in Paris.' }],
    usage: { input_tokens: 10, output_tokens: 4, total_tokens: 14 },
  }
  const server = await startLoopback(() => ({ type: 'json', status: 200, body }))
  open.push(server)
  setProviderEnv('openai-responses', undefined)
  const provider = await makeProvider('openai-responses', 'm', { baseUrl: baseUrlFor('openai-responses', server.origin), retries: 0 })
  const turn = await provider.doGenerate({ messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: [], toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } })
  expect(turn.text).toBe('Sunny in Paris.')
  expect(turn.toolCalls).toEqual([])
  expect(server.requests).toHaveLength(1)
})
