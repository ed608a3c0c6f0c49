import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { compileSchema, metaSchemaErrors, type Draft } from '../../src/schema/ajv.ts'
import { metaValidatorCode } from '../../src/schema/meta-validator-code.ts'

const require = createRequire(import.meta.url)

/** Loads generated CommonJS code the way Node would, with a require that finds ajv's runtime helpers. */
function load(code: string): ((value: unknown) => boolean) & { errors?: unknown; ajvVersion?: string } {
  const module = { exports: {} as never }
  new Function('module', 'exports', 'require', code)(module, module.exports, require)
  return module.exports
}

// Valid schemas and ones the meta-schema rejects in different ways (types, keyword shapes, formats, nested places).
const schemas: Record<string, unknown>[] = [
  { type: 'object', properties: { a: { type: 'string', pattern: '^[A-Z]{3}$' }, b: { type: 'integer', minimum: 1 } }, required: ['a'], additionalProperties: false },
  { type: 'object', properties: { a: { type: 'strng' }, b: { type: ['string', 'nul'] }, c: { minimum: 'x' } } },
  { type: 'object', required: 'a', properties: { list: { type: 'array', items: { enum: 3 }, minItems: -1 } } },
  { $id: 'not a uri reference \u0000', anyOf: [], allOf: [{ type: 'object', properties: 4 }] },
  { $defs: { id: { type: 'string', format: 'uuid' } }, properties: { id: { $ref: '#/$defs/id' } }, dependentRequired: { a: 'b' } },
  { type: 'string', pattern: 5, contentMediaType: 1, $comment: [] },
]

describe("the meta-schema validators compiled at build time", () => {
  for (const draft of ['draft-07', '2019-09', '2020-12'] satisfies Draft[]) {
    it(`give exactly the errors of ajv's own meta-schema check (${draft})`, () => {
      const generated = load(metaValidatorCode(draft))
      for (const schema of schemas) {
        const errors = generated(schema) ? [] : generated.errors
        expect(errors, JSON.stringify(schema)).toEqual(metaSchemaErrors(draft, schema))
      }
      expect(schemas.filter((schema) => metaSchemaErrors(draft, schema).length > 0).length).toBeGreaterThanOrEqual(4)
    })
  }

  it('carry the version of the ajv that made them, so another ajv checks with its own', () => {
    expect(load(metaValidatorCode('draft-07')).ajvVersion).toBe((require('ajv/package.json') as { version: string }).version)
  })

  // The run's ajvs leave the meta-schema check to metaSchemaErrors: compiling an invalid schema still fails as ajv's does.
  it('leave a schema the meta-schema rejects uncompiled, with the message ajv gives', () => {
    expect(() => compileSchema({ type: 'object', properties: { a: { type: 'strng' } } })).toThrow(/^schema is invalid: data\/properties\/a\/type must be equal to one of the allowed values/)
  })
})
