// Issue 24, the vitest part: `toReachState(matcher)` matches the world's
// final snapshot with a structural diff as its message; `result.conversation[1].calls` gives the calls answering the
// second user message.
import { describe, expect, it } from 'vitest'
import { runCase, type ScoredConversation } from '../../src/vitest/index.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { turn } from '../helpers/cases.ts'

const shop = 'test/vitest/fixtures/shop/suite.yaml'
const scripted = 'scripted:test/vitest/fixtures/shop/scripted.yaml'

/** The message of the assertion error a matcher throws. */
function failureOf(assertion: () => void): Error & { actual?: unknown; expected?: unknown } {
  try {
    assertion()
  } catch (error) {
    return error as Error
  }
  throw new Error('the matcher passed, but it should have failed')
}

describe('per-message access: result.conversation[i]', () => {
  it('gives each user message its turns, calls, answer and the world\'s state after it', async () => {
    const result: ScoredConversation = await runCase({ suite: shop, case: 'return-broken', model: scripted })
    expect(result.conversation.map((reply) => reply.user)).toEqual(['I want to return order O-1.', 'It arrived broken.', "Thanks, that's all."])
    expect(result.conversation[0]!.calls.map((call) => call.name)).toEqual(['get_order'])
    expect(result.conversation[1]!.calls.map((call) => [call.name, call.arguments])).toEqual([['create_return', { order_id: 'O-1', reason: 'arrived broken' }]])
    expect(result.conversation[1]!.text).toBe('I started a return for O-1.')
    expect(result.conversation[2]!.calls).toEqual([])
    expect(result.conversation[0]!.state).toMatchObject({ orders: { 'O-1': { status: 'delivered' } } })
    expect(result.conversation[1]!.state).toMatchObject({ orders: { 'O-1': { status: 'return_requested' } } })
    expect(result.conversation.map((reply) => reply.index)).toEqual([0, 1, 2])
  })

  it('a single-request case is a conversation of one message', async () => {
    const result = await runCase({ suite: 'suites/weather/suite.yaml', case: 'current-paris', model: 'baseline' })
    expect(result.conversation).toHaveLength(1)
    expect(result.conversation[0]!.calls.map((call) => call.name)).toEqual(['get_current_weather'])
    expect(result.conversation[0]!.state).toBeUndefined()
  })
})

describe('toReachState(matcher)', () => {
  it('passes when the final snapshot matches, with ignore paths; fails when negated', async () => {
    const result = await runCase({ suite: shop, case: 'return-broken', model: scripted })
    expect(result).toReachState({ orders: { 'O-1': { status: 'return_requested' } }, returns: [{ order_id: 'O-1', reason: { regex: 'broken' } }] })
    expect(result).toReachState({ literal: { orders: { 'O-1': { status: 'return_requested', total: 0 } }, returns: [] } }, { ignore: ['orders.O-1.total', 'returns'] })
    expect(failureOf(() => expect(result).not.toReachState({ returns: [{ order_id: 'O-1' }] })).message).toMatch(/expected the opposite, but the world reached the expected state/)
  })

  it('a mismatch is the structural diff: each path with expected and actual, and the conversation by message', async () => {
    const result = await runCase({ suite: shop, case: 'return-broken', model: scripted })
    const error = failureOf(() => expect(result).toReachState({ orders: { 'O-1': { status: 'refunded' } }, returns: [] }))
    expect(error.message).toContain('state_mismatch — the state differs at 2 paths')
    expect(error.message).toContain('\n  orders.O-1.status: expected "refunded", got "return_requested"')
    expect(error.message).toContain('\n  returns[0]: expected (absent), got {"order_id":"O-1","reason":"arrived broken"}')
    // The compact transcript under it reads by user message, 1-based, with the state after each reply.
    expect(error.message).toContain('message 2: It arrived broken.\n  turn 3:\n    call create_return(')
    expect(error.message).toContain('  state after:\n    orders.O-1.status: "delivered" → "return_requested"\n    returns[0]: (absent) → {"order_id":"O-1","reason":"arrived broken"}\nmessage 3')
    expect(error.message).toContain('message 1: I want to return order O-1.\n  turn 1:')
    expect(error.message).toContain('  state after: unchanged\nmessage 2')
    expect(error.expected).toEqual({ 'orders.O-1.status': '"refunded"', 'returns[0]': '(absent)' })
    expect(error.actual).toEqual({ 'orders.O-1.status': '"return_requested"', 'returns[0]': '{"order_id":"O-1","reason":"arrived broken"}' })
  })

  it('fails on a case without a world, and a malformed matcher is a TypeError', async () => {
    const result = await runCase({ suite: 'suites/weather/suite.yaml', case: 'current-paris', model: 'baseline' })
    expect(failureOf(() => expect(result).toReachState({})).message).toMatch(/ran against no world/)
    const shopResult = await runCase({ suite: shop, case: 'order-status', model: scripted })
    expect(() => expect(shopResult).toReachState({ orders: { range: 'x' } })).toThrow(TypeError)
  })

  it('keeps what a world wrote inert in the message', async () => {
    const model = scriptedProvider('scripted:test', new Map([['order-status', [[turn('', ['get_order', '{"order_id":"O-2"}']), turn('Shipped \u001b[2J')]]]]))
    const result = await runCase({ suite: shop, case: 'order-status', model })
    const error = failureOf(() => expect(result).toReachState({ orders: { 'O-2': { status: 'lost\u001b]0;x\u0007' } } }))
    expect(error.message).not.toMatch(/\u001b/)
    expect(error.message).toContain('Shipped \\x1b[2J')
  })
})
