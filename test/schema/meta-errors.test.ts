import { expect, it } from 'vitest'
import { schemaProblems } from '../../src/schema/ajv.ts'

it('a JSON Schema error in a tool names the offending value, one message per place', () => {
  const problems = schemaProblems({ type: 'object', properties: { a: { type: 'strng' }, b: { type: ['string', 'nul'] }, c: { minimum: 'x' } } })
  expect(problems).toEqual([
    '/properties/a: type "strng" is not a JSON Schema type (did you mean "string"?)',
    '/properties/b: type "nul" is not a JSON Schema type (did you mean "null"?)',
    '/properties/c/minimum is "x": must be number',
  ])
})
