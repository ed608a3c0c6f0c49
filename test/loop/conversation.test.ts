// Issue 24, "Conversations against stateful worlds": each user message runs the loop until the model answers, the
// scripted model consuming its turns across messages; the world is created once per case run from its own copy of
// the state, answers the tools it implements (stubs the rest), and is contained like any user code.
import { describe, expect, it } from 'vitest'
import type { Case } from '../../src/core/case.ts'
import { runCase } from '../../src/loop/run-case.ts'
import { SimulatorError, type UserSource } from '../../src/loop/user-messages.ts'
import { scriptedProvider } from '../../src/providers/scripted.ts'
import { makeCase, turn } from '../helpers/cases.ts'
import { conversationCase, createReturn, getOrder, run, shopTools, worldModule } from '../helpers/shop-world.ts'

describe('a conversation runs each user message until the model answers', () => {
  it('groups turns by message, with the world state after each reply and the initial state', async () => {
    const testCase = conversationCase([{ user: 'Return O-1.' }, { user: 'It arrived broken.' }, { user: 'Thanks.' }])
    const transcript = await run(testCase, [turn('', getOrder()), turn('Why?'), turn('', createReturn()), turn('Done.'), turn('Bye.')])
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.turns.map((t) => t.message)).toEqual([0, 0, 1, 1, 2])
    expect(transcript.turns.map((t) => t.index)).toEqual([0, 1, 2, 3, 4])
    expect(transcript.conversation?.map(({ user, firstTurn, endTurn }) => ({ user, firstTurn, endTurn }))).toEqual([
      { user: 'Return O-1.', firstTurn: 0, endTurn: 2 },
      { user: 'It arrived broken.', firstTurn: 2, endTurn: 4 },
      { user: 'Thanks.', firstTurn: 4, endTurn: 5 },
    ])
    expect(transcript.initialState).toEqual({ orders: { 'O-1': { status: 'delivered', total: 40 } }, calls: 0 })
    expect(transcript.conversation?.map((step) => (step.state as { calls: number }).calls)).toEqual([1, 2, 2])
    expect((transcript.conversation?.[1]?.state as { orders: Record<string, { status: string }> }).orders['O-1']?.status).toBe('return_requested')
    // The snapshot is a copy: the recorded states differ although the world mutated one object.
    expect((transcript.conversation?.[0]?.state as { orders: Record<string, { status: string }> }).orders['O-1']?.status).toBe('delivered')
    expect(transcript.turns[0]?.toolResults[0]).toMatchObject({ source: 'world', isError: false })
    // The case's own state is never touched.
    expect(testCase.state).toEqual({ orders: { 'O-1': { status: 'delivered', total: 40 } } })
  })

  it('sends the history, each user message and the replies in order; the request context names the message', async () => {
    const seen: { message: number | undefined; turn: number; roles: string[] }[] = []
    const testCase = conversationCase([{ user: 'A' }, { user: 'B' }], { messages: [{ role: 'system', content: 'Be brief.' }] })
    const provider = scriptedProvider('scripted:test', new Map([[testCase.id, [[turn('', getOrder()), turn('one'), turn('two')]]]]))
    const original = provider.doGenerate.bind(provider)
    provider.doGenerate = async (request, signal) => {
      seen.push({ message: request.context.message, turn: request.context.turn, roles: request.messages.map((m) => m.role) })
      return original(request, signal)
    }
    await runCase(testCase, provider, { repeat: 0 })
    expect(seen).toEqual([
      { message: 0, turn: 0, roles: ['system', 'user'] },
      { message: 0, turn: 1, roles: ['system', 'user', 'assistant', 'tool'] },
      { message: 1, turn: 2, roles: ['system', 'user', 'assistant', 'tool', 'assistant', 'user'] },
    ])
  })

  it('tool_choice applies to each message\'s first request; add_tools exposes a tool from its message on', async () => {
    const testCase = conversationCase([{ user: 'A' }, { user: 'B', addTools: ['create_return'] }], { toolChoice: 'required' })
    const transcript = await run(testCase, [turn('', createReturn()), turn('no such tool yet'), turn('', createReturn()), turn('ok')])
    expect(transcript.turns.map((t) => t.request.toolChoice)).toEqual(['required', 'auto', 'required', 'auto'])
    expect(transcript.turns[0]?.request.toolNames).toEqual(['get_order', 'get_weather'])
    expect(transcript.turns[2]?.request.toolNames).toEqual(['get_order', 'create_return', 'get_weather'])
    // Before it is added, the tool is unknown to the model: an error result, and the call is checked as unknown.
    expect(transcript.turns[0]?.calls[0]?.check.knownTool).toBe(false)
    expect(transcript.turns[0]?.toolResults[0]).toMatchObject({ source: 'rejected', isError: true })
    expect(transcript.turns[2]?.toolResults[0]).toMatchObject({ source: 'world', isError: false })
    expect(transcript.conversation?.map((step) => step.toolNames)).toEqual([['get_order', 'get_weather'], ['get_order', 'create_return', 'get_weather']])
  })

  it('max_turns applies to each message; a message that runs out of turns ends the conversation', async () => {
    const testCase = conversationCase([{ user: 'A' }, { user: 'B' }], { maxTurns: 2 })
    const transcript = await run(testCase, [turn('', getOrder()), turn('', getOrder()), turn('never sent')])
    expect(transcript.stop).toBe('max-turns')
    expect(transcript.conversation).toHaveLength(1)
    expect(transcript.turns).toHaveLength(2)
  })
})

