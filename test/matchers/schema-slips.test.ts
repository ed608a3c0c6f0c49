import { describe, expect, it } from 'vitest'
import type { Matcher } from '../../src/core/case.ts'
import type { JsonSchema } from '../../src/core/tool.ts'
import { schemaSlip } from '../../src/matchers/schema-slips.ts'

const slipOf = (args: Record<string, Matcher>, parameters: JsonSchema) => schemaSlip(args, parameters)?.message

// The suite check reads a parameter's schema where the scoring walk reads it: merged from allOf members and $ref
// targets, one anyOf/oneOf branch, an if arm (declared-keys childSchema serves both).
describe('an expectation is checked against the schema of a parameter declared through a combinator (it was not checked at all)', () => {
  const merged: JsonSchema = {
    type: 'object',
    allOf: [{ $ref: '#/$defs/units' }, { properties: { filter: { type: 'object', properties: { kind: {} }, additionalProperties: false }, count: { type: 'integer', maximum: 10 } }, required: ['count'] }],
    $defs: { units: { properties: { unit: { enum: ['celsius', 'fahrenheit'] } } } },
  }

  it('an enum value not in an allOf member\'s (via $ref) enum', () => {
    expect(slipOf({ unit: 'kelvin' }, merged)).toMatch(/"kelvin" can never be a valid value of "unit": expected one of "celsius", "fahrenheit"/)
  })

  it('a misspelled key of a nested object an allOf member declares, with its suggestion', () => {
    expect(slipOf({ filter: { knd: 'cat' } }, merged)).toMatch(/"knd" is not a parameter the schema defines \(did you mean "kind"\?\)/)
  })

  it('a regex on an integer, a range outside its maximum, absent on a key a member requires', () => {
    expect(slipOf({ count: { regex: '^1' } }, merged)).toMatch(/a regex matches strings, but "count" is of type integer/)
    expect(slipOf({ count: { range: [20, 30] } }, merged)).toMatch(/range \[20, 30\] lies outside/)
    expect(slipOf({ count: { absent: true } }, merged)).toMatch(/which the schema requires/)
  })

  it('a value every anyOf branch declaring the key refuses; one branch admitting it is enough', () => {
    const either: JsonSchema = { type: 'object', anyOf: [{ properties: { at: { type: 'integer' } } }, { properties: { at: { type: 'string', format: 'date' } } }] }
    expect(slipOf({ at: true }, either)).toMatch(/true can never be a valid value of "at"/)
    expect(slipOf({ at: 3 }, either)).toBeUndefined()
    expect(slipOf({ at: '2024-01-02' }, either)).toBeUndefined()
  })

  it('a key whose schema is declared directly is checked as before; a free-form value admits anything', () => {
    expect(slipOf({ unit: 'kelvin' }, { type: 'object', properties: { unit: { enum: ['celsius'] } } })).toMatch(/can never be a valid value/)
    expect(slipOf({ unit: 'kelvin' }, { type: 'object', allOf: [{ properties: { unit: {} } }] })).toBeUndefined()
  })
})
