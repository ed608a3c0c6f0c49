import { describe, expect, it } from 'vitest'
import type { ToolHooks } from '../../src/loop/hooks.ts'
import { kinds, makeCase, runScripted, turn } from '../helpers/cases.ts'

const paris = { name: 'get_weather', args: { city: 'Paris' } }
const oslo = { name: 'get_time', args: { city: 'Oslo' } }

describe('max_turns means "at most N model turns"', () => {
  it('max_turns: 1 with one correct call passes (BFCL-imported cases rely on this)', async () => {
    const { score, transcript } = await runScripted(makeCase({ maxTurns: 1, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}'])])
    expect(transcript.stop).toBe('max-turns')
    expect(score.failures).toEqual([])
    expect(score.passed).toBe(true)
  })

  it('expected calls spread over every allowed turn pass', async () => {
    const testCase = makeCase({ maxTurns: 2, expect: { calls: [paris, oslo], order: 'strict' } })
    const { score } = await runScripted(testCase, [turn('', ['get_weather', '{"city":"Paris"}']), turn('', ['get_time', '{"city":"Oslo"}'])])
    expect(score.failures).toEqual([])
  })

  it('calls of the last allowed turn are recorded and scored, but neither hooks nor stubs run for them', async () => {
    const executed: string[] = []
    const hooks: ToolHooks = { beforeToolCall: (call) => void executed.push(call.id) }
    const testCase = makeCase({ maxTurns: 2, expect: { calls: [paris] } })
    const { score, transcript } = await runScripted(testCase, [turn('', ['get_time', '{"city":"Oslo"}']), turn('', ['get_weather', '{"city":"Paris","country":"FR"}'])], hooks)
    expect(executed).toEqual(['c0'])
    expect(transcript.turns[1]?.calls).toHaveLength(1)
    expect(transcript.turns[1]?.toolResults).toEqual([])
    // The last turn's call is scored (its undeclared key counts); it is the expected call, so the turns sufficed.
    expect(kinds(score)).toEqual(['hallucinated_param', 'unexpected_call'])
  })

  it('max_turns_exceeded when the case expects a final answer that never came', async () => {
    const { score } = await runScripted(makeCase({ maxTurns: 1, expect: { calls: [paris], final: { regex: '.*' } } }), [turn('', ['get_weather', '{"city":"Paris"}'])])
    expect(kinds(score)).toEqual(['max_turns_exceeded'])
  })

  it('max_turns_exceeded when the model was still calling tools the expectation does not account for', async () => {
    const { score } = await runScripted(makeCase({ maxTurns: 2, expect: { calls: [paris] } }), [turn('', ['get_weather', '{"city":"Paris"}']), turn('', ['get_weather', '{"city":"Paris"}'])])
    expect(kinds(score)).toEqual(['max_turns_exceeded', 'unexpected_call'])
    expect(score.failures.find((failure) => failure.kind === 'max_turns_exceeded')?.message).toMatch(/still calling tools .*max_turns \(2\)/)
  })

  it('a correct last call does not hide an earlier missing one: missing_call, not max_turns_exceeded', async () => {
    const { score } = await runScripted(makeCase({ maxTurns: 1, expect: { calls: [paris, oslo] } }), [turn('', ['get_weather', '{"city":"Paris"}'])])
    expect(kinds(score)).toEqual(['missing_call'])
  })
})
