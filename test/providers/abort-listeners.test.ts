import { getEventListeners } from 'node:events'
import { afterAll, describe, expect, it } from 'vitest'
import { allProviderKinds, makeProvider, setProviderEnv, startFakeServer, weatherTools, type FakeServer } from './fake/harness.ts'
import { weatherModel } from './fake/behaviour.ts'

const servers: FakeServer[] = []
afterAll(async () => {
  for (const server of servers) await server.close()
})

describe('a run signal shared by many requests', () => {
  // Node warns (MaxListenersExceededWarning) past 10 listeners on one signal; a listener left per request also
  // grows with the run. After each request finishes, the run's signal holds no more listeners than before it.
  it.each(allProviderKinds)('%s: 12 sequential requests leave no abort listener behind', async (kind) => {
    const server = await startFakeServer(kind, weatherModel)
    servers.push(server)
    setProviderEnv(kind, server.origin)
    const provider = await makeProvider(kind, 'm')
    const run = new AbortController()
    const warnings: Error[] = []
    const onWarning = (warning: Error) => warnings.push(warning)
    process.on('warning', onWarning)
    try {
      for (let index = 0; index < 12; index++) {
        await provider.doGenerate({ messages: [{ role: 'user', content: 'Weather in Paris?' }], tools: weatherTools, toolChoice: 'auto', context: { suite: 's', caseId: `c${index}`, repeat: 0, turn: 0 } }, run.signal)
      }
      await new Promise((resolve) => setImmediate(resolve))
    } finally {
      process.off('warning', onWarning)
    }
    expect(getEventListeners(run.signal, 'abort')).toHaveLength(0)
    expect(warnings.filter((warning) => warning.name === 'MaxListenersExceededWarning')).toEqual([])
    expect(server.violations).toEqual([])
  })
})
