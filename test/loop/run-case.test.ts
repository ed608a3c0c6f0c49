import { describe, expect, it } from 'vitest'
import type { GenerateRequest, Provider } from '../../src/core/provider.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { makeCase, runScripted, turn } from '../helpers/cases.ts'

/** A provider that records every request it receives and replays given turns. */
function recordingProvider(turns: ReturnType<typeof turn>[]): Provider & { requests: GenerateRequest[] } {
  const requests: GenerateRequest[] = []
  return {
    id: 'recording',
    requests,
    async doGenerate(request) {
      requests.push(structuredClone(request))
      const next = turns[request.context.turn] ?? turn('done')
      return { ...next, finishReason: { unified: 'stop' }, latencyMs: 1 }
    },
  }
}

describe('the tool-calling loop', () => {
  it('answers every call with one role:tool message linked by tool_call_id, all before the next request', async () => {
    const provider = recordingProvider([turn('', ['get_weather', '{"city":"Paris"}'], ['get_time', '{"city":"Paris"}']), turn('done')])
    const transcript = await runCase(makeCase(), provider, { repeat: 0 })
    expect(provider.requests).toHaveLength(2)
    const second = provider.requests[1]?.messages ?? []
    expect(second.map((message) => message.role)).toEqual(['user', 'assistant', 'tool', 'tool'])
    expect(second.slice(2).map((message) => (message.role === 'tool' ? message.toolCallId : ''))).toEqual(['c0', 'c1'])
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.turns[0]?.toolResults).toHaveLength(2)
  })

  it('applies tool_choice to the first request only', async () => {
    const provider = recordingProvider([turn('', ['get_weather', '{"city":"Paris"}']), turn('done')])
    await runCase(makeCase({ toolChoice: { name: 'get_weather' } }), provider, { repeat: 0 })
    expect(provider.requests.map((request) => request.toolChoice)).toEqual([{ name: 'get_weather' }, 'auto'])
  })

  it('keeps the raw argument string and answers invalid calls with an error result', async () => {
    const { transcript } = await runScripted(makeCase(), [turn('', ['get_weather', '{"city":'], ['nope', '{}'], ['get_weather', '{"city":1}']), turn('done')])
    const [malformed, unknown, invalid] = transcript.turns[0]?.toolResults ?? []
    expect(transcript.turns[0]?.calls[0]?.rawArguments).toBe('{"city":')
    expect(malformed).toMatchObject({ isError: true, source: 'rejected' })
    expect(unknown?.content).toContain('unknown tool "nope"')
    expect(invalid?.content).toContain('must be string')
  })

  it('recorded stubs: first matching `when`, else the default; `error` entries fail the call', async () => {
    const stubs = {
      get_weather: {
        type: 'recorded' as const,
        entries: [
          { when: { city: 'Paris' }, result: { temp: 18 } },
          { when: { city: 'Mars' }, error: 'no weather on Mars' },
          { result: { temp: 21 } },
        ],
      },
    }
    const { transcript } = await runScripted(makeCase({ stubs }), [turn('', ['get_weather', '{"city":"Paris"}'], ['get_weather', '{"city":"Rome"}'], ['get_weather', '{"city":"Mars"}']), turn('done')])
    expect(transcript.turns[0]?.toolResults.map((result) => [result.content, result.isError])).toEqual([
      ['{"temp":18}', false],
      ['{"temp":21}', false],
      ['Error: no weather on Mars', true],
    ])
  })

  it('a tool without a stub answers {"status":"ok"} labelled default, not recorded: the user recorded nothing', async () => {
    const stubs = { get_time: { type: 'recorded' as const, entries: [{ result: '12:00' }] } }
    const { transcript } = await runScripted(makeCase({ stubs }), [turn('', ['get_weather', '{"city":"Paris"}'], ['get_time', '{"city":"Paris"}']), turn('done')])
    expect(transcript.turns[0]?.toolResults.map(({ source, content, isError }) => ({ source, content, isError }))).toEqual([
      { source: 'default', content: '{"status":"ok"}', isError: false },
      { source: 'recorded', content: '12:00', isError: false },
    ])
  })

  it('hooks can reject, short-circuit, replace arguments and rewrite results, and are recorded', async () => {
    const stubs = { get_weather: { type: 'recorded' as const, entries: [{ when: { city: 'Paris' }, result: 'sunny' }, { result: 'rain' }] } }
    const hooks = {
      beforeToolCall(call: { name: string; arguments?: unknown }) {
        const city = (call.arguments as { city?: unknown } | undefined)?.city
        if (city === 'Forbidden') return { reject: 'not allowed' }
        if (city === 'Cached') return { result: 'from cache' }
        if (city === 'paris') return { arguments: { city: 'Paris' } }
        return undefined
      },
      afterToolCall(_call: unknown, result: unknown) {
        return result === 'rain' ? { result: 'rain (checked)' } : undefined
      },
    }
    const { transcript } = await runScripted(makeCase({ stubs }), [
      turn('', ['get_weather', '{"city":"Forbidden"}'], ['get_weather', '{"city":"Cached"}'], ['get_weather', '{"city":"paris"}'], ['get_weather', '{"city":"Rome"}']),
      turn('done'),
    ], hooks)
    const results = transcript.turns[0]?.toolResults ?? []
    expect(results.map((result) => result.content)).toEqual(['not allowed', 'from cache', 'sunny', 'rain (checked)'])
    expect(results.map((result) => result.hooks.map((hook) => hook.action))).toEqual([['reject'], ['result'], ['replace-arguments'], ['replace-result']])
    expect(results[0]?.isError).toBe(true)
  })

  it('a live stub receives the arguments and the context; its exception becomes an error result', async () => {
    const stubs = { get_weather: { type: 'live' as const, module: new URL('../../fixtures/stubs/live-stub.ts', import.meta.url).pathname, export: 'weather' } }
    const { transcript } = await runScripted(makeCase({ stubs }), [turn('', ['get_weather', '{"city":"Paris"}'], ['get_weather', '{"city":"Atlantis"}']), turn('done')])
    const [paris, atlantis] = transcript.turns[0]?.toolResults ?? []
    expect(JSON.parse(paris?.content ?? 'null')).toEqual({ city: 'Paris', caseId: 'case-1', repeat: 0 })
    expect(atlantis).toMatchObject({ isError: true, content: 'Error: unknown city Atlantis', source: 'live' })
  })

  it('a live stub whose module cannot be loaded ends the case as a harness error, not as a tool error the model reads', async () => {
    const stubs = { get_weather: { type: 'live' as const, module: new URL('../../fixtures/stubs/no-such-stub.ts', import.meta.url).pathname, export: 'weather' } }
    const { transcript } = await runScripted(makeCase({ stubs }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('done')])
    expect(transcript).toMatchObject({ stop: 'harness-error', error: expect.stringContaining('no-such-stub.ts') })
    expect(transcript.turns).toHaveLength(1)
    expect(transcript.turns[0]?.toolResults).toEqual([])
  })

  it('sums usage and latency over turns', async () => {
    const provider: Provider = {
      id: 'usage',
      async doGenerate(request) {
        return { text: request.context.turn === 0 ? '' : 'done', toolCalls: request.context.turn === 0 ? [{ id: 'a', name: 'get_time', rawArguments: '{"city":"Oslo"}' }] : [], finishReason: { unified: 'stop' }, usage: { ...emptyUsage, input: 10, output: 2 }, latencyMs: 5 }
      },
    }
    const transcript = await runCase(makeCase(), provider, { repeat: 0 })
    expect(transcript.usage).toMatchObject({ input: 20, output: 4 })
    expect(transcript.latencyMs).toBe(10)
  })
})
