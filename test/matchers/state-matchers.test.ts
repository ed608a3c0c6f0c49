// Issue 24: state expectations — the argument matcher language over a world's JSON snapshot, `unordered: true`
// lists and `ignore: [paths]`, reported as a structural diff (each path with expected and actual).
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { absentValue, operatorKeys } from '../../src/matchers/argument-matchers.ts'
import { formatStateDifferences, ignorePathProblem, matchState, stateMatcherProblem, statePath, type StateSegments } from '../../src/matchers/state-matchers.ts'

const state = {
  orders: { 'O-1': { status: 'return_requested', total: 40, reason: 'arrived broken' }, 'O-2': { status: 'delivered', total: 12 } },
  refunds: [],
  log: [{ at: '2026-01-01T10:00:00Z', event: 'return' }],
}

describe('matchState: the matcher language over a snapshot', () => {
  it('a partial object matcher with operators matches; keys it does not name are not compared', () => {
    expect(matchState({ orders: { 'O-1': { status: 'return_requested', reason: { regex: 'broken' }, total: { range: [30, 50] } } }, refunds: [] }, state)).toEqual([])
  })

  it('reports every difference at its own path, with expected and actual', () => {
    const differences = matchState({ orders: { 'O-1': { status: 'refunded', total: 40 }, 'O-2': { status: 'delivered', total: { range: [20, 30] } }, 'O-3': { status: 'new' } } }, state)
    expect(differences).toEqual([
      { path: 'orders.O-1.status', expected: '"refunded"', actual: 'return_requested' },
      { path: 'orders.O-2.total', expected: 'a number in [20, 30]', actual: 12 },
      { path: 'orders.O-3', expected: 'an object like {"status":"new"}', actual: absentValue },
    ])
    expect(formatStateDifferences(differences)).toBe([
      'the state differs at 3 paths',
      '  orders.O-1.status: expected "refunded", got "return_requested"',
      '  orders.O-2.total: expected a number in [20, 30], got 12',
      '  orders.O-3: expected an object like {"status":"new"}, got (absent)',
    ].join('\n'))
  })

  it('a list is a list: [] is "no items", items are matched by index, an extra or missing item is reported at its index', () => {
    expect(matchState({ refunds: [] }, { refunds: [{ order: 'O-1' }] })).toEqual([{ path: 'refunds[0]', expected: '(absent)', actual: { order: 'O-1' } }])
    expect(matchState({ refunds: [{ order: 'O-1' }, { order: 'O-2' }] }, { refunds: [{ order: 'O-9', amount: 5 }] })).toEqual([
      { path: 'refunds[0].order', expected: '"O-1"', actual: 'O-9' },
      { path: 'refunds[1]', expected: '{"order":"O-2"}', actual: absentValue },
    ])
    expect(matchState({ refunds: [] }, { refunds: 'none' })).toEqual([{ path: 'refunds', expected: 'a list like []', actual: 'none' }])
  })

  it('anyOf options, absent and any', () => {
    expect(matchState({ orders: { 'O-2': { status: { anyOf: ['delivered', 'shipped'] }, note: { absent: true }, total: { any: true } } } }, state)).toEqual([])
    expect(matchState({ orders: { 'O-2': { status: { anyOf: ['new', 'shipped'] } } } }, state)).toEqual([{ path: 'orders.O-2.status', expected: 'any of ["new","shipped"]', actual: 'delivered' }])
    expect(matchState({ log: { absent: true } }, state)).toMatchObject([{ path: 'log', expected: 'no value (absent)' }])
  })

  it('literal is exact: keys the expectation lacks are differences too, each at its path', () => {
    expect(matchState({ orders: { 'O-2': { literal: { status: 'delivered' } } } }, state)).toEqual([{ path: 'orders.O-2.total', expected: '(absent)', actual: 12 }])
    expect(matchState({ literal: state }, structuredClone(state))).toEqual([])
  })
})

describe('unordered: true', () => {
  const cart = { items: [{ sku: 'A', qty: 1 }, { sku: 'B', qty: 2 }, { sku: 'C', qty: 3 }] }

  it('matches a list in any order', () => {
    expect(matchState({ items: { unordered: true, items: [{ sku: 'C' }, { sku: 'A', qty: 1 }, { sku: 'B' }] } }, cart)).toEqual([])
    // Without it, order matters.
    expect(matchState({ items: [{ sku: 'C' }, { sku: 'A' }, { sku: 'B' }] }, cart)).toHaveLength(3)
  })

  it('a mismatch is reported against the item that came closest, at its own index; missing and extra items too', () => {
    expect(matchState({ items: { unordered: true, items: [{ sku: 'B', qty: 5 }, { sku: 'A' }, { sku: 'C' }] } }, cart)).toEqual([{ path: 'items[1].qty', expected: '5', actual: 2 }])
    expect(matchState({ items: { unordered: true, items: [{ sku: 'C' }, { sku: 'A' }] } }, cart)).toEqual([{ path: 'items[1]', expected: '(absent)', actual: { sku: 'B', qty: 2 } }])
    expect(matchState({ items: { unordered: true, items: [{ sku: 'C' }, { sku: 'A' }, { sku: 'B' }, { sku: 'D' }] } }, cart)).toEqual([{ path: 'items', expected: 'an item like {"sku":"D"}', actual: absentValue }])
  })

  it('unordered: false is an ordered list', () => {
    expect(matchState({ items: { unordered: false, items: [{ sku: 'B' }, { sku: 'A' }, { sku: 'C' }] } }, cart).map((d) => d.path)).toEqual(['items[0].sku', 'items[1].sku'])
  })
})