describe('the world', () => {
  it('a method that throws is an error result sent to the model; a tool the world lacks falls back to its stub', async () => {
    const testCase = conversationCase([{ user: 'A' }], { stubs: { get_weather: { type: 'recorded', entries: [{ result: { sunny: true } }] } } })
    const transcript = await run(testCase, [turn('', getOrder('O-9'), ['get_weather', '{"city":"Oslo"}']), turn('sorry')])
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.turns[0]?.toolResults.map(({ source, isError, content }) => ({ source, isError, content }))).toEqual([
      { source: 'world', isError: true, content: 'Error: no order O-9' },
      { source: 'recorded', isError: false, content: '{"sunny":true}' },
    ])
  })

  it('a method gets its own copy of the arguments and is called on the world', async () => {
    const testCase = conversationCase([{ user: 'A' }], { world: { module: worldModule, export: 'snapshotWorld' } })
    const transcript = await run(testCase, [turn('', getOrder(), getOrder()), turn('ok')])
    expect(transcript.initialState).toEqual({ n: 0 })
    expect(transcript.conversation?.[0]?.state).toEqual({ n: 2 })
  })

  it.each([
    ['throwingFactory', /threw when created: Error: database offline/],
    ['notAnObject', /returned a number when created/],
    ['bigIntWorld', /cannot be sent as JSON: a BigInt at result.total/],
    ['hangingWorld', /did not settle within 0.05 s/],
  ])('%s ends the case as harness-error, naming the world', async (name, message) => {
    const testCase = conversationCase([{ user: 'A' }, { user: 'B' }], { world: { module: worldModule, export: name }, stubTimeout: 0.05 })
    const transcript = await run(testCase, [turn('', getOrder()), turn('ok'), turn('ok')])
    expect(transcript.stop).toBe('harness-error')
    expect(transcript.error).toMatch(message)
    expect(transcript.error).toContain(`world ${worldModule}#${name}`)
  })

  it('is created afresh for every run: repeats never see each other\'s changes', async () => {
    const testCase = conversationCase([{ user: 'A' }])
    for (const repeat of [0, 1, 2]) {
      const transcript = await run(testCase, [turn('', getOrder()), turn('ok')], { repeat })
      expect(transcript.initialState).toMatchObject({ calls: 0 })
      expect(transcript.conversation?.[0]?.state).toMatchObject({ calls: 1 })
    }
  })

  it('a single-request case with a world runs its tools on the world', async () => {
    const testCase = makeCase({ tools: shopTools, world: { module: worldModule, export: 'createWorld' }, state: { orders: { 'O-1': { status: 'delivered' } } } })
    const transcript = await run(testCase, [turn('', getOrder()), turn('ok')])
    expect(transcript.conversation).toBeUndefined()
    expect(transcript.initialState).toEqual({ orders: { 'O-1': { status: 'delivered' } }, calls: 0 })
    expect(transcript.turns[0]?.toolResults[0]?.source).toBe('world')
  })
})

describe('the user-message seam', () => {
  const simulated = (overrides: Partial<Case> = {}) => conversationCase([], { conversation: undefined, user: { model: 'scripted:user', instructions: 'Return O-1.', maxMessages: 3 }, ...overrides })

  it('a user source gives the messages; ###STOP### ends the conversation unsent; its record lands on the transcript', async () => {
    const asked: number[] = []
    const users: UserSource = {
      simulator: { spec: 'scripted:user', promptHash: 'abc' },
      next: async ({ index, messages }) => {
        asked.push(index)
        expect(Object.isFrozen(messages)).toBe(true)
        return { user: ['Hi', 'Return O-1', 'ok ###STOP###'][index]! }
      },
    }
    const transcript = await run(simulated(), [turn('Hello'), turn('Done')], { users })
    expect(asked).toEqual([0, 1, 2])
    expect(transcript.conversation?.map((step) => step.user)).toEqual(['Hi', 'Return O-1'])
    expect(transcript.simulator).toEqual({ spec: 'scripted:user', promptHash: 'abc' })
    expect(transcript.stop).toBe('no-calls')
  })

  it('stops at max_messages; a failing simulator ends the case as simulator-error', async () => {
    const endless: UserSource = { next: async () => ({ user: 'more' }) }
    expect((await run(simulated(), [], { users: endless })).conversation).toHaveLength(3)
    const failing: UserSource = { next: async ({ index }) => { if (index === 1) throw new SimulatorError('simulator provider: 503'); return { user: 'hi' } } }
    const transcript = await run(simulated(), [turn('Hello')], { users: failing })
    expect(transcript.stop).toBe('simulator-error')
    expect(transcript.error).toBe('simulator provider: 503')
    expect(transcript.conversation).toHaveLength(1)
    expect((await run(simulated(), [])).stop).toBe('simulator-error')
  })
})
