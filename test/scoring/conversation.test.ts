// Issue 24, "Conversations": each message's expect is judged on the turns answering it (its failures carry the
// message), the case-level expect over the whole conversation, state expectations on the world's snapshots as a
// structural diff (state_mismatch), and the conversation metrics. One test per failure kind and trajectory mode.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Case, Expectation } from '../../src/core/case.ts'
import type { ConversationExpectation, ConversationMessage } from '../../src/core/conversation.ts'
import type { ModelTurn } from '../../src/core/model-turn.ts'
import { emptyUsage } from '../../src/core/model-turn.ts'
import type { Provider } from '../../src/core/provider.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { SimulatorError } from '../../src/loop/user-messages.ts'
import type { ScriptedTurn } from '../../src/providers/scripted.ts'
import { scoreCase } from '../../src/scoring/score-case.ts'
import { turn } from '../helpers/cases.ts'
import { tempFiles } from '../helpers/cli.ts'
import { conversationCase, createReturn, getOrder, runScored } from '../helpers/shop-world.ts'

const expectation = (partial: Partial<ConversationExpectation>): ConversationExpectation => ({ calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', ...partial })
const weather = (city: string): [string, string] => ['get_weather', JSON.stringify({ city })]
const getOrderO1 = { name: 'get_order', args: { order_id: 'O-1' } }
const createReturnO1 = { name: 'create_return', args: { order_id: 'O-1' } }

/** A two-message conversation: the first message expects `first`, the second `second`; the script answers each. */
async function scoreTwo(first: Partial<ConversationExpectation> | undefined, second: Partial<ConversationExpectation> | undefined, turns: ScriptedTurn[], overrides: Partial<Case> = {}) {
  const conversation: ConversationMessage[] = [
    { user: 'Return O-1.', ...(first ? { expect: expectation(first) } : {}) },
    { user: 'It is broken.', ...(second ? { expect: expectation(second) } : {}) },
  ]
  return (await runScored(conversationCase(conversation, overrides), turns)).score
}

/** [kind, userMessage] of each failure. */
const where = (score: { failures: readonly { kind: string; userMessage?: number }[] }) => score.failures.map((failure) => [failure.kind, failure.userMessage])

describe('each message is judged on its own reply', () => {
  it('passes when every message gets what it expects; metrics count messages, state checks and the task', async () => {
    const testCase = conversationCase([
      { user: 'Return O-1.', expect: expectation({ calls: [getOrderO1] }) },
      { user: 'It is broken.', expect: expectation({ calls: [createReturnO1], state: { orders: { 'O-1': { status: 'return_requested' } } } }) },
      { user: 'Thanks.', expect: expectation({ noCall: true }) },
    ], { expect: expectation({ state: { orders: { 'O-1': { status: 'return_requested' } } }, forbid: [{ name: 'get_weather' }], maxCalls: 3 }) })
    const { score } = await runScored(testCase, [turn('', getOrder()), turn('Why?'), turn('', createReturn()), turn('Done.'), turn('Bye.')])
    expect(score.failures).toEqual([])
    expect(score.verdict).toBe('passed')
    expect(score.metrics).toMatchObject({ messages: 3, messagesPassed: 3, taskPassed: true, stateChecks: 2, stateMatches: 2, repeatedCalls: 0, expectedCalls: 2, selectedCalls: 2, correctArgumentCalls: 2 })
  })

  it('a call made in reply to another message does not count for this one: missing_call at 1, unexpected_call at 2', async () => {
    const score = await scoreTwo({ calls: [getOrderO1] }, { noCall: true }, [turn('Hm?'), turn('', getOrder()), turn('ok')])
    expect(where(score)).toEqual([['missing_call', 0], ['unexpected_call', 1]])
    expect(score.metrics).toMatchObject({ messages: 2, messagesPassed: 0, taskPassed: false })
  })

  it.each<[string, Partial<Expectation>, ScriptedTurn[], string]>([
    ['wrong_argument_value', { calls: [getOrderO1] }, [turn('', getOrder('O-2')), turn('ok')], 'wrong_argument_value'],
    ['wrong_tool', { calls: [getOrderO1] }, [turn('', weather('Oslo')), turn('ok')], 'wrong_tool'],
    ['wrong_order (in_order)', { calls: [getOrderO1, { name: 'get_weather' }], order: 'in_order' }, [turn('', weather('Oslo')), turn('', getOrder()), turn('ok')], 'wrong_order'],
    ['wrong_order (strict)', { calls: [getOrderO1, { name: 'get_weather' }], order: 'strict' }, [turn('', weather('Oslo')), turn('', getOrder()), turn('ok')], 'wrong_order'],
    ['not_parallel', { calls: [getOrderO1, { name: 'get_weather' }], parallel: true }, [turn('', getOrder()), turn('', weather('Oslo')), turn('ok')], 'not_parallel'],
    ['forbidden_call', { calls: [getOrderO1], forbid: [{ name: 'get_weather' }], extraCalls: 'allow' }, [turn('', getOrder(), weather('Oslo')), turn('ok')], 'forbidden_call'],
    ['too_many_calls', { calls: [getOrderO1], maxCalls: 1, extraCalls: 'allow' }, [turn('', getOrder(), getOrder('O-2')), turn('ok')], 'too_many_calls'],
    ['final_answer_mismatch', { calls: [getOrderO1], final: { contains: ['delivered'] } }, [turn('', getOrder()), turn('Found it.')], 'final_answer_mismatch'],
    ['hallucinated_tool (a tool added only later)', {}, [turn('', createReturn()), turn('ok')], 'hallucinated_tool'],
    ['hallucinated_param', { calls: [{ name: 'get_order' }] }, [turn('', ['get_order', '{"order_id":"O-1","rush":true}']), turn('ok')], 'hallucinated_param'],
    ['missing_required', { calls: [{ name: 'get_order' }] }, [turn('', ['get_order', '{}']), turn('ok')], 'missing_required'],
    ['schema_violation', { calls: [{ name: 'get_order' }] }, [turn('', ['get_order', '{"order_id":7}']), turn('ok')], 'schema_violation'],
    ['malformed_arguments', { calls: [{ name: 'get_order' }] }, [turn('', ['get_order', '{"order_id":']), turn('ok')], 'malformed_arguments'],
  ])('%s in reply to the first message carries userMessage 0', async (_name, first, turns, kind) => {
    // create_return is exposed from the second message on.
    const { score } = await runScored(conversationCase([
      { user: 'Return O-1.', expect: expectation(first) },
      { user: 'It is broken.', addTools: ['create_return'] },
    ]), [...turns, turn('bye')])
    expect(where(score)).toContainEqual([kind, 0])
    expect(score.failures.every((failure) => failure.userMessage === 0)).toBe(true)
    expect(score.verdict).toBe('failed')
    expect(score.metrics.messagesPassed).toBe(1)
  })

  it('extra_calls: allow and order: any accept other calls in the reply; without allow they are unexpected_call', async () => {
    const turns = [turn('', weather('Oslo'), getOrder()), turn('ok'), turn('bye')]
    expect(where(await scoreTwo({ calls: [getOrderO1], extraCalls: 'allow' }, undefined, turns))).toEqual([])
    expect(where(await scoreTwo({ calls: [getOrderO1] }, undefined, turns))).toEqual([['unexpected_call', 0]])
  })

  it('tool_choice is judged on each message\'s first request: tool_choice_violation at message 2', async () => {
    const score = await scoreTwo(undefined, undefined, [turn('', getOrder()), turn('ok'), turn('no call')], { toolChoice: 'required' })
    expect(where(score)).toEqual([['tool_choice_violation', 1]])
  })

  it('a reply that runs out of turns: max_turns_exceeded at that message, the rest never sent', async () => {
    const score = await scoreTwo({ calls: [getOrderO1], extraCalls: 'allow', final: { contains: ['ok'] } }, undefined, [turn('', getOrder()), turn('', getOrder())], { maxTurns: 2 })
    // As for a single request: the final answer never came.
    expect(where(score)).toEqual([['final_answer_mismatch', 0], ['max_turns_exceeded', 0]])
    // The calls were what message 1 expected; still, message 2 was never sent.
    const cut = await scoreTwo({ calls: [getOrderO1, { name: 'get_order' }] }, undefined, [turn('', getOrder()), turn('', getOrder('O-2'))], { maxTurns: 2 })
    expect(where(cut)).toEqual([['max_turns_exceeded', 0]])
    expect(cut.failures[0]?.message).toMatch(/ended at message 1 of 2/)
  })
})

describe('state expectations', () => {
  it('state_mismatch after a reply: a structural diff, each path with expected and actual', async () => {
    const score = await scoreTwo(undefined, { state: { orders: { 'O-1': { status: 'return_requested', total: 40 } } } }, [turn('ok'), turn('Sorry.')])
    expect(where(score)).toEqual([['state_mismatch', 1]])
    expect(score.failures[0]?.message).toBe('the state differs at 1 path\n  orders.O-1.status: expected "return_requested", got "delivered"')
    expect(score.failures[0]?.path).toBe('conversation[1].state')
    expect(score.metrics).toMatchObject({ stateChecks: 1, stateMatches: 0 })
  })

  it('the case-level state is judged on the final snapshot, with unordered lists and ignore', async () => {
    const base = { orders: { 'O-1': { status: 'delivered', total: 40, updated_at: 'now' } }, log: ['a', 'b'] }
    const passing = conversationCase([{ user: 'hi' }], { state: base, expect: expectation({ state: { literal: { orders: { 'O-1': { status: 'delivered', total: 40 } }, log: ['a', 'b'], calls: 0 } }, ignore: ['orders.*.updated_at'] }) })
    expect((await runScored(passing, [turn('hello')])).score.failures).toEqual([])
    const unordered = conversationCase([{ user: 'hi' }], { state: base, expect: expectation({ state: { log: { unordered: true, items: ['b', 'a'] } } }) })
    expect((await runScored(unordered, [turn('hello')])).score.failures).toEqual([])
    const failing = conversationCase([{ user: 'hi' }], { state: base, expect: expectation({ state: { log: ['b', 'a'] } }) })
    const { score } = await runScored(failing, [turn('hello')])
    expect(where(score)).toEqual([['state_mismatch', undefined]])
    expect(score.failures[0]?.message).toBe('the state differs at 2 paths\n  log[0]: expected "b", got "a"\n  log[1]: expected "a", got "b"')
  })
})

describe('a world whose state after the conversation is null', () => {
  it('the case-level state is judged on that null, not on the state the world started with', async () => {
    // The world wipes its state on a call: its snapshot is then null (JSON the world may well answer with).
    const dir = tempFiles({ 'wiping.mjs': 'export function wipingWorld(state) {\n  let wiped = false\n  return { get_order() { wiped = true; return {} }, snapshot() { return wiped ? null : state } }\n}\n' })
    const testCase = conversationCase([{ user: 'Look up O-1.' }], {
      world: { module: join(dir, 'wiping.mjs'), export: 'wipingWorld' },
      expect: expectation({ state: { orders: { 'O-1': { status: 'delivered' } } } }),
    })
    const { transcript, score } = await runScored(testCase, [turn('', getOrder()), turn('Done.')])
    expect(transcript.conversation?.at(-1)?.state).toBeNull()
    expect(where(score)).toEqual([['state_mismatch', undefined]])
    expect(score.failures[0]?.path).toBe('conversation[0].state')
  })
})

describe('the case-level expectation over the whole conversation', () => {
  it('forbid: forbidden_call wherever it happens; max_calls: too_many_calls over all messages; final on the last reply', async () => {
    const turns = [turn('', getOrder()), turn('ok'), turn('', weather('Oslo')), turn('fine')]
    expect(where(await scoreTwo(undefined, undefined, turns, { expect: expectation({ forbid: [{ name: 'get_weather' }] }) }))).toEqual([['forbidden_call', undefined]])
    expect(where(await scoreTwo(undefined, undefined, turns, { expect: expectation({ maxCalls: 1 }) }))).toEqual([['too_many_calls', undefined]])
    expect(where(await scoreTwo(undefined, undefined, turns, { expect: expectation({ final: { contains: ['bye'] } }) }))).toEqual([['final_answer_mismatch', undefined]])
  })

  it('calls: judged over all messages when listed (order in_order across messages)', async () => {
    const turns = [turn('', getOrder()), turn('ok'), turn('', weather('Oslo')), turn('fine')]
    const inOrder = expectation({ calls: [getOrderO1, { name: 'get_weather' }], order: 'in_order' })
    expect(where(await scoreTwo(undefined, undefined, turns, { expect: inOrder }))).toEqual([])
    const reversed = expectation({ calls: [{ name: 'get_weather' }, getOrderO1], order: 'in_order' })
    expect(where(await scoreTwo(undefined, undefined, turns, { expect: reversed }))).toEqual([['wrong_order', undefined]])
  })

  it('repeatedCalls counts a call with the same name and arguments made again, across messages', async () => {
    const score = await scoreTwo(undefined, undefined, [turn('', getOrder()), turn('ok'), turn('', ['get_order', '{ "order_id": "O-1" }'], getOrder('O-2')), turn('fine')])
    expect(score.metrics.repeatedCalls).toBe(1)
  })

  it('repeatedCalls compares numbers JavaScript rounds by value: 2^53 + 1 is no object, and is itself however written', async () => {
    const calls = async (...texts: string[]) => (await scoreTwo(undefined, undefined, [turn('', ...texts.map((text): [string, string] => ['get_order', `{"order_id": ${text}}`])), turn('ok'), turn('fine')])).metrics.repeatedCalls
    expect(await calls('9007199254740993', '{"text": "9007199254740993"}')).toBe(0)
    expect(await calls('9007199254740993', '90071992547409930e-1', '9007199254740992')).toBe(1)
  })
})

describe('errored conversations are not verdicts on the model', () => {
  it('a world failing: harness_error alone, at its message', async () => {
    const testCase = conversationCase([{ user: 'A', expect: expectation({ noCall: true }) }, { user: 'B' }], { world: { module: conversationCase([]).world!.module, export: 'bigIntWorld' } })
    const { score } = await runScored(testCase, [turn('', getOrder()), turn('ok')])
    expect(where(score)).toEqual([['harness_error', 0]])
    expect(score.verdict).toBe('errored')
  })

  it('a provider failing or a turn truncated mid-conversation', async () => {
    const answers: ModelTurn[] = [
      { text: 'ok', toolCalls: [], finishReason: { unified: 'stop', raw: 'stop' }, usage: emptyUsage, latencyMs: 0 },
      { text: 'It was', toolCalls: [], finishReason: { unified: 'length', raw: 'length' }, usage: emptyUsage, latencyMs: 0 },
    ]
    const provider: Provider = { id: 'fake', doGenerate: async (request) => answers[request.context.turn]! }
    const testCase = conversationCase([{ user: 'A' }, { user: 'B', expect: expectation({ final: { contains: ['broken'] } }) }])
    const truncated = scoreCase(testCase, await runCase(testCase, provider, { repeat: 0 }))
    expect(where(truncated)).toEqual([['truncated', 1]])
    const failing: Provider = { id: 'down', doGenerate: async (request) => { if (request.context.turn === 1) throw new Error('503'); return answers[0]! } }
    const down = scoreCase(testCase, await runCase(testCase, failing, { repeat: 0 }))
    expect(where(down)).toEqual([['provider_error', 1]])
    expect(down.verdict).toBe('errored')
  })

  it('a simulated user failing: simulator_error, errored', async () => {
    const testCase = conversationCase([], { conversation: undefined, user: { model: 'scripted:u', instructions: 'x', maxMessages: 4 }, expect: expectation({ state: { calls: 0 } }) })
    const { score } = await runScored(testCase, [turn('hi')], { users: { next: async ({ index }) => { if (index === 1) throw new SimulatorError('user model: 500'); return { user: 'hello' } } } })
    expect(where(score)).toEqual([['simulator_error', 1]])
    expect(score.verdict).toBe('errored')
  })

  it('a simulated user\'s case is judged on the case-level expect, its messages counted as they came', async () => {
    const testCase = conversationCase([], { conversation: undefined, user: { model: 'scripted:u', instructions: 'x', maxMessages: 4 }, expect: expectation({ calls: [createReturnO1], state: { orders: { 'O-1': { status: 'return_requested' } } } }) })
    const users = { next: async ({ index }: { index: number }) => (index < 2 ? { user: ['Return O-1', 'broken'][index]! } : undefined) }
    const { score } = await runScored(testCase, [turn('Why?'), turn('', createReturn()), turn('Done.')], { users })
    expect(score.failures).toEqual([])
    expect(score.metrics).toMatchObject({ messages: 2, messagesPassed: 2, taskPassed: true, stateChecks: 1, stateMatches: 1 })
  })
})
