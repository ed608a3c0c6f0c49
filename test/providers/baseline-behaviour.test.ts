// The stand-ins' baseline behaviour (fake/baseline-behaviour.ts) plans calls from the tool definitions each protocol
// carried, as the baseline model does from the request: the same calls through every protocol.
import { afterEach, describe, expect, it } from 'vitest'
import { baselineTurn } from '../../src/providers/baseline.ts'
import { baselineModel } from './fake/baseline-behaviour.ts'
import { allProviderKinds, baseUrlFor, makeProvider, runMiniCase, setProviderEnv, startFakeServer, weatherTools, type FakeServer } from './fake/harness.ts'

const open: FakeServer[] = []
afterEach(async () => {
  await Promise.all(open.splice(0).map((server) => server.close()))
})

describe('the baseline behind each protocol', () => {
  const prompt = 'What is the local time in timezone Europe/Paris?'
  const expected = baselineTurn({ messages: [{ role: 'user', content: prompt }], tools: weatherTools, toolChoice: 'auto', context: { suite: 's', caseId: 'c', repeat: 0, turn: 0 } })

  it.each(allProviderKinds)('%s: makes the calls the baseline makes, then answers with the results', async (kind) => {
    setProviderEnv(kind, undefined)
    const server = await startFakeServer(kind, baselineModel)
    open.push(server)
    const provider = await makeProvider(kind, 'test-model', { baseUrl: baseUrlFor(kind, server.origin), retries: 0 })
    const transcript = await runMiniCase(provider, { id: 'c', prompt })
    expect(server.violations).toEqual([])
    expect(expected.toolCalls.length).toBeGreaterThan(0)
    expect(transcript.turns[0]!.toolCalls.map((call) => [call.name, JSON.parse(call.rawArguments)])).toEqual(expected.toolCalls.map((call) => [call.name, JSON.parse(call.rawArguments)]))
    expect(transcript.turns.at(-1)!.text).toMatch(/^Here is what the tools returned: /)
  })
})
