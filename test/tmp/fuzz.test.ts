import { readFileSync } from 'node:fs'
import fc from 'fast-check'
import { it } from 'vitest'
import { environmentFactories } from '../../src/bfcl/multi-turn/environments/index.ts'
import { executeCall, methodOwners } from '../../src/bfcl/multi-turn/execute.ts'
import { pyJsonLoads } from '../../src/bfcl/py/json.ts'
import { sharedData } from '../helpers/shared-data.ts'

const entries = readFileSync(sharedData('bfcl-multi-turn/bfcl/BFCL_v4_multi_turn_base.json'), 'utf8').trim().split('\n').map((l) => JSON.parse(l))
const leaf = fc.oneof(fc.integer({ min: -5, max: 1000 }).map(String), fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map((d) => (Number.isInteger(d) ? `${d}.0` : String(d))),
  fc.constantFrom('None', 'True', 'False', "''", "'a'", "'/'", "'..'", "'2024-11-15'", "'AAPL'", "'constructor'", "'__proto__'", "'toString'", "'SFO'", "'USD'", "'ticket'", '-1', '0', "'1'"),
  fc.string({ maxLength: 6 }).map((s) => JSON.stringify(s).replace(/^"|"$/g, "'")))
const value = fc.letrec((tie) => ({ v: fc.oneof({ depthSize: 'small' }, leaf, fc.array(tie('v'), { maxLength: 3 }).map((a) => `[${a.join(',')}]`), fc.array(fc.tuple(fc.constantFrom("'a'", "'id'", '1', "'x'"), tie('v')), { maxLength: 2 }).map((a) => `{${a.map(([k, v]) => `${k}:${v}`).join(',')}}`)) })).v as fc.Arbitrary<string>

it('never throws anything but a Python error', () => {
  const crashes = new Map<string, string>()
  for (const entry of entries) {
    const classes = entry.involved_classes as string[]
    const config = entry.initial_config
    fc.assert(fc.property(fc.array(fc.tuple(fc.nat(), fc.array(value, { maxLength: 4 }), fc.boolean()), { minLength: 1, maxLength: 5 }), (calls) => {
      const instances = classes.map((c) => { const env = environmentFactories[c]!(new Map()); env.load(pyJsonLoads(JSON.stringify(config[c] ?? {})), false); return env })
      const owners = methodOwners(instances)
      const names = [...owners.keys()]
      for (const [pick, args, keywords] of calls) {
      const name = names[pick % names.length]!
      const params = owners.get(name)!.methods.get(name)!.params
      const text = keywords ? args.map((a, i) => `${params[i]?.name ?? 'zz'}=${a}`).join(',') : args.join(',')
      const call = `${name}(${text})`
      try { executeCall(call, owners) } catch (error) { const k = `${name}: ${(error as Error).constructor.name} ${(error as Error).message}`.slice(0, 160); if (!crashes.has(k)) crashes.set(k, call) }
      }
    }), { numRuns: 200, seed: 23 })
  }
  console.log([...crashes].map(([k, c]) => `${k}\n    ${c}`).join('\n'))
})
