// The bare exported `runLoop` (a loaded Case and the caller's own Provider) had neither the turn bound nor the stray
// guard that runCase and a run give: a provider whose doGenerate never settles held runLoop forever (also after the
// caller's abort, when the provider does not heed its signal), and a hook's timer that throws escaped as an unhandled
// error while the case passed. Now runLoop bounds each turn (`turnTimeoutMs`, default 600 000 ms: provider-error) and
// ends a case whose code threw unawaited as harness-error, as runCase does.
import { describe, expect, it } from 'vitest'
import { runLoop } from '../../src/index.ts'
import type { Provider } from '../../src/core/provider.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { makeCase, turn } from '../helpers/cases.ts'

/** A caller's provider whose every turn never settles; says which signals it was given were aborted. */
function stuckProvider(): Provider & { aborts: unknown[] } {
  const aborts: unknown[] = []
  return {
    id: 'stuck',
    aborts,
    doGenerate(_request, signal) {
      signal?.addEventListener('abort', () => aborts.push(signal.reason))
      return new Promise<never>(() => {})
    },
  }
}

const guardListeners = () => [process.listenerCount('uncaughtException'), process.listenerCount('unhandledRejection')]

describe('runLoop with a caller\'s provider that never settles', () => {
  it('ends the loop as provider-error within turnTimeoutMs, naming the bound, and aborts the provider\'s signal', { timeout: 10_000 }, async () => {
    const provider = stuckProvider()
    const transcript = await runLoop(makeCase(), provider, { repeat: 0, turnTimeoutMs: 50 })
    expect(transcript.stop).toBe('provider-error')
    expect(transcript.error).toContain('the model "stuck" did not answer within 50 ms')
    expect(transcript.error).toContain('turnTimeoutMs')
    expect(transcript.turns).toEqual([])
    expect(provider.aborts).toHaveLength(1)
  })

  it('ends as aborted when the caller aborts, though the provider ignores its signal', { timeout: 10_000 }, async () => {
    const provider = stuckProvider()
    const controller = new AbortController()
    const running = runLoop(makeCase(), provider, { repeat: 0, signal: controller.signal })
    setTimeout(() => controller.abort(new Error('caller stopped')), 20)
    const transcript = await running
    expect(transcript.stop).toBe('aborted')
    expect(provider.aborts).toEqual([new Error('caller stopped')])
  })
})

describe('runLoop with user code that throws where nothing awaits it', () => {
  it('a hook\'s timer that throws ends the case as harness-error naming the error; the guard is off again after', { timeout: 10_000 }, async () => {
    const before = guardListeners()
    const testCase = makeCase()
    const provider = scriptedProvider('scripted:test', new Map([[testCase.id, [[turn('', ['get_weather', '{"city":"Paris"}']), turn('Sunny.')]]]]))
    const hooks = {
      async beforeToolCall() {
        setTimeout(() => {
          throw new Error('late boom')
        }, 0)
        await new Promise((resolve) => setTimeout(resolve, 30))
      },
    }
    const transcript = await runLoop(testCase, provider, { repeat: 0, hooks })
    expect(transcript.stop).toBe('harness-error')
    expect(transcript.error).toContain('an error nothing awaited was thrown while the case ran')
    expect(transcript.error).toContain('Error: late boom')
    expect(guardListeners()).toEqual(before)
  })

  it('a case whose code throws nothing runs as before', async () => {
    const testCase = makeCase()
    const provider = scriptedProvider('scripted:test', new Map([[testCase.id, [[turn('', ['get_weather', '{"city":"Paris"}']), turn('Sunny.')]]]]))
    const transcript = await runLoop(testCase, provider, { repeat: 0 })
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.turns.map((t) => t.text)).toEqual(['', 'Sunny.'])
  })
})
