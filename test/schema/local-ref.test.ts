import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { compileSchema } from '../../src/schema/ajv.ts'
import { refTarget } from '../../src/schema/local-ref.ts'

// Each definition accepts a different set of the sample values, so which one a ref reaches shows in what it accepts.
const samples: readonly unknown[] = ['s', 1, 1.5, true, null, [], {}]
const root: JsonSchema = {
  $defs: {
    'a b': { type: 'string' },
    'a/b': { type: 'integer' },
    'a~b': { type: 'boolean' },
    'é': { type: 'null' },
    A: { type: 'object' },
    '%41': { type: 'array' },
    never: false,
    always: true,
    list: [{ type: 'number' }],
  },
  allOf: [{ type: ['object', 'string'] }],
  properties: { to: { anyOf: [{ type: 'string' }, { type: ['integer', 'null'] }] } },
  prefixItems: [{ type: ['array', 'boolean'] }],
}
const accepted = (schema: unknown): string => {
  const validate = compileSchema({ ...root, properties: { ...(root.properties as object), x: schema as JsonSchema } } as JsonSchema)
  return samples.map((sample) => (validate({ x: sample }) ? 'Y' : '.')).join('')
}

describe('refTarget follows a local $ref where ajv (the loop\'s validator) follows it', () => {
  const refs = [
    '#/$defs/a%20b', '#/$defs/a b', '#/$defs/a~1b', '#/$defs/a%2Fb', '#/$defs/a%7E1b', '#/$defs/a~0b', '#/$defs/%C3%A9', '#/$defs/é',
    '#/$defs/%41', '#/$defs/%2541', '#/$defs/never', '#/$defs/always', '#/$defs/list/0', '#/allOf/0', '#/properties/to/anyOf/1', '#/prefixItems/0',
  ]
  it.each(refs)('%s', (ref) => {
    const target = refTarget(ref, root)
    expect(target).toBeDefined()
    expect(accepted(target)).toBe(accepted({ $ref: ref }))
  })

  it('finds nothing where the pointer leads nowhere, through a boolean, or out of the document', () => {
    for (const ref of ['#/$defs/missing', '#/$defs/never/type', '#/$defs/list/1', '#/$defs/a%zz', 'other.json#/$defs/A', '#anchor', 'https://example.com/schema']) {
      expect(refTarget(ref, root)).toBeUndefined()
    }
    expect(refTarget('#', root)).toBe(root)
  })

})

describe('refTarget resolves a ref against the $id around the schema holding it, as ajv does', () => {
  const inner: JsonSchema = { $id: 'geo.json', $ref: '#', $defs: { point: { $anchor: 'pt', type: 'number' } } }
  const holder: JsonSchema = { $ref: '#/$defs/point' }
  const doc: JsonSchema = { $defs: { geo: inner, point: { type: 'string' }, use: { allOf: [holder] } } }

  it('"#" and "#/…" inside an $id\'d subschema stay in it; from the root they read the root; anchors and ids are found anywhere', () => {
    expect(refTarget('#', doc, inner)).toBe(inner)
    expect(refTarget('#/$defs/point', doc, holder)).toEqual({ type: 'string' })
    expect(refTarget('#/$defs/point', doc, inner)).toEqual({ $anchor: 'pt', type: 'number' })
    expect(refTarget('geo.json#pt', doc)).toEqual({ $anchor: 'pt', type: 'number' })
    expect(refTarget('geo.json', doc)).toBe(inner)
    expect(refTarget('#pt', doc)).toBeUndefined()
  })
})
