import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { schemaArbitrary } from '../../src/fuzz/arbitrary.ts'
import { invalidArguments, oracleAccepts, pickMutant, validArguments, wireMutants } from '../../src/fuzz/inputs.ts'
import { mutationFamilies, valueMutations } from '../../src/fuzz/value-mutations.ts'
import { schemaMutations } from '../../src/fuzz/schema-mutations.ts'
import { leafCount, truncateValue } from '../../src/fuzz/truncate.ts'
import { pythonLiteral, strictParse, wireKinds, wireMutation } from '../../src/fuzz/wire-mutations.ts'
import { corpus } from './corpus.ts'

const weather = corpus[0]!.parameters
const sample = { city: 'Paris', days: 5, units: 'metric', date: '2024-05-01', include_hourly: true }

describe('value mutations', () => {
  it('are tied to the failure modes and found on a realistic sample', () => {
    const byKind = new Map(valueMutations(weather, sample).map((candidate) => [`${candidate.kind} ${candidate.path.join('/')}`, candidate.apply()]))
    expect(byKind.get('numeric-string days')).toEqual({ ...sample, days: '5' })
    expect(byKind.get('enum-case units')).toEqual({ ...sample, units: 'METRIC' })
    expect(byKind.get('format-date-violation date')).toEqual({ ...sample, date: '2024-13-01' })
    expect(byKind.get('above-maximum days')).toEqual({ ...sample, days: 15 })
    expect(byKind.get('bool-as-string include_hourly')).toEqual({ ...sample, include_hourly: 'true' })
    expect(byKind.get('null-required city')).toEqual({ ...sample, city: null })
    expect(Object.keys(byKind.get('camelCase-key include_hourly') as object)).toContain('includeHourly')
    expect(byKind.get('extra-property description')).toEqual({ ...sample, description: 'hallucinated' })
    expect(byKind.get('arguments-as-json-string ')).toBe(JSON.stringify(sample))
    const dropped = byKind.get('drop-required units') as Record<string, unknown>
    expect('units' in dropped).toBe(false)
  })

  it('never change the sample they start from', () => {
    const copy = structuredClone(sample)
    for (const candidate of valueMutations(weather, sample)) candidate.apply()
    expect(sample).toEqual(copy)
  })

  it('every picked mutant is rejected by the strict oracle, on every corpus schema', () => {
    for (const tool of corpus) {
      fc.assert(
        fc.property(schemaArbitrary(tool.parameters), fc.nat({ max: mutationFamilies.length - 1 }), fc.nat(), (value, family, site) => {
          const mutant = pickMutant(tool.parameters, value, family, site)
          if (mutant) expect(oracleAccepts(tool.parameters, mutant.value)).toBe(false)
        }),
        { numRuns: 200, seed: 11 },
      )
    }
  })

  it('falls back to the next family when the picked one does not apply', () => {
    // The weather schema has no pattern: asking for pattern-violation still yields an invalid mutant.
    const mutant = pickMutant(weather, sample, mutationFamilies.indexOf('pattern-violation'), 0)
    expect(mutant).toBeDefined()
    expect(oracleAccepts(weather, mutant!.value)).toBe(false)
  })

  it('a null for an optional nullable property is not kept as a mutant', () => {
    const schema = { type: 'object', properties: { note: { type: ['string', 'null'] } }, additionalProperties: false }
    const mutant = pickMutant(schema, { note: 'x' }, mutationFamilies.indexOf('null-for-optional'), 0)
    expect(mutant?.kind).not.toBe('null-for-optional')
  })
})

