import { describe, expect, it } from 'vitest'
import { jsonProblem } from '../../src/loop/json-problem.ts'

describe('jsonProblem: what JSON cannot carry in a value user code returns', () => {
  it('plain data, a Date (its toJSON), a shared but acyclic object and undefined members serialize faithfully', () => {
    const shared = { a: 1 }
    expect(jsonProblem({ list: [1, 'two', null, { three: true }], when: new Date(0), left: shared, right: shared, gone: undefined }, 'result')).toBeUndefined()
    expect(jsonProblem(undefined, 'result')).toBeUndefined()
  })

  it('names the first cycle, BigInt, function, symbol, Map or Set with its path', () => {
    const cyclic: Record<string, unknown> = { items: [] }
    ;(cyclic.items as unknown[]).push({ parent: cyclic })
    expect(jsonProblem(cyclic, 'result')).toBe('a cycle at result.items[0].parent (it refers back to result)')
    expect(jsonProblem({ n: [1n] }, 'result')).toContain('a BigInt at result.n[0]')
    expect(jsonProblem(() => 1, 'result')).toBe('a function at result')
    expect(jsonProblem({ s: Symbol('x') }, 'arguments')).toBe('a symbol at arguments.s')
    expect(jsonProblem({ m: new Map([[1, 2]]) }, 'result')).toContain('a Map at result.m')
    expect(jsonProblem([new Set([1])], 'result')).toContain('a Set at result[0]')
  })

  it('a toJSON that throws is named, not thrown', () => {
    expect(jsonProblem({ bad: { toJSON: () => { throw new Error('nope') } } }, 'result')).toBe('toJSON threw at result.bad: nope')
  })
})
