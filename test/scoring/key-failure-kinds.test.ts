import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { scoreCall } from '../helpers/cases.ts'

// A key's failure kind follows what the loop's validator (ajv) reported about it: a key the schema forbids in any
// of the ways ajv forbids one is hallucinated_param naming it, a key a dependency requires is missing_required.
const draft2019 = 'https://json-schema.org/draft/2019-09/schema'
const draft2020 = 'https://json-schema.org/draft/2020-12/schema'
const at = (key: string) => `turns[0].calls[0].arguments.${key}`

describe('a key the schema forbids other than by additionalProperties: false is one hallucinated_param (it was schema_violation)', () => {
  it.each<[string, JsonSchema]>([
    ['additionalProperties: { not: {} }', { type: 'object', properties: { city: {} }, additionalProperties: { not: {} } }],
    ['additionalProperties: { not: true }', { type: 'object', properties: { city: {} }, additionalProperties: { not: true } }],
    ['properties: { country: false }', { type: 'object', properties: { city: {}, country: false } }],
    ['properties: { country: { not: {} } }', { type: 'object', properties: { city: {}, country: { not: {} } } }],
    ['patternProperties: { ^co: false }', { type: 'object', properties: { city: {} }, patternProperties: { '^co': false } }],
    ['propertyNames: { enum: [city] }', { type: 'object', properties: { city: {} }, propertyNames: { enum: ['city'] } }],
    ['propertyNames: { pattern: ^ci }', { type: 'object', properties: { city: {} }, propertyNames: { pattern: '^ci' } }],
    ['propertyNames: { maxLength: 4 } (2020-12)', { $schema: draft2020, type: 'object', properties: { city: {} }, propertyNames: { maxLength: 4 } }],
    ['unevaluatedProperties: { not: {} } (2020-12)', { $schema: draft2020, type: 'object', properties: { city: {} }, unevaluatedProperties: { not: {} } }],
  ])('%s', async (_name, parameters) => {
    expect(await scoreCall(parameters, '{"city": "Paris", "country": "FR"}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: at('country') }] })
  })

  it('in a nested object, beside another broken rule, each key once with its own kind', async () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: { place: { type: 'object', properties: { city: { type: 'string' } }, propertyNames: { enum: ['city'] }, additionalProperties: { not: {} } } },
    }
    expect(await scoreCall(parameters, '{"place": {"city": 1, "country": "FR"}}')).toEqual({
      accepted: false,
      failures: [{ kind: 'hallucinated_param', path: at('place.country') }, { kind: 'schema_violation', path: at('place.city') }],
    })
  })

  it('a value rule under additionalProperties or propertyNames stays a schema_violation when the key itself is allowed', async () => {
    expect(await scoreCall({ type: 'object', additionalProperties: { type: 'string' } }, '{"country": 1}')).toEqual({ accepted: false, failures: [{ kind: 'schema_violation', path: at('country') }] })
    expect(await scoreCall({ type: 'object', propertyNames: { pattern: '^co' } }, '{"country": "FR"}')).toEqual({ accepted: true, failures: [] })
  })
})

describe('a key a dependency requires is missing_required naming it (it was schema_violation)', () => {
  it.each<[string, JsonSchema]>([
    ['dependentRequired (2019-09)', { $schema: draft2019, type: 'object', properties: { card: {}, expiry: {} }, dependentRequired: { card: ['expiry'] } }],
    ['dependentRequired (2020-12)', { $schema: draft2020, type: 'object', properties: { card: {}, expiry: {} }, dependentRequired: { card: ['expiry'] } }],
    ['dependencies: { card: [expiry] } (draft-07)', { type: 'object', properties: { card: {}, expiry: {} }, dependencies: { card: ['expiry'] } }],
  ])('%s', async (_name, parameters) => {
    expect(await scoreCall(parameters, '{"card": "4111"}')).toEqual({ accepted: false, failures: [{ kind: 'missing_required', path: at('expiry') }] })
  })

  it('each key a dependency lists, in a nested object', async () => {
    const parameters: JsonSchema = { type: 'object', properties: { pay: { type: 'object', properties: { card: {}, cvv: {} }, dependencies: { card: ['expiry', 'cvv'] } } } }
    expect(await scoreCall(parameters, '{"pay": {"card": "4111", "cvv": "1"}}')).toEqual({ accepted: false, failures: [{ kind: 'missing_required', path: at('pay.expiry') }] })
  })
})

