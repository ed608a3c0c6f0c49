// Whatever a model sends to a BFCL environment is answered as BFCL's Python answers it: an error Python raises is
// the call's result string, and nothing else escapes executeCall. Should toolgauge's port itself fail on an entry,
// `bfcl score` says so for that entry and goes on: no verdict against the model, no crash of the whole scoring.
import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { idOrder, loadMultiTurnCategory } from '../../../src/bfcl/multi-turn/data.ts'
import { environmentFactories } from '../../../src/bfcl/multi-turn/environments/index.ts'
import type { EnvironmentFactory } from '../../../src/bfcl/multi-turn/environment.ts'
import { executeCall, methodOwners } from '../../../src/bfcl/multi-turn/execute.ts'
import { NotModelled } from '../../../src/bfcl/multi-turn/not-modelled.ts'
import { createWorld } from '../../../src/bfcl/multi-turn/world.ts'
import { HarnessError } from '../../../src/loop/harness-error.ts'
import { scoreMultiTurnFile } from '../../../src/bfcl/multi-turn/score-file.ts'
import { pyJsonLoads } from '../../../src/bfcl/py/json.ts'
import { hasSharedData, sharedData, sharedTitle } from '../../helpers/shared-data.ts'
import { loadedEnvironment } from './loaded-environment.ts'

const math = () => loadedEnvironment('MathAPI').run

describe("MathAPI.logarithm's precision, as mpmath.mp.dps takes it inside BFCL's except Exception", () => {
  it('int() of a float (2.9 is 2); None or a list is int()\'s TypeError as the error dict; a str is int()\'s — and none of them throws', () => {
    const run = math()
    expect(run('logarithm(value=100,base=10,precision=2.9)')).toBe(run('logarithm(value=100,base=10,precision=2)'))
    expect(run('logarithm(value=100,base=10,precision=None)')).toBe(`{"error": "int() argument must be a string, a bytes-like object or a real number, not 'NoneType'"}`)
    expect(run('logarithm(value=100,base=10,precision=[3])')).toBe(`{"error": "int() argument must be a string, a bytes-like object or a real number, not 'list'"}`)
    // Before: a RangeError (NaN to BigInt) escaped executeCall and stopped `bfcl score`; then a made-up output.
    expect(run("logarithm(value=2,base=10,precision='2024-11-15')")).toBe(`{"error": "invalid literal for int() with base 10: '2024-11-15'"}`)
    expect(run("logarithm(value=100,base=10,precision='2')")).toBe(run('logarithm(value=100,base=10,precision=2)'))
  })

  it('what toolgauge does not model is thrown past executeCall as NotModelled, never answered with a made-up output', () => {
    const run = math()
    expect(() => run('logarithm(value=8,base=2,precision=10001)')).toThrow(NotModelled)
    expect(() => run("logarithm(value='1/2',base=2,precision=5)")).toThrow(/toolgauge does not model MathAPI.logarithm of a str/)
    expect(() => run('square_root(number=2,precision=100000)')).toThrow(NotModelled)
  })
})

describe('the BFCL world of an imported case (toolgauge run)', () => {
  it('a call toolgauge does not model is a HarnessError (the case errors), not a tool answer the model reads', () => {
    const world = createWorld({ bfcl: { involved_classes: ['MathAPI'], initial_config: '{}', long_context: false } }, { caseId: 'multi_turn_base_0' }) as Record<string, (args: unknown) => unknown>
    expect(world.square_root!({ number: 2, precision: 3 })).toBe("{'result': Decimal('1.41')}")
    let thrown: unknown
    try {
      world.logarithm!({ value: 8, base: 2, precision: 20000 })
    } catch (error) {
      thrown = error
    }
    expect(HarnessError.isInstance(thrown)).toBe(true)
    expect((thrown as Error).message).toBe('BFCL MathAPI.logarithm: NotModelled: toolgauge does not model MathAPI.logarithm at more than 10000 digits (precision 20000)')
  })
})

