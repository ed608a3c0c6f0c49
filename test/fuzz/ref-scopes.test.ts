import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { schemaArbitrary } from '../../src/fuzz/arbitrary.ts'
import { validArguments } from '../../src/fuzz/inputs.ts'
import { validateAgainst } from '../../src/schema/ajv.ts'

// The mapper follows a ref as ajv (the oracle) follows it, through the one resolver scoring uses (local-ref.ts): a
// ref inside an `$id`'d subschema is resolved against that `$id`, not the root. Each schema below has a root-scoped
// decoy of the same name that ajv does not use: generating from it gives values ajv refuses.
const draft2020 = 'https://json-schema.org/draft/2020-12/schema'

const schemas: [string, JsonSchema][] = [
  ['"#/definitions/…" inside an $id\'d subschema points into that subschema', {
    type: 'object',
    required: ['place'],
    properties: { place: { $ref: 'geo.json' } },
    definitions: {
      point: { type: 'integer' },
      geo: { $id: 'geo.json', type: 'object', required: ['at'], properties: { at: { $ref: '#/definitions/point' } }, definitions: { point: { type: 'string', enum: ['north', 'south'] } } },
    },
  }],
  ['a relative "unit.json" is resolved against the $id around it', {
    type: 'object',
    required: ['reading'],
    properties: { reading: { $ref: 'https://example.test/weather/reading.json' } },
    definitions: {
      unit: { $id: 'unit.json', type: 'integer' },
      reading: { $id: 'https://example.test/weather/reading.json', type: 'object', required: ['unit'], properties: { unit: { $ref: 'unit.json' } } },
      weatherUnit: { $id: 'https://example.test/weather/unit.json', enum: ['celsius', 'fahrenheit'] },
    },
  }],
  ['an $anchor of the $id\'d subschema, not the root\'s (2020-12)', {
    $schema: draft2020,
    type: 'object',
    required: ['place', 'count'],
    properties: { place: { $ref: 'geo.json' }, count: { $ref: '#name' } },
    $defs: {
      rootName: { $anchor: 'name', type: 'integer', minimum: 0 },
      geo: { $id: 'geo.json', type: 'object', required: ['name'], properties: { name: { $ref: '#name' } }, $defs: { geoName: { $anchor: 'name', type: 'string', minLength: 2 } } },
    },
  }],
  ['a ref with sibling keywords to a ref inside an $id\'d subschema (the inner ref travels in a merged copy; 2020-12)', {
    $schema: draft2020,
    type: 'object',
    required: ['code'],
    properties: { code: { $ref: 'code.json#/$defs/alias', description: 'the code' } },
    $defs: {
      digits: { type: 'integer' },
      code: { $id: 'code.json', $defs: { digits: { type: 'string', pattern: '^[0-9]{3}$' }, alias: { $ref: '#/$defs/digits', description: 'three digits' } } },
    },
  }],
  ['an $id\'d subschema reached through allOf and anyOf', {
    type: 'object',
    required: ['place'],
    properties: { place: { allOf: [{ $ref: 'geo.json' }], anyOf: [{ required: ['at'] }, { required: ['near'] }] } },
    definitions: {
      point: { type: 'integer' },
      geo: { $id: 'geo.json', type: 'object', properties: { at: { $ref: '#/definitions/point' }, near: { $ref: '#/definitions/point' } }, definitions: { point: { type: 'boolean' } } },
    },
  }],
]

describe('generated arguments validate against what ajv validates when a ref is $id-scoped (the mapper resolved it from the root)', () => {
  it.each(schemas)('%s', (_name, schema) => {
    expect(validateAgainst(schema, {}).length).toBeGreaterThan(0)
    fc.assert(
      fc.property(schemaArbitrary(schema), (value) => {
        const errors = validateAgainst(schema, value)
        if (errors.length > 0) throw new Error(`${JSON.stringify(value)} is invalid: ${JSON.stringify(errors.slice(0, 2))}`)
      }),
      { numRuns: 200, seed: 11 },
    )
  })

  it.each(schemas)('validArguments: %s', (_name, schema) => {
    const samples = fc.sample(validArguments(schema), { numRuns: 100, seed: 12 })
    expect(samples.filter((value) => validateAgainst(schema, value).length > 0)).toEqual([])
  })
})
