import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { compileSchema, schemaProblems, validateWith } from '../../src/schema/ajv.ts'

const schemas: Record<string, JsonSchema> = {
  formats: { type: 'object', properties: { when: { type: 'string', format: 'date-time' }, mail: { type: 'string', format: 'email' }, name: { type: 'string', minLength: 2, maxLength: 5, pattern: '^[a-z]+$' } }, required: ['when'], additionalProperties: false },
  enums: { type: 'object', properties: { unit: { enum: ['c', 'f', { k: 1 }] }, n: { type: 'integer', minimum: 0, exclusiveMaximum: 10, multipleOf: 2 }, tags: { type: 'array', items: { type: 'string' }, uniqueItems: true, maxItems: 3 } } },
  references: { type: 'object', definitions: { city: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } }, properties: { from: { $ref: '#/definitions/city' }, to: { anyOf: [{ $ref: '#/definitions/city' }, { type: 'null' }] } }, required: ['from'] },
  draft2020: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', $defs: { n: { type: 'number' } }, properties: { list: { type: 'array', prefixItems: [{ $ref: '#/$defs/n' }], items: false } }, unevaluatedProperties: false },
}

describe('argument validators from the user cache', () => {
  let home: string
  const saved = process.env.XDG_CACHE_HOME
  beforeAll(() => {
    home = mkdtempSync(join(tmpdir(), 'toolgauge-validators-'))
    process.env.XDG_CACHE_HOME = home
  })
  afterAll(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME
    else process.env.XDG_CACHE_HOME = saved
    rmSync(home, { recursive: true, force: true })
  })

  for (const [name, schema] of Object.entries(schemas)) {
    it(`give exactly the errors of the validator ajv compiles (${name})`, () => {
      expect(schemaProblems(schema)).toEqual([])
      const compiled = compileSchema(schema)
      // An equal schema in another object misses the in-process memo and is read from the cache: ajv's standalone
      // code for the same schema, options and versions.
      const stored = compileSchema(structuredClone(schema))
      expect(stored).not.toBe(compiled)
      const values = fc.oneof(fc.jsonValue(), fc.record({ when: fc.oneof(fc.constant('2026-11-30T10:00:00Z'), fc.string()), name: fc.string(), unit: fc.constantFrom('c', 'x', { k: 1 }), n: fc.integer({ min: -3, max: 12 }), tags: fc.array(fc.constantFrom('a', 'b')), from: fc.oneof(fc.constant({ name: 'Oslo' }), fc.jsonValue()), list: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 2 }) }, { requiredKeys: [] }))
      fc.assert(fc.property(values, (value) => {
        expect(validateWith(stored, value)).toEqual(validateWith(compiled, value))
      }), { numRuns: 300 })
      expect(schemaProblems(structuredClone(schema))).toEqual([])
    })
  }

  it('keep one entry per distinct schema, and still report an invalid schema with its problems', () => {
    const folder = join(home, 'toolgauge', 'validators')
    const before = readdirSync(folder).length
    compileSchema({ ...schemas.formats!, required: ['name'] })
    expect(readdirSync(folder)).toHaveLength(before + 1)
    expect(schemaProblems({ type: 'object', properties: { n: { type: 'integr' } } }).join(' ')).toMatch(/type/)
    expect(readdirSync(folder)).toHaveLength(before + 1)
  })
})
