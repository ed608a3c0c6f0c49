import { describe, expect, it } from 'vitest'
import type { ScriptedTurn } from '../../src/providers/scripted.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { runCase, type ScoredCase } from '../../src/vitest/index.ts'
import { turn } from '../helpers/cases.ts'

const weather = 'suites/weather/suite.yaml'

/** Runs one weather case with the given assistant turns. */
function scripted(caseId: string, turns: ScriptedTurn[]): Promise<ScoredCase> {
  return runCase({ suite: weather, case: caseId, model: scriptedProvider('scripted:test', new Map([[caseId, [turns]]])) })
}

/** The message of the assertion error a matcher throws. */
function failureOf(assertion: () => void): Error & { actual?: unknown; expected?: unknown } {
  try {
    assertion()
  } catch (error) {
    return error as Error
  }
  throw new Error('the matcher passed, but it should have failed')
}

describe('runCase', () => {
  it('runs one case by suite path, case id and model spec, scored like a run', async () => {
    const scored = await runCase({ suite: weather, case: 'current-paris', model: 'baseline' })
    expect(scored.result).toMatchObject({ suite: 'weather', case: 'current-paris', model: 'baseline', repeat: 0, passed: true })
    expect(scored.transcript.turns[0]?.calls[0]?.name).toBe('get_current_weather')
    expect(scored.result.toolTokens?.perRequest).toBeGreaterThan(0)
  })

  it('runs a tool-description variant of the suite, and names the variants when the name is unknown', async () => {
    const suite = 'examples/descriptions/suite.yaml'
    const base = await runCase({ suite, case: 'status-shipped', model: 'baseline' })
    const vague = await runCase({ suite, case: 'status-shipped', model: 'baseline', variant: 'vague' })
    expect(vague.case.variant).toBe('vague')
    expect(vague.case.tools.map((tool) => tool.description)).not.toEqual(base.case.tools.map((tool) => tool.description))
    await expect(runCase({ suite, case: 'status-shipped', model: 'baseline', variant: 'vage' })).rejects.toThrow(/no variant "vage".*its variants are base, vague/)
  })

  it('names the cases of the suite when the id is unknown', async () => {
    await expect(runCase({ suite: weather, case: 'current-pariss', model: 'baseline' })).rejects.toThrow(/no case "current-pariss" in suite "weather" \(did you mean "current-paris"\?\); its cases are /)
  })
})

