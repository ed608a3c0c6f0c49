import { describe, expect, it } from 'vitest'
import { ProviderError } from '../../src/core/errors.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const paris = { name: 'get_weather', args: { city: 'Paris' } }

describe('every failure kind is detected from scripted turns', () => {
  it('a correct call and answer passes', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris], final: { contains: ['18'] } } }), [
      turn('', ['get_weather', '{"city":"Paris"}']),
      turn('It is 18 degrees in Paris.'),
    ])
    expect(score.failures).toEqual([])
    expect(score.passed).toBe(true)
    expect(score.metrics).toMatchObject({ calls: 1, selectedCalls: 1, correctArgumentCalls: 1 })
  })

  it('wrong_tool: a defined tool other than the expected', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_time', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(score)).toEqual(['wrong_tool'])
  })

  it('hallucinated_tool: a name not among the tools, with no extra missing_call', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_forecast', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(score)).toEqual(['hallucinated_tool'])
    expect(score.metrics.hallucinatedToolCalls).toBe(1)
  })

  it('hallucinated_param: judged on the raw arguments, once per undeclared key', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris","country":"FR"}']), turn('ok')])
    expect(kinds(score)).toEqual(['hallucinated_param'])
    expect(score.failures[0]?.path).toBe('turns[0].calls[0].arguments.country')
  })

  it('hallucinated_param beside a wrong value: both reported, the wrong value with its diff (it was hidden)', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"London","country":"FR"}']), turn('ok')])
    expect(kinds(score)).toEqual(['hallucinated_param', 'wrong_argument_value'])
    const wrong = score.failures.find((failure) => failure.kind === 'wrong_argument_value')
    expect(wrong?.message).toBe('get_weather: argument city was "London", expected "Paris"')
    expect(wrong?.path).toBe('turns[0].calls[0].arguments.city')
    expect(wrong?.arguments).toContainEqual({ argument: 'country', actual: 'FR', matches: true })
    // The verdict and the counts are those of the hallucinated key alone: the call's arguments were never right.
    expect(score.verdict).toBe('failed')
    expect(score.metrics).toMatchObject({ calls: 1, selectedCalls: 1, correctArgumentCalls: 0, hallucinatedParamCalls: 1, schemaViolationCalls: 1 })
  })

  it('a schema rule the wrong value also breaks still reports it once, as that rule', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: 'Paris', unit: 'celsius' } }] } }), [turn('', ['get_weather', '{"city":"Paris","unit":"kelvin","country":"FR"}']), turn('ok')])
    expect(kinds(score)).toEqual(['hallucinated_param', 'schema_violation'])
  })

  it('an argument wrong only by the undeclared key inside it is that key alone, not a wrong value too', async () => {
    const order = { name: 'order', description: 'Orders items', parameters: { type: 'object', properties: { items: { type: 'array', items: { type: 'object', properties: { sku: { type: 'string' } }, additionalProperties: false } }, note: { type: 'string' } }, additionalProperties: false } }
    const testCase = makeCase({ tools: [order], expect: { calls: [{ name: 'order', args: { items: { literal: [{ sku: 'A' }] }, note: 'gift' } }] } })
    const alone = await runScripted(testCase, [turn('', ['order', '{"items":[{"sku":"A","color":"red"}],"note":"gift"}']), turn('ok')])
    expect(kinds(alone.score)).toEqual(['hallucinated_param'])
    const beside = await runScripted(testCase, [turn('', ['order', '{"items":[{"sku":"A","color":"red"}],"note":"none"}']), turn('ok')])
    expect(kinds(beside.score)).toEqual(['hallucinated_param', 'wrong_argument_value'])
    expect(beside.score.failures.find((failure) => failure.kind === 'wrong_argument_value')?.message).toBe('order: argument note was "none", expected "gift"')
  })

  it('hallucinated_param also where the schema does not forbid extra keys (get_time has no additionalProperties)', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_time', args: { city: 'Oslo' } }] } }), [turn('', ['get_time', '{"city":"Oslo","tz":"CET"}']), turn('ok')])
    expect(kinds(score)).toEqual(['hallucinated_param'])
  })

  it('missing_required', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_weather', '{"unit":"celsius"}']), turn('ok')])
    expect(kinds(score)).toEqual(['missing_required'])
  })

  it('schema_violation: type, enum and range', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_weather', '{"city":42,"unit":"kelvin","days":30}']), turn('ok')])
    expect(kinds(score)).toEqual(['schema_violation', 'schema_violation', 'schema_violation'])
    expect(score.metrics.schemaViolationCalls).toBe(1)
  })

  it('malformed_arguments: not JSON, JSON that is not an object, duplicate keys', async () => {
    for (const raw of ['{"city": "Paris"', '["Paris"]', '', '{"city":"Paris","city":"Rome"}']) {
      const { score } = await runScripted(makeCase({ expect: { calls: [{ name: 'get_weather' }] } }), [turn('', ['get_weather', raw]), turn('ok')])
      expect(kinds(score), raw).toEqual(['malformed_arguments'])
    }
  })

  it('wrong_argument_value: schema-valid but not what the expectation allows', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"London"}']), turn('ok')])
    expect(kinds(score)).toEqual(['wrong_argument_value'])
    expect(score.failures[0]?.message).toContain('"London"')
  })

  it('missing_call: the model answered without calling', async () => {
    const { score } = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('I think it is sunny.')])
    expect(kinds(score)).toEqual(['missing_call'])
  })

  it('unexpected_call: irrelevance (no_call) and a surplus call', async () => {
    const irrelevant = await runScripted(makeCase({ expect: { noCall: true } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(irrelevant.score)).toEqual(['unexpected_call'])
    const surplus = await runScripted(makeCase({ expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}'], ['get_time', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(surplus.score)).toEqual(['unexpected_call'])
  })

  it('not_parallel: expected calls spread over turns', async () => {
    const testCase = makeCase({ expect: { calls: [paris, { name: 'get_weather', args: { city: 'Tokyo' } }], parallel: true } })
    const serial = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}']), turn('', ['get_weather', '{"city":"Tokyo"}']), turn('done')])
    expect(kinds(serial.score)).toEqual(['not_parallel'])
    const parallel = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Tokyo"}'], ['get_weather', '{"city":"Paris"}']), turn('done')])
    expect(parallel.score.passed).toBe(true)
  })

  it('wrong_order: strict order', async () => {
    const testCase = makeCase({ expect: { calls: [paris, { name: 'get_time', args: { city: 'Paris' } }], order: 'strict' } })
    const { score } = await runScripted(testCase, [turn('', ['get_time', '{"city":"Paris"}']), turn('', ['get_weather', '{"city":"Paris"}']), turn('done')])
    expect(kinds(score)).toEqual(['wrong_order'])
    expect(score.failures[0]?.message).toBe('calls came in the order get_time → get_weather, expected get_weather → get_time')
  })

  it('wrong_order names calls of the same tool by their arguments', async () => {
    const rome = { name: 'get_weather', args: { city: 'Rome' } }
    const testCase = makeCase({ expect: { calls: [paris, rome], order: 'strict' } })
    const { score } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Rome"}'], ['get_weather', '{"city":"Paris"}']), turn('done')])
    expect(score.failures.map((failure) => failure.message)).toEqual([
      'calls came in the order get_weather {"city":"Rome"} → get_weather {"city":"Paris"}, expected get_weather {"city":"Paris"} → get_weather {"city":"Rome"}',
    ])
  })

  it('tool_choice_violation: none, required and a named tool', async () => {
    const none = await runScripted(makeCase({ toolChoice: 'none', expect: { noCall: true } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(none.score)).toEqual(['tool_choice_violation', 'unexpected_call'])
    const required = await runScripted(makeCase({ toolChoice: 'required', expect: { calls: [] } }), [turn('no')])
    expect(kinds(required.score)).toEqual(['tool_choice_violation'])
    const named = await runScripted(makeCase({ toolChoice: { name: 'get_time' }, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(named.score)).toEqual(['tool_choice_violation'])
  })

  it('final_answer_mismatch: contains and regex', async () => {
    const testCase = makeCase({ expect: { calls: [paris], final: { contains: ['18'], regex: '^It is', flags: 'i' } } })
    const { score } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}']), turn('Sunny.')])
    expect(kinds(score)).toEqual(['final_answer_mismatch', 'final_answer_mismatch'])
  })

  it('max_turns_exceeded: still calling tools after max_turns', async () => {
    const testCase = makeCase({ maxTurns: 2, expect: { calls: [paris] } })
    const { score, transcript } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}']), turn('', ['get_weather', '{"city":"Paris"}']), turn('never reached')])
    expect(transcript.turns).toHaveLength(2)
    expect(kinds(score)).toEqual(['max_turns_exceeded', 'unexpected_call'])
  })

  it('provider_error: the provider failed after retries', async () => {
    const testCase = makeCase({ expect: { calls: [paris] } })
    const failing = { id: 'broken', doGenerate: async () => { throw new ProviderError('HTTP 503 after 4 retries') } }
    const transcript = await runCase(testCase, failing, { repeat: 0 })
    const score = scoreCase(testCase, transcript)
    expect(kinds(score)).toEqual(['provider_error'])
    expect(score.failures[0]?.message).toContain('503')
  })
})

describe('matching expected to actual calls', () => {
  it('is an optimal assignment, not greedy', async () => {
    // Greedy would pair the first expectation (any city) with the Paris call and leave "Paris" unmatched.
    const testCase = makeCase({ expect: { calls: [{ name: 'get_weather', args: { city: { any: true } } }, paris] } })
    const { score } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}'], ['get_weather', '{"city":"Rome"}']), turn('ok')])
    expect(score.failures).toEqual([])
  })

  it('reports one failure per unmatched expectation or surplus call', async () => {
    const testCase = makeCase({ expect: { calls: [paris, { name: 'get_time', args: { city: 'Paris' } }, { name: 'get_time', args: { city: 'Rome' } }] } })
    const { score } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}']), turn('ok')])
    expect(kinds(score)).toEqual(['missing_call', 'missing_call'])
  })
})