describe('a key the schema names only in required or a dependency is declared, as ajv accepts it (it was hallucinated_param)', () => {
  it.each<[string, JsonSchema, string]>([
    ['required', { type: 'object', properties: { city: {} }, required: ['country'] }, '{"city": "Paris", "country": "FR"}'],
    ['required in an allOf member that lists no properties', { type: 'object', properties: { city: {} }, allOf: [{ required: ['country'] }] }, '{"city": "Paris", "country": "FR"}'],
    ['a key dependentRequired lists (2019-09)', { $schema: draft2019, type: 'object', properties: { card: {} }, dependentRequired: { card: ['expiry'] } }, '{"card": "4111", "expiry": "12/29"}'],
    ['a dependentRequired key (2020-12)', { $schema: draft2020, type: 'object', properties: { expiry: {} }, dependentRequired: { card: ['expiry'] } }, '{"card": "4111", "expiry": "12/29"}'],
    ['a key dependencies lists (draft-07)', { type: 'object', properties: { card: {} }, dependencies: { card: ['expiry'] } }, '{"card": "4111", "expiry": "12/29"}'],
    ['a dependencies key (draft-07)', { type: 'object', properties: { expiry: {} }, dependencies: { card: ['expiry'] } }, '{"card": "4111", "expiry": "12/29"}'],
    ['a key a dependency schema requires (draft-07)', { type: 'object', properties: { card: {} }, dependencies: { card: { required: ['expiry'] } } }, '{"card": "4111", "expiry": "12/29"}'],
    ['a dependentSchemas key (2020-12)', { $schema: draft2020, type: 'object', properties: { expiry: {} }, dependentSchemas: { card: { required: ['expiry'] } } }, '{"card": "4111", "expiry": "12/29"}'],
    ['required, in a nested object', { type: 'object', properties: { place: { type: 'object', properties: { city: {} }, required: ['country'] } } }, '{"place": {"city": "Paris", "country": "FR"}}'],
  ])('%s', async (_name, parameters, args) => {
    expect(await scoreCall(parameters, args)).toEqual({ accepted: true, failures: [] })
  })

  it('a key no keyword names stays hallucinated_param beside one required names', async () => {
    const parameters: JsonSchema = { type: 'object', properties: { city: {} }, required: ['country'] }
    expect(await scoreCall(parameters, '{"city": "Paris", "country": "FR", "zip": "75001"}')).toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: at('zip') }] })
  })

  it('a required key that additionalProperties: false or unevaluatedProperties: false forbids stays hallucinated_param, as ajv refuses it', async () => {
    expect(await scoreCall({ type: 'object', properties: { city: {} }, required: ['country'], additionalProperties: false }, '{"city": "Paris", "country": "FR"}'))
      .toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: at('country') }] })
    expect(await scoreCall({ $schema: draft2020, type: 'object', properties: { city: {} }, required: ['country'], unevaluatedProperties: false }, '{"city": "Paris", "country": "FR"}'))
      .toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: at('country') }] })
  })

  it('draft-07 has no dependentRequired keyword (ajv ignores it): a key only it names stays hallucinated_param', async () => {
    const parameters: JsonSchema = { type: 'object', properties: { card: {} }, dependentRequired: { card: ['expiry'] } }
    expect(await scoreCall(parameters, '{"card": "4111", "expiry": "12/29"}')).toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: at('expiry') }] })
  })
})