describe('tool-call matchers', () => {
  it('pass on a correct case, and fail when negated', async () => {
    const scored = await runCase({ suite: weather, case: 'current-paris', model: 'baseline' })
    expect(scored).toPassCase()
    expect(scored).toCallTool('get_current_weather')
    expect(scored).toCallTool('get_current_weather', { location: { regex: '^paris$', flags: 'i' } })
    expect(scored).toHaveNoHallucinations()
    expect(scored).toStayWithinToolTokens(5000)
    expect(scored).not.toNotCallTools()
    expect(failureOf(() => expect(scored).not.toPassCase()).message).toMatch(/expected the opposite, but the case passed/)
  })

  it('toCallTool names wrong_argument_value with the path, and carries expected/actual for the diff', async () => {
    const scored = await scripted('current-paris', [turn('', ['get_current_weather', '{"location":"Lyon"}']), turn('18 degrees')])
    const error = failureOf(() => expect(scored).toCallTool('get_current_weather', { location: 'Paris' }))
    expect(error.message).toMatch(/wrong_argument_value/)
    expect(error.message).toMatch(/location: expected "Paris", got "Lyon"/)
    expect(error.message).toMatch(/call get_current_weather\(\{"location":"Lyon"\}\)/)
    expect(error.expected).toEqual({ name: 'get_current_weather', arguments: { location: 'Paris' } })
    expect(error.actual).toEqual({ name: 'get_current_weather', arguments: { location: 'Lyon' } })
  })

  it('toCallTool lists every wrong argument, draws the per-argument diff, and diffs like against like', async () => {
    const scored = await scripted('current-paris', [turn('', ['get_current_weather', '{"location":"Lyon","unit":"fahrenheit"}']), turn('18 degrees')])
    const error = failureOf(() => expect(scored).toCallTool('get_current_weather', { location: { regex: '^paris$', flags: 'i' }, unit: 'celsius' }))
    expect(error.message).toMatch(/location: expected a string matching \/\^paris\$\/i, got "Lyon"; unit: expected "celsius", got "fahrenheit"/)
    expect(error.message).toContain(['  arguments (- expected, + actual):', '  - location: a string matching /^paris$/i', '  + location: "Lyon"', '  - unit: "celsius"', '  + unit: "fahrenheit"'].join('\n'))
    // Same field names on both sides; an argument that matched shows the value sent, so only wrong ones differ.
    expect(error.actual).toEqual({ name: 'get_current_weather', arguments: { location: 'Lyon', unit: 'fahrenheit' } })
    expect(error.expected).toEqual({ name: 'get_current_weather', arguments: { location: { regex: '^paris$', flags: 'i' }, unit: 'celsius' } })
    const matched = failureOf(() => expect(scored).toCallTool('get_current_weather', { location: 'Paris', unit: 'fahrenheit' }))
    expect(matched.expected).toEqual({ name: 'get_current_weather', arguments: { location: 'Paris', unit: 'fahrenheit' } })
    expect(matched.message).toContain('  + location: "Lyon"\n    unit: "fahrenheit"')
  })

  it('a call with a hallucinated key and a wrong value fails each call matcher naming both, the key as the scorer rejected it', async () => {
    const scored = await scripted('current-paris', [turn('', ['get_current_weather', '{"location":"Lyon","mood":"sunny"}']), turn('18 degrees')])
    // The scorer's verdict on the call: the key it invented (the run reports it beside the wrong value).
    const invented = scored.result.failures.filter((failure) => failure.kind === 'hallucinated_param').map((failure) => `${failure.kind}: ${failure.message}`)
    expect(invented).toEqual(['hallucinated_param: get_current_weather: argument "mood" is not defined by the tool\'s schema'])
    const expected = { name: 'get_current_weather', args: { location: 'Paris' } }
    // The summary, the message's first line: the compact transcript below it lists the case's own failures anyway.
    const summaries = [
      failureOf(() => expect(scored).toCallTool(expected.name, expected.args)),
      failureOf(() => expect(scored).toCallToolsInOrder([expected])),
      failureOf(() => expect(scored).toCallToolsInParallel([expected])),
    ].map((error) => error.message.split('\n')[0])
    for (const summary of summaries) {
      expect(summary).toContain('location: expected "Paris", got "Lyon"')
      expect(summary).toContain(invented[0])
    }
    expect(summaries[0]).toMatch(/wrong_argument_value — called get_current_weather, but not with the expected arguments/)
  })

  it('toPassCase shows the per-argument diff the scorer stored for a wrong call', async () => {
    const scored = await scripted('current-paris', [turn('', ['get_current_weather', '{"location":"Lyon","unit":"fahrenheit"}']), turn('18 degrees')])
    const message = failureOf(() => expect(scored).toPassCase()).message
    expect(message).toContain('wrong_argument_value: get_current_weather: argument location was "Lyon", expected "Paris"; argument unit was "fahrenheit", expected one of ["","celsius"]')
    expect(message).toContain(['  arguments (- expected, + actual):', '  - location: "Paris"', '  + location: "Lyon"', '  - unit: one of ["","celsius"]', '  + unit: "fahrenheit"'].join('\n'))
  })

  it('list matchers diff expected calls against the calls made under the same field names', async () => {
    const serial = await scripted('parallel-two-cities', [
      turn('', ['get_current_weather', '{"location":"Paris"}']),
      turn('', ['get_current_weather', '{"location":"Tokyo"}']),
      turn('18 and 24'),
    ])
    const error = failureOf(() => expect(serial).toCallToolsInParallel([{ name: 'get_current_weather', args: { location: 'Paris' } }, { name: 'get_current_weather', args: { location: 'Tokyo' } }]))
    const calls = [{ name: 'get_current_weather', arguments: { location: 'Paris' } }, { name: 'get_current_weather', arguments: { location: 'Tokyo' } }]
    expect(error.expected).toEqual(calls)
    expect(error.actual).toEqual(calls)
  })

  it('toCallTool names missing_call and wrong_tool', async () => {
    const none = await scripted('current-paris', [turn('I cannot check that.')])
    expect(failureOf(() => expect(none).toCallTool('get_current_weather')).message).toMatch(/missing_call/)
    const other = await scripted('current-paris', [turn('', ['get_forecast', '{"location":"Paris"}']), turn('done')])
    expect(failureOf(() => expect(other).toCallTool('get_current_weather')).message).toMatch(/wrong_tool.*called get_forecast/)
  })

  it('toCallToolsInParallel tells calls in one turn from calls spread over turns', async () => {
    const expected = [{ name: 'get_current_weather', args: { location: 'Paris' } }, { name: 'get_current_weather', args: { location: 'Tokyo' } }]
    const parallel = await scripted('parallel-two-cities', [
      turn('', ['get_current_weather', '{"location":"Tokyo"}'], ['get_current_weather', '{"location":"Paris"}']),
      turn('18 and 24'),
    ])
    expect(parallel).toCallToolsInParallel(expected)
    const serial = await scripted('parallel-two-cities', [
      turn('', ['get_current_weather', '{"location":"Paris"}']),
      turn('', ['get_current_weather', '{"location":"Tokyo"}']),
      turn('18 and 24'),
    ])
    expect(failureOf(() => expect(serial).toCallToolsInParallel(expected)).message).toMatch(/not_parallel/)
    expect(failureOf(() => expect(serial).toPassCase()).message).toMatch(/not_parallel/)
  })

  it('toCallToolsInOrder accepts interleaved calls in order and names wrong_order otherwise', async () => {
    const scored = await scripted('parallel-two-cities', [
      turn('', ['get_current_weather', '{"location":"Tokyo"}']),
      turn('', ['get_forecast', '{"location":"Tokyo","days":3}']),
      turn('', ['get_current_weather', '{"location":"Paris"}']),
      turn('24 and 18'),
    ])
    expect(scored).toCallToolsInOrder([{ name: 'get_current_weather', args: { location: 'Tokyo' } }, { name: 'get_current_weather', args: { location: 'Paris' } }])
    const error = failureOf(() => expect(scored).toCallToolsInOrder([{ name: 'get_current_weather', args: { location: 'Paris' } }, { name: 'get_forecast' }]))
    expect(error.message).toMatch(/wrong_order.*get_current_weather → get_forecast → get_current_weather/)
    expect(failureOf(() => expect(scored).toCallToolsInOrder([{ name: 'get_air_quality' }])).message).toMatch(/missing_call.*get_air_quality/)
  })

  it('toNotCallTools and toHaveNoHallucinations name unexpected_call and the hallucination kind', async () => {
    const scored = await scripted('irrelevant-joke', [turn('', ['get_current_weather', '{"location":"Paris","mood":"funny"}']), turn('ok')])
    expect(failureOf(() => expect(scored).toNotCallTools()).message).toMatch(/unexpected_call.*get_current_weather/)
    expect(failureOf(() => expect(scored).toHaveNoHallucinations()).message).toMatch(/hallucinated_param/)
    const invented = await scripted('irrelevant-joke', [turn('', ['tell_joke', '{}']), turn('ok')])
    expect(failureOf(() => expect(invented).toHaveNoHallucinations()).message).toMatch(/hallucinated_tool/)
    expect(await scripted('irrelevant-joke', [turn('Why did the penguin…')])).toNotCallTools()
  })

  it('toStayWithinToolTokens fails over the budget with the count', async () => {
    const scored = await runCase({ suite: weather, case: 'current-paris', model: 'baseline' })
    const error = failureOf(() => expect(scored).toStayWithinToolTokens(10))
    expect(error.message).toMatch(/over_tool_token_budget.*cost \d+ tokens per request \(budget 10\)/)
  })

  it('never give a call another verdict than the scorer: a call it rejected (duplicate keys) satisfies no call matcher', async () => {
    const banking = 'suites/banking/suite.yaml'
    const duplicate = '{"from_account":"checking","from_account":"savings","to_account":"checking","amount":200}'
    const turns = [turn('', ['transfer_money', duplicate]), turn('Done: TX-5521')]
    const scored = await runCase({ suite: banking, case: 'transfer-basic', model: scriptedProvider('scripted:test', new Map([['transfer-basic', [turns]]])) })
    expect(scored.result.verdict).toBe('failed')
    expect(scored.result.failures.map((failure) => failure.kind)).toContain('malformed_arguments')
    const wanted = { from_account: 'savings', to_account: 'checking', amount: 200 }
    const error = failureOf(() => expect(scored).toCallTool('transfer_money', wanted))
    expect(error.message).toMatch(/malformed_arguments/)
    expect(error.message).toMatch(/duplicate key "from_account"/)
    expect(failureOf(() => expect(scored).toCallTool('transfer_money')).message).toMatch(/malformed_arguments/)
    expect(failureOf(() => expect(scored).toCallToolsInOrder([{ name: 'transfer_money', args: wanted }])).message).toMatch(/malformed_arguments/)
    expect(failureOf(() => expect(scored).toCallToolsInParallel([{ name: 'transfer_money', args: wanted }])).message).toMatch(/malformed_arguments/)
    expect(scored).not.toCallTool('transfer_money', wanted)
    // A narrower question than the suite's, on a call the scorer accepted, still passes.
    const valid = await runCase({ suite: banking, case: 'transfer-basic', model: scriptedProvider('scripted:test', new Map([['transfer-basic', [[turn('', ['transfer_money', '{"from_account":"savings","to_account":"checking","amount":250}']), turn('Done: TX-5521')]]]])) })
    expect(valid.result.verdict).toBe('failed')
    expect(valid).toCallTool('transfer_money', { from_account: 'savings' })
  })

  it('an errored case answers no matcher either way: it is no verdict on the model', async () => {
    const hooked = await runCase({
      suite: weather, case: 'current-paris',
      model: { id: 'down', doGenerate: async () => { throw new Error('socket hang up') } },
    })
    expect(hooked.result.verdict).toBe('errored')
    expect(failureOf(() => expect(hooked).toPassCase()).message).toMatch(/errored.*provider_error/)
    expect(failureOf(() => expect(hooked).not.toPassCase()).message).toMatch(/errored.*provider_error/)
    expect(failureOf(() => expect(hooked).not.toCallTool('get_current_weather')).message).toMatch(/errored/)
    expect(failureOf(() => expect(hooked).toNotCallTools()).message).toMatch(/errored/)
    // The compact transcript under the message lists what broke as such, not as the model's failures.
    const message = failureOf(() => expect(hooked).toPassCase()).message
    expect(message).toContain('\nerrored (no verdict on the model):\n  provider_error: ')
    expect(message).not.toContain('\nfailures:')
  })

  it('reject what is not a scored case with a clear message', () => {
    expect(() => expect({ calls: [] }).toPassCase()).toThrow(/takes the result of runCase/)
  })
})
