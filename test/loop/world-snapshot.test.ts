// What a world's snapshot() returns is user code's value: nothing (a forgotten `return`) is the harness's mistake —
// without this, every state expectation compared the model's work against `undefined` and failed the model
// (state_mismatch) —, and a live object the world goes on changing is kept as it was when the reply ended.
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ConversationExpectation } from '../../src/core/conversation.ts'
import { turn } from '../helpers/cases.ts'
import { tempFiles } from '../helpers/cli.ts'
import { conversationCase, runScored } from '../helpers/shop-world.ts'

const expectation = (partial: Partial<ConversationExpectation>): ConversationExpectation => ({ calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', ...partial })
const dir = tempFiles({
  'world.mjs': [
    'export function createWorld(state) {\n  return { snapshot() { state.seen = true } }\n}',
    'export function returnsNothing() {}',
    // A reactive store: its state is a Proxy around a class instance, which structuredClone refuses.
    'class Store { constructor() { this.count = 0 } }',
    'export function reactiveWorld() {\n  const store = new Proxy(new Store(), {})\n  return { bump() { store.count++; return { ok: true } }, snapshot() { return store } }\n}',
  ].join('\n'),
})

describe('what a world answers with as itself and its state', () => {
  it('snapshot() returning undefined ends the case as harness_error naming the world, not state_mismatch', async () => {
    const testCase = conversationCase([{ user: 'hi' }], { world: { module: join(dir, 'world.mjs'), export: 'createWorld' }, expect: expectation({ state: { orders: {} } }) })
    const { transcript, score } = await runScored(testCase, [turn('Hello.')])
    expect(transcript.stop).toBe('harness-error')
    expect(transcript.error).toContain('world.mjs#createWorld: snapshot() returned nothing (undefined)')
    expect(score.failures.map((failure) => failure.kind)).toEqual(['harness_error'])
    expect(score.verdict).toBe('errored')
  })

  it('a factory returning undefined says "nothing (undefined)"', async () => {
    const testCase = conversationCase([{ user: 'hi' }], { world: { module: join(dir, 'world.mjs'), export: 'returnsNothing' } })
    const { transcript } = await runScored(testCase, [turn('Hello.')])
    expect(transcript.error).toContain('returned nothing (undefined) when created')
  })

  it('a snapshot that is a Proxy around a class instance is kept as it was after each reply, not as the live object of the world', async () => {
    const bump = { name: 'bump', description: 'Count one up', parameters: { type: 'object', properties: {} } }
    const testCase = conversationCase([{ user: 'one' }, { user: 'two' }], { tools: [bump], world: { module: join(dir, 'world.mjs'), export: 'reactiveWorld' } })
    const { transcript } = await runScored(testCase, [turn('', ['bump', '{}']), turn('Once.'), turn('', ['bump', '{}']), turn('Twice.')])
    expect(transcript.stop).toBe('no-calls')
    expect(transcript.initialState).toEqual({ count: 0 })
    expect(transcript.conversation?.map((step) => step.state)).toEqual([{ count: 1 }, { count: 2 }])
  })
})