const base = 'bfcl-multi-turn'
describe.skipIf(!hasSharedData(base))(sharedTitle('any call to any environment, from its BFCL initial state', base), () => {
  const lines = () => readFileSync(sharedData(base, 'bfcl', 'BFCL_v4_multi_turn_base.json'), 'utf8').trim().split('\n').map((line) => JSON.parse(line) as { involved_classes: string[]; initial_config: Record<string, unknown> })
  const leaf = fc.oneof(fc.integer({ min: -5, max: 1000 }).map(String), fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map((d) => (Number.isInteger(d) ? `${d}.0` : String(d))),
    fc.constantFrom('None', 'True', 'False', "''", "'a'", "'/'", "'..'", "'2024-11-15'", "'AAPL'", "'constructor'", "'__proto__'", "'SFO'", "'USD'", "'1'"),
    fc.string({ maxLength: 6 }).map((text) => `'${text.replace(/[\\'\n\r]/g, '')}'`))
  const value: fc.Arbitrary<string> = fc.letrec((tie) => ({
    value: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('value'), { maxLength: 3 }).map((items) => `[${items.join(',')}]`),
      fc.array(fc.tuple(fc.constantFrom("'a'", "'id'", '1'), tie('value')), { maxLength: 2 }).map((pairs) => `{${pairs.map(([k, v]) => `${k}:${v}`).join(',')}}`)),
  })).value as fc.Arbitrary<string>

  it('answers with a result string, never a throw (a few calls in a row, positional or by parameter name)', () => {
    const entries = lines().filter((_, index) => index % 8 === 0)
    for (const entry of entries) {
      fc.assert(fc.property(fc.array(fc.tuple(fc.nat(), fc.array(value, { maxLength: 4 }), fc.boolean()), { minLength: 1, maxLength: 4 }), (calls) => {
        const instances = entry.involved_classes.map((name) => {
          const env = environmentFactories[name]!(new Map())
          env.load(pyJsonLoads(JSON.stringify(entry.initial_config[name] ?? {})), false)
          return env
        })
        const owners = methodOwners(instances)
        const names = [...owners.keys()]
        for (const [pick, args, byName] of calls) {
          const name = names[pick % names.length]!
          const params = owners.get(name)!.methods.get(name)!.params
          const text = byName ? args.map((arg, index) => `${params[index]?.name ?? 'extra'}=${arg}`).join(',') : args.join(',')
          // A string, or NotModelled (what toolgauge names rather than answers); nothing else escapes.
          try {
            expect(typeof executeCall(`${name}(${text})`, owners)).toBe('string')
          } catch (error) {
            if (!(error instanceof NotModelled)) throw error
          }
        }
      }), { numRuns: 40, seed: 7 })
    }
  })
})

describe.skipIf(!hasSharedData(base))(sharedTitle('an environment of toolgauge that fails on an entry', base), () => {
  const factories = environmentFactories as Record<string, EnvironmentFactory>
  const original = factories.MathAPI!
  afterEach(() => {
    factories.MathAPI = original
  })

  it('leaves that entry unscored with the error named, scores the others, and throws nothing', () => {
    const entries = loadMultiTurnCategory(sharedData(base, 'bfcl'), 'multi_turn_base')
    const sorted = [...entries.values()].sort((a, b) => idOrder(a.id, b.id))
    const withMath = sorted.find((entry) => entry.involvedClasses.includes('MathAPI'))!
    const without = sorted.find((entry) => !entry.involvedClasses.includes('MathAPI'))!
    // A stand-in for a defect in a port: a JavaScript error, not a Python one.
    factories.MathAPI = () => {
      throw new TypeError("Cannot read properties of undefined (reading 'v')")
    }
    const line = (id: string, turns: number, at: number) => ({ id, line: at, result: Array.from({ length: turns }, () => []) })
    const scored = scoreMultiTurnFile('BFCL_v4_multi_turn_base_result.json', 'multi_turn_base', [line(withMath.id, withMath.groundTruth.length, 1), line(without.id, without.groundTruth.length, 2)], entries, new Map())
    expect(scored.failed).toEqual([{ id: withMath.id, error: "TypeError: Cannot read properties of undefined (reading 'v')" }])
    expect(scored.rows.map((row) => row.id)).toEqual([without.id])
  })

  it('so does a call toolgauge does not model: the entry is unscored with it named, not scored on a made-up output', () => {
    const entries = loadMultiTurnCategory(sharedData(base, 'bfcl'), 'multi_turn_base')
    const sorted = [...entries.values()].sort((a, b) => idOrder(a.id, b.id))
    const withMath = sorted.find((entry) => entry.involvedClasses.includes('MathAPI'))!
    const without = sorted.find((entry) => !entry.involvedClasses.includes('MathAPI'))!
    const turns = (n: number, first: unknown[]) => pyJsonLoads(JSON.stringify(Array.from({ length: n }, (_, turn) => (turn === 0 ? first : []))))
    const lines = [
      { id: withMath.id, line: 1, result: turns(withMath.groundTruth.length, [[{ logarithm: '{"value": 8, "base": 2, "precision": 20000}' }]]) },
      { id: without.id, line: 2, result: turns(without.groundTruth.length, []) },
    ]
    const scored = scoreMultiTurnFile('BFCL_v4_multi_turn_base_result.json', 'multi_turn_base', lines, entries, new Map())
    expect(scored.failed).toEqual([{ id: withMath.id, error: 'NotModelled: toolgauge does not model MathAPI.logarithm at more than 10000 digits (precision 20000)' }])
    expect(scored.rows.map((row) => row.id)).toEqual([without.id])
  })
})
