import { describe, expect, it } from 'vitest'
import { describeSuite } from '../../src/vitest/index.ts'

// Issue 24: describeSuite registers real tests in this file for the shop's conversation cases, which the scripted
// model answers correctly (each message's expectation and the world's state after it hold, so the tests pass).
const scripted = 'scripted:test/vitest/fixtures/shop/scripted.yaml'
describeSuite('test/vitest/fixtures/shop/suite.yaml', { model: scripted })

describe('describeSuite on a conversation suite', () => {
  it('registers one test per conversation case', ({ task }) => {
    const names = (task.file.tasks as { name: string; tasks?: { type: string; name: string }[] }[])
      .flatMap((entry) => (entry.tasks ?? []).filter((child) => child.type === 'test' && child.name.startsWith('shop/')).map((child) => child.name))
    expect(names).toEqual([`shop/return-broken [${scripted}]`, `shop/order-status [${scripted}]`])
  })
})
