import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { validateDocument } from '../../src/schema/validate-document.ts'

const schema: JsonSchema = {
  type: 'object',
  properties: {
    count: { oneOf: [{ type: 'integer' }, { type: 'object', properties: { min: {}, max: {} } }] },
    note: { type: ['string', 'null'] },
    label: { anyOf: [{ type: ['string', 'null'] }, { type: 'boolean' }] },
  },
}

/** The message validating this value as a one-line document fails with. */
function documentError(value: unknown): string {
  try {
    validateDocument({ file: 'doc.yaml', value, lineOf: () => 1 }, schema)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('valid')
}

// A union's forms read "a integer", a type list "string,null" (ajv's words for ['string', 'null']).
describe('the types a field takes read as words', () => {
  it('an integer, a string or null', () => {
    expect(documentError({ count: 'x' })).toBe('doc.yaml:1: count: expected one of: an integer, or { min: …, max: … }')
    expect(documentError({ note: 3 })).toBe('doc.yaml:1: note: expected string or null')
    expect(documentError({ label: 3 })).toBe('doc.yaml:1: label: expected one of: a string or null, or a boolean')
  })
})
