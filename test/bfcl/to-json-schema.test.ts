import { readdirSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { bfclFunctionToTool, jsonSchemaType, type BfclFunctionDoc } from '../../src/bfcl/to-json-schema.ts'
import { schemaProblems } from '../../src/schema/ajv.ts'
import { hasSharedData, sharedData, sharedTitle } from '../helpers/shared-data.ts'

describe('bfclFunctionToTool', () => {
  const doc: BfclFunctionDoc = {
    name: 'geo.area.triangle',
    description: 'Area of a triangle.',
    parameters: {
      type: 'dict',
      properties: {
        base: { type: 'integer', description: 'Base.' },
        ratio: { type: 'float', description: 'Ratio.', default: 1.0 },
        point: { type: 'tuple', items: { type: 'float' } },
        meta: { type: 'dict', properties: { tag: { type: 'any' } }, required: ['tag'] },
        rows: { type: 'array', items: { type: 'array', items: { type: 'integer' } } },
        people: { type: 'array', items: { type: 'dict', properties: { age: { type: 'integer' } } } },
        mystery: { type: 'weird' },
        untyped: { description: 'no type' },
      },
      required: ['base'],
    },
  }
  const tool = bfclFunctionToTool(doc)

  it('mangles dotted names and appends the Python hint', () => {
    expect(tool.name).toBe('geo_area_triangle')
    expect(tool.description).toBe('Area of a triangle. Note that the provided function is in Python 3 syntax.')
    expect(bfclFunctionToTool(doc, { mangleNames: false, languageHint: false }).name).toBe('geo.area.triangle')
    expect(bfclFunctionToTool(doc, { languageHint: false }).description).toBe('Area of a triangle.')
  })

  it('maps the BFCL type vocabulary recursively', () => {
    const p = tool.parameters as any
    expect(p.type).toBe('object')
    expect(p.required).toEqual(['base'])
    expect(p.properties.base).toEqual({ type: 'integer', description: 'Base.' })
    expect(p.properties.ratio).toEqual({ type: 'number', format: 'float', default: 1.0, description: 'Ratio. This is a float type value.' })
    expect(p.properties.point.type).toBe('array')
    expect(p.properties.point.items).toEqual({ type: 'number' })
    expect(p.properties.meta.type).toBe('object')
    expect(p.properties.meta.properties.tag.type).toBe('string')
    expect(p.properties.rows.items.items.type).toBe('integer')
    expect(p.properties.people.items.properties.age.type).toBe('integer')
    expect(p.properties.mystery.type).toBe('string')
    expect(p.properties.untyped.type).toBe('string')
    expect(schemaProblems(tool.parameters)).toEqual([])
  })

  it('knows the Java and JavaScript type names', () => {
    expect(['long', 'Bigint', 'double', 'HashMap', 'ArrayList', 'char', 'bool', 'Any'].map(jsonSchemaType))
      .toEqual(['integer', 'integer', 'number', 'object', 'array', 'string', 'boolean', 'string'])
  })

  it('survives a doc without parameters', () => {
    const bare = bfclFunctionToTool({ name: 'noop' })
    expect(bare.parameters).toEqual({ type: 'object', properties: {} })
    expect(schemaProblems(bare.parameters)).toEqual([])
  })
})

describe.skipIf(!hasSharedData('bfcl'))(sharedTitle('bfclFunctionToTool on every BFCL doc', 'bfcl'), () => {
  it('produces a valid JSON Schema for every function of every category', () => {
    let count = 0
    const problems: string[] = []
    // BFCL repeats docs across entries; compiling each distinct schema once keeps this test fast.
    const seen = new Set<string>()
    for (const file of readdirSync(sharedData('bfcl')).filter((name) => name.endsWith('.json'))) {
      for (const line of readFileSync(sharedData('bfcl', file), 'utf8').split('\n')) {
        if (!line.trim()) continue
        const entry = JSON.parse(line) as { id: string; function?: BfclFunctionDoc[] }
        for (const fn of entry.function ?? []) {
          count++
          const parameters = bfclFunctionToTool(fn).parameters
          const key = JSON.stringify(parameters)
          if (seen.has(key)) continue
          seen.add(key)
          const found = schemaProblems(parameters)
          if (found.length > 0) problems.push(`${entry.id} ${fn.name}: ${found.join('; ')}`)
        }
      }
    }
    expect(problems).toEqual([])
    expect(count).toBeGreaterThan(5000)
  })
})