describe('ignore: [paths]', () => {
  const golden = { orders: { 'O-1': { status: 'refunded', updated_at: 'yesterday' } }, refunds: [{ id: 'r-1', order: 'O-1' }], 'a.b': 1 }
  const actual = { orders: { 'O-1': { status: 'refunded', updated_at: 'today' } }, refunds: [{ id: 'r-77', order: 'O-1' }], 'a.b': 2 }

  it('skips ignored paths, wherever a matcher or a literal reaches them, with * and [*] for any key or index', () => {
    expect(matchState({ literal: golden }, actual).map((d) => d.path)).toEqual(['orders.O-1.updated_at', 'refunds[0].id', '["a.b"]'])
    expect(matchState({ literal: golden }, actual, { ignore: ['orders.*.updated_at', 'refunds[*].id', '["a.b"]'] })).toEqual([])
    expect(matchState(golden, actual, { ignore: ['orders.O-1.updated_at', 'refunds[0]'] }).map((d) => d.path)).toEqual(['["a.b"]'])
  })

  it('an ignored list item may be missing or extra', () => {
    expect(matchState({ log: [{ event: 'a' }] }, { log: [{ event: 'a' }, { event: 'noise' }] }, { ignore: ['log[1]'] })).toEqual([])
  })

  it('a path that cannot be read is explained', () => {
    expect(ignorePathProblem('orders.*.updated_at')).toBeUndefined()
    expect(ignorePathProblem('refunds[*].id')).toBeUndefined()
    expect(ignorePathProblem('log["a.b"][0]')).toBeUndefined()
    expect(ignorePathProblem('')).toMatch(/empty path/)
    expect(ignorePathProblem('refunds[0')).toMatch(/unclosed \[/)
    expect(ignorePathProblem('refunds[x]')).toMatch(/neither an index/)
    expect(ignorePathProblem('a..b')).toMatch(/missing key/)
  })
})

describe('stateMatcherProblem', () => {
  it('accepts the language; names the path of a bad matcher', () => {
    expect(stateMatcherProblem({ orders: { 'O-1': { status: { regex: '^ret' } } }, refunds: [], items: { unordered: true, items: [{ sku: { anyOf: ['A', [1, 2]] } }] } })).toBeUndefined()
    expect(stateMatcherProblem({ a: [{ b: { regex: '(' } }] })).toMatchObject({ path: ['a', 0, 'b', 'regex'] })
    expect(stateMatcherProblem({ items: { unordered: true, itmes: [] } })).toMatchObject({ path: ['items', 'itmes'] })
    expect(stateMatcherProblem({ items: { unordered: 'yes', items: [] } })).toMatchObject({ path: ['items', 'unordered'] })
    expect(stateMatcherProblem({ items: { unordered: true } })).toMatchObject({ path: ['items', 'items'] })
    expect(stateMatcherProblem({ x: { anyOf: [{ unordered: true, items: [{ range: [2, 1] }] }] } })).toMatchObject({ path: ['x', 'anyOf', 0, 'items', 0, 'range'] })
  })
})

describe('properties', () => {
  // Keys that would make a state, read as a matcher, an operator or a list matcher.
  const reserved = new Set<string>([...operatorKeys, 'unordered'])
  const key = fc.string({ maxLength: 6 }).filter((text) => !reserved.has(text) && text !== '__proto__')
  const leaf = fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true }), fc.boolean(), fc.constant(null))
  const { json, object } = fc.letrec((tie) => ({
    json: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('list'), tie('object')),
    list: fc.array(tie('json'), { maxLength: 4 }),
    object: fc.dictionary(key, tie('json'), { maxKeys: 4 }),
  }))

  it('a state always matches itself, as a matcher and as a literal', () => {
    fc.assert(fc.property(json, (value) => {
      expect(matchState(value, structuredClone(value))).toEqual([])
      expect(matchState({ literal: value }, structuredClone(value))).toEqual([])
    }))
  })

  it('a single changed leaf is reported at exactly its path', () => {
    // A snapshot is an object (a world's state); the leaf is anywhere inside it.
    const withLeaf = object.chain((value) => {
      const leaves = leafPaths(value)
      return leaves.length === 0 ? fc.constant(undefined) : fc.constantFrom(...leaves).map((at) => ({ value, at }))
    }).filter((entry) => entry !== undefined)
    fc.assert(fc.property(withLeaf, ({ value, at }) => {
      const changed = structuredClone(value)
      const old = read(value, at)
      write(changed, at, differentLeaf(old))
      for (const matcher of [value, { literal: value }]) {
        const differences = matchState(matcher, changed)
        expect(differences).toEqual([{ path: statePath(at), expected: JSON.stringify(old), actual: differentLeaf(old) }])
      }
    }))
  })
})

function leafPaths(value: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leafPaths(item, [...at, index]))
  if (typeof value === 'object' && value !== null) return Object.entries(value).flatMap(([key, child]) => leafPaths(child, [...at, key]))
  return [at]
}

function read(value: unknown, at: StateSegments): unknown {
  return at.reduce<unknown>((node, segment) => (node as Record<string | number, unknown>)[segment], value)
}

function write(value: unknown, at: StateSegments, leaf: unknown): void {
  const parent = read(value, at.slice(0, -1)) as Record<string | number, unknown>
  parent[at.at(-1) as string | number] = leaf
}

/** A leaf of another type, so it can never equal the old one. */
function differentLeaf(old: unknown): unknown {
  return typeof old === 'string' ? 1 : typeof old === 'number' ? 'changed' : typeof old === 'boolean' ? !old : 0
}
