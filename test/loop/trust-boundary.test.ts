import { describe, expect, it } from 'vitest'
import type { ToolCall } from '../../src/core/message.ts'
import type { ToolCallContext, ToolHooks } from '../../src/loop/hooks.ts'
import { HarnessError } from '../../src/loop/harness-error.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const paris = { name: 'get_weather', args: { city: 'Paris' } }

describe('verdicts are judged on what the model sent', () => {
  it('a beforeToolCall that deletes a hallucinated key in place does not turn a failing case into a passing one', async () => {
    const hooks: ToolHooks = {
      beforeToolCall(call) {
        delete (call.arguments as Record<string, unknown>).country
      },
    }
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris","country":"FR"}']), turn('ok')], hooks)
    expect(kinds(score)).toEqual(['hallucinated_param'])
  })

  it('a hook that rewrites the loop\'s checks through its arguments (call, context) changes nothing', async () => {
    const hooks: ToolHooks = {
      beforeToolCall(call, context) {
        const loose = call as ToolCall & { check?: { schemaIssues: unknown[]; wellFormed: boolean } }
        if (loose.check) {
          loose.check.schemaIssues.length = 0
          loose.check.wellFormed = false
        }
        ;(context.schemaIssues as unknown[]).length = 0
        ;(call.arguments as Record<string, unknown>).city = 'Paris'
      },
    }
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":7}']), turn('ok')], hooks)
    expect(kinds(score)).toEqual(['schema_violation'])
  })

  it('a live stub that adds a key to its args does not fail a correct call with hallucinated_param', async () => {
    const stubs = { get_weather: { type: 'live' as const, module: new URL('../../fixtures/stubs/mutating-stub.ts', import.meta.url).pathname, export: 'weather' } }
    const { transcript, score } = await runScripted(makeCase({ stubs, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(score.failures).toEqual([])
    expect(transcript.turns[0]?.calls[0]?.arguments).toEqual({ city: 'Paris' })
  })

  it('{ arguments } from a hook replaces what the stub receives and is recorded, but scoring reads the model\'s call', async () => {
    const seen: unknown[] = []
    const stubs = { get_weather: { type: 'recorded' as const, entries: [{ when: { city: 'Paris', country: { absent: true } }, result: 'sunny' }, { result: 'stub saw the model arguments' }] } }
    const hooks: ToolHooks = {
      beforeToolCall: () => ({ arguments: { city: 'Paris' } }),
      afterToolCall(call) {
        seen.push(call.arguments)
      },
    }
    const { transcript, score } = await runScripted(makeCase({ stubs, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris","country":"FR"}']), turn('ok')], hooks)
    const execution = transcript.turns[0]?.toolResults[0]
    expect(execution?.content).toBe('sunny')
    expect(execution?.hooks).toEqual([{ hook: 'beforeToolCall', action: 'replace-arguments', arguments: { city: 'Paris' } }])
    expect(seen).toEqual([{ city: 'Paris' }])
    expect(kinds(score)).toEqual(['hallucinated_param'])
    expect(transcript.turns[0]?.calls[0]?.arguments).toEqual({ city: 'Paris', country: 'FR' })
  })

  it('a hook mutating the replacement it returned afterwards does not change the recorded hook activity', async () => {
    const replacement = { city: 'Paris' }
    const hooks: ToolHooks = {
      beforeToolCall: () => ({ arguments: replacement }),
      afterToolCall() {
        replacement.city = 'Rome'
      },
    }
    const { transcript } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')], hooks)
    expect(transcript.turns[0]?.toolResults[0]?.hooks[0]).toMatchObject({ arguments: { city: 'Paris' } })
  })
})

describe('user code that throws is contained', () => {
  it('a beforeToolCall that throws ends the case with harness_error naming the hook and the error, and the call is kept', async () => {
    const hooks: ToolHooks = {
      beforeToolCall(_call: ToolCall, context: ToolCallContext) {
        if (context.toolName === 'get_weather') throw new TypeError('cannot read city of undefined')
      },
    }
    const { transcript, score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris","country":"FR"}']), turn('ok')], hooks)
    expect(transcript.stop).toBe('harness-error')
    expect(transcript.turns).toHaveLength(1)
    expect(transcript.turns[0]?.calls[0]?.rawArguments).toBe('{"city":"Paris","country":"FR"}')
    expect(kinds(score)).toEqual(['harness_error'])
    expect(score.failures[0]?.message).toMatch(/beforeToolCall.*get_weather.*TypeError: cannot read city of undefined/)
    expect(score.passed).toBe(false)
  })

  it('an afterToolCall that throws (or rejects) is a harness_error too', async () => {
    const hooks: ToolHooks = {
      afterToolCall: async () => {
        throw new Error('audit log unavailable')
      },
    }
    const { transcript, score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')], hooks)
    expect(transcript.stop).toBe('harness-error')
    expect(score.failures).toEqual([expect.objectContaining({ kind: 'harness_error', message: expect.stringMatching(/afterToolCall.*audit log unavailable/) })])
  })

  it('something thrown that is not an Error is named too', async () => {
    const hooks: ToolHooks = {
      beforeToolCall() {
        throw 'plain string' // eslint-disable-line no-throw-literal
      },
    }
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')], hooks)
    expect(score.failures[0]?.message).toContain('plain string')
  })

  it('a live stub that throws stays an error result sent to the model', async () => {
    const stubs = { get_weather: { type: 'live' as const, module: new URL('../../fixtures/stubs/live-stub.ts', import.meta.url).pathname, export: 'weather' } }
    const { transcript, score } = await runScripted(makeCase({ stubs, expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_weather', '{"city":"Atlantis"}']), turn('ok')])
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.turns[0]?.toolResults[0]).toMatchObject({ isError: true, content: 'Error: unknown city Atlantis' })
    expect(score.passed).toBe(true)
  })
})

describe('a stub whose backend failed says so with a HarnessError', () => {
  it('a function stub throwing HarnessError ends the case as harness_error (errored), not as an error result for the model', async () => {
    const stubs = { get_weather: { type: 'function' as const, label: 'weather backend', run: () => { throw new HarnessError('weather backend is down') } } }
    const { transcript, score } = await runScripted(makeCase({ stubs, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(transcript.stop).toBe('harness-error')
    expect(transcript.turns[0]?.toolResults).toEqual([])
    expect(score.failures).toEqual([expect.objectContaining({ kind: 'harness_error', message: 'weather backend is down' })])
  })

  it('a HarnessError from another copy of the module (a stub bundling its own toolgauge) is recognized too', async () => {
    const foreign = Object.assign(new Error('backend gone'), { [Symbol.for('toolgauge.HarnessError')]: true })
    const stubs = { get_weather: { type: 'function' as const, label: 'weather backend', run: () => Promise.reject(foreign) } }
    const { transcript } = await runScripted(makeCase({ stubs, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(transcript.stop).toBe('harness-error')
  })
})

describe('each piece of user code gets its own copy of the context', () => {
  it('what beforeToolCall writes into its context reaches neither the stub nor afterToolCall', async () => {
    const seen: unknown[] = []
    const stubs = { get_weather: { type: 'live' as const, module: new URL('../../fixtures/stubs/context-echo.mjs', import.meta.url).pathname, export: 'weather' } }
    const hooks: ToolHooks = {
      beforeToolCall(_call, context) {
        ;(context as { toolName: string }).toolName = 'hacked'
        ;(context as { callId: string }).callId = 'hacked'
      },
      afterToolCall(_call, result, context) {
        seen.push({ result, toolName: context.toolName, callId: context.callId })
      },
    }
    await runScripted(makeCase({ stubs, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')], hooks)
    expect(seen).toEqual([{ result: { toolName: 'get_weather', callId: expect.not.stringMatching(/hacked/) }, toolName: 'get_weather', callId: expect.not.stringMatching(/hacked/) }])
  })
})
