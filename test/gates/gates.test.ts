import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import { evaluateGates, type GateResult } from '../../src/gates/gates.ts'
import { reevaluateGates } from '../../src/gates/recorded-gates.ts'
import { budgetVerdict } from '../../src/gates/tool-budgets.ts'
import { summarize } from '../../src/report/summarize.ts'
import { exitCodeFor } from '../../src/runner/exit-code.ts'
import { makeResult } from '../stats/make-result.ts'

const outage = { kind: 'provider_error', message: 'HTTP 503 after 3 retries' } as const
/** Model a: 3 of 4 pass; model b: every result errored (nothing to measure). */
const results = [
  ...[0, 1, 2, 3].map((i) => makeResult({ case: `c${i}`, model: 'a', passed: i < 3 })),
  ...[0, 1].map((i) => makeResult({ case: `c${i}`, model: 'b', passed: false, failures: [outage], metrics: { ...makeResult({ case: 'x', passed: true }).metrics, calls: 0 } })),
]

describe('gates', () => {
  it('each verdict keeps the definition it was evaluated from', () => {
    const [general, own] = evaluateGates([{ type: 'min-accuracy', threshold: 0.5, exceptModels: ['b'] }, { type: 'min-accuracy', threshold: 0.9, model: 'b' }], summarize(results))
    expect(general).toEqual({ name: 'min-accuracy', model: 'a', value: 0.75, threshold: 0.5, passed: true, gate: { kind: 'metric', type: 'min-accuracy', threshold: 0.5, exceptModels: ['b'] } })
    expect(own?.gate).toEqual({ kind: 'metric', type: 'min-accuracy', threshold: 0.9, model: 'b' })
    expect(budgetVerdict({ budget: { budget: 'tool', suite: 'store', tool: 'get', threshold: 1000 }, model: 'a', value: 22 })).toEqual({
      name: 'max-tool-tokens', model: 'a', value: 22, threshold: 1000, passed: true, scope: 'suite store, tool get',
      gate: { kind: 'tool-budget', budget: 'tool', suite: 'store', tool: 'get', threshold: 1000 },
    })
  })

  it('a gate that measured nothing is null: min-accuracy fails, an upper bound holds', () => {
    const gates = evaluateGates([
      { type: 'min-accuracy', threshold: 0.5 },
      { type: 'max-hallucinated-tool-rate', threshold: 0 },
      { type: 'max-hallucinated-param-rate', threshold: 0 },
    ], summarize(results)).filter((g) => g.model === 'b')
    expect(gates.map((g) => [g.name, g.value, g.passed])).toEqual([['min-accuracy', null, false], ['max-hallucinated-tool-rate', null, true], ['max-hallucinated-param-rate', null, true]])
    // A budget naming no tool of its suite measured nothing too, and fails: a misspelt name is not within budget.
    expect(budgetVerdict({ budget: { budget: 'tool', suite: 'store', tool: 'gte', threshold: 1000 }, model: 'a', value: null }).passed).toBe(false)
  })

  it('only metric gates take the verdict from the cases: a suite budget alone leaves it to them', () => {
    const budget = budgetVerdict({ budget: { budget: 'total', suite: 'store', threshold: 1000 }, model: 'a', value: 169 })
    const [accuracy] = evaluateGates([{ type: 'min-accuracy', threshold: 0.5 }], summarize(results.slice(0, 4)))
    expect(exitCodeFor(results.slice(0, 4), [budget])).toBe(1)
    expect(exitCodeFor(results.slice(0, 4), [budget, accuracy!])).toBe(0)
  })
})

describe('reevaluateGates (merge)', () => {
  const summary = summarize(results.slice(0, 4))

  it('rebuilds the definitions of reports written before they were stored: a suite budget stays a suite budget', () => {
    const legacy = [
      { name: 'min-accuracy', model: 'a', value: 1, threshold: 0.8, passed: true },
      { name: 'max-tool-tokens', model: 'a', value: 22, threshold: 1000, passed: true, scope: 'suite store, tool get' },
      { name: 'max-tool-tokens', model: 'a', value: 169, threshold: 100, passed: false, scope: 'suite store', detail: 'estimate; largest: put (131)' },
    ]
    const gates = reevaluateGates([{ file: 'old.json', gates: legacy }], summary, [])
    expect(gates.map((g) => [g.name, g.scope, g.value, g.passed, g.gate.kind])).toEqual([
      ['min-accuracy', undefined, 0.75, false, 'metric'],
      ['max-tool-tokens', 'suite store, tool get', 22, true, 'tool-budget'],
      ['max-tool-tokens', 'suite store', 169, false, 'tool-budget'],
    ])
    expect(gates[2]?.detail).toBe('estimate; largest: put (131)')
  })

  it('evaluates each definition once, however many inputs recorded it; a budget measured differently keeps the largest, with a warning', () => {
    const general = evaluateGates([{ type: 'min-accuracy', threshold: 0.5 }], summary)
    const measured = (value: number): GateResult[] => [budgetVerdict({ budget: { budget: 'total', suite: 'store', threshold: 150 }, model: 'a', value })]
    const warnings: string[] = []
    const gates = reevaluateGates([{ file: 'one.json', gates: [...general, ...measured(120)] }, { file: 'two.json', gates: [...general, ...measured(169)] }], summary, warnings)
    expect(gates.map((g) => [g.name, g.value, g.passed])).toEqual([['min-accuracy', 0.75, true], ['max-tool-tokens', 169, false]])
    expect(warnings).toEqual([expect.stringContaining("measured suite store's tool set for a differently (120, 169 tokens")])
  })

  it('a malformed definition is bad input naming the file and field', () => {
    const bad = [{ name: 'min-accuracy', model: 'a', value: 1, threshold: 0.8, passed: true, gate: { kind: 'metric', type: 'min-acuracy', threshold: 0.8 } }]
    expect(() => reevaluateGates([{ file: 'shard.json', gates: bad }], summary, [])).toThrow(InputError)
    expect(() => reevaluateGates([{ file: 'shard.json', gates: bad }], summary, [])).toThrow(/gates\[0\]\.gate\.type/)
  })
})