describe('schema mutations', () => {
  it('negate constraints, change types and remove required properties at property sites', () => {
    const mutations = schemaMutations(weather)
    const labels = mutations.map((mutation) => `${mutation.kind} ${mutation.path} ${mutation.detail}`)
    expect(labels).toContain('negate-constraint /days minimum')
    expect(labels).toContain('negate-constraint /date format')
    expect(labels).toContain('change-type /city integer')
    expect(labels).not.toContain('change-type /days number')
    expect(labels).toContain('remove-required-property /units units')
    const negated = mutations.find((mutation) => mutation.detail === 'minimum')!.schema as { properties: Record<string, unknown> }
    expect(negated.properties.days).toEqual({ type: 'integer', maximum: 14, exclusiveMaximum: 1 })
    const notEnum = mutations.find((mutation) => mutation.detail === 'enum')!.schema as { properties: Record<string, unknown> }
    expect(notEnum.properties.units).toEqual({ type: 'string', default: 'metric', not: { enum: ['metric', 'imperial'] } })
  })

  it('values generated from negative schemas and kept are all invalid', () => {
    for (const tool of corpus) {
      fc.assert(
        fc.property(invalidArguments(tool.parameters, validArguments(tool.parameters)), (mutant) => {
          if (mutant) expect(oracleAccepts(tool.parameters, mutant.value)).toBe(false)
        }),
        { numRuns: 150, seed: 5 },
      )
    }
  })

  it('the invalid-input arbitrary mixes value and schema mutants', () => {
    const kinds = fc.sample(invalidArguments(weather, validArguments(weather)), { numRuns: 400, seed: 2 }).map((mutant) => mutant?.kind ?? '')
    expect(kinds.some((kind) => kind.startsWith('schema:'))).toBe(true)
    expect(kinds.some((kind) => !kind.startsWith('schema:') && kind !== '')).toBe(true)
  })
})

describe('raw-wire mutations', () => {
  const args = { city: 'Paris', days: 5 }

  it('render each failure mode', () => {
    const raw = (kind: (typeof wireKinds)[number], at = 0): string => wireMutation(args, kind, at).raw
    expect(JSON.parse(JSON.parse(raw('double-encoded')))).toEqual(args)
    expect(raw('trailing-comma')).toBe('{"city":"Paris","days":5,}')
    expect(raw('markdown-fence')).toBe('```json\n{"city":"Paris","days":5}\n```')
    expect(raw('python-literal')).toBe("{'city': 'Paris', 'days': 5}")
    expect(raw('truncated', 9)).toBe('{"city":"')
    expect(raw('empty-string')).toBe('')
    expect(raw('duplicate-key')).toBe('{"city":"__duplicate__","city":"Paris","days":5}')
    expect(raw('bom').charCodeAt(0)).toBe(0xfeff)
    expect(pythonLiteral({ ok: true, none: null, text: "it's" })).toBe("{'ok': True, 'none': None, 'text': 'it\\'s'}")
  })

  it('strict parsing rejects every kind, duplicate keys included (JSON.parse would not)', () => {
    for (const kind of wireKinds.filter((kind) => kind !== 'proto-key' && kind !== 'double-encoded')) {
      expect(strictParse(wireMutation(args, kind, 3).raw).ok, kind).toBe(false)
    }
    expect(JSON.parse(wireMutation(args, 'duplicate-key', 0).raw)).toEqual(args)
  })

  it('kept wire mutants are invalid: strict parsing fails or the oracle rejects the parsed value', () => {
    const mutants = fc.sample(wireMutants(weather, validArguments(weather)), { numRuns: 300, seed: 9 })
    for (const mutant of mutants) {
      if (!mutant) continue
      const parsed = strictParse(mutant.raw)
      expect(parsed.ok && oracleAccepts(weather, parsed.value)).toBe(false)
    }
    expect(new Set(mutants.map((mutant) => mutant?.kind)).size).toBeGreaterThan(8)
  })
})

describe('structural truncation', () => {
  const value = { city: 'Paris', tags: ['a', 'b'], nested: { x: 1 } }

  it('keeps the first leaves in serialisation order and cuts a string in the middle', () => {
    expect(leafCount(value)).toBe(4)
    expect(truncateValue(value, 0, 0)).toEqual({})
    expect(truncateValue(value, 1, 2)).toEqual({ city: 'Pa' })
    expect(truncateValue(value, 2, 9)).toEqual({ city: 'Paris', tags: ['a'] })
    expect(truncateValue(value, 3, 9)).toEqual({ city: 'Paris', tags: ['a', 'b'] })
  })
})
