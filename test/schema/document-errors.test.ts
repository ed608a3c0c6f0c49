import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { validateDocument } from '../../src/schema/validate-document.ts'

const schema: JsonSchema = {
  type: 'object',
  properties: {
    count: { oneOf: [{ type: 'integer' }, { type: 'object', properties: { min: {}, max: {} } }] },
    note: { type: ['string', 'null'] },
    label: { anyOf: [{ type: ['string', 'null'] }, { type: 'boolean' }] },
    shape: {
      oneOf: [
        { type: 'object', additionalProperties: false, required: ['kind', 'radius'], properties: { kind: { const: 'circle' }, radius: { type: 'number' } } },
        { type: 'object', additionalProperties: false, required: ['kind'], properties: { kind: { enum: ['dot', 'none'] } } },
      ],
    },
    allow: { oneOf: [{ const: 'every' }, { type: 'array', items: { type: 'string', pattern: '^[a-z]+$' } }] },
    checks: { anyOf: [{ $ref: '#/definitions/check' }, { type: 'array', items: { $ref: '#/definitions/check' } }] },
  },
  definitions: { check: { type: 'object', required: ['module'], properties: { module: { type: 'string' } } } },
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

// The deepest error won, from whichever branch: `{ kind: circle }` was headed "shape.kind: expected one of "dot",
// "none"", the branch its kind names (missing radius) only an also-line.
describe('an object whose const or enum field names one form is told by that form', () => {
  it('the form the tag names, alone', () => {
    expect(documentError({ shape: { kind: 'circle' } })).toBe('doc.yaml:1: shape.radius: missing required field "radius"')
    expect(documentError({ shape: { kind: 'dot', radius: 2 } })).toBe('doc.yaml:1: shape.radius: unknown field "radius"')
  })
  it('a tag that names no form picks none: each form\'s words are told', () => {
    expect(documentError({ shape: { kind: 'squar' } })).toBe('doc.yaml:1: shape.kind: expected "circle"\n  also: doc.yaml:1: shape.kind: expected one of "dot", "none"\n  also: doc.yaml:1: shape.radius: missing required field "radius"')
  })
})

// One branch's hint won: `allow: evry` got "write ["evry"]", `checks: 3` "write [3]", a value no list item could be.
describe('a list\'s hint only for a value the list could hold, a close word first', () => {
  it('did you mean the word; the forms for a value that is no item; the list for one that is', () => {
    expect(documentError({ allow: 'evry' })).toBe('doc.yaml:1: allow: expected "every" (did you mean "every"?)')
    expect(documentError({ allow: '*' })).toBe('doc.yaml:1: allow: expected one of: "every", or a list')
    expect(documentError({ checks: 3 })).toBe('doc.yaml:1: checks: expected one of: { module: … }, or a list')
    expect(documentError({ allow: 'read' })).toBe('doc.yaml:1: allow: expected array, got the string "read": write ["read"]')
  })
})
