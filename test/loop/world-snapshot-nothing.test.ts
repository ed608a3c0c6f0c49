// A world's snapshot() that returns nothing (a forgotten `return`) is the harness's mistake: without this, every state
// expectation compared the model's work against `undefined` and failed the model (state_mismatch).
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { ConversationExpectation } from '../../src/core/conversation.ts'
import { turn } from '../helpers/cases.ts'
import { tempFiles } from '../helpers/cli.ts'
import { conversationCase, runScored } from '../helpers/shop-world.ts'

const expectation = (partial: Partial<ConversationExpectation>): ConversationExpectation => ({ calls: [], order: 'any', parallel: false, noCall: false, matching: 'default', ...partial })
const dir = tempFiles({ 'world.mjs': 'export function createWorld(state) {\n  return { snapshot() { state.seen = true } }\n}\nexport function returnsNothing() {}\n' })

describe('a world that answers with nothing', () => {
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
})
