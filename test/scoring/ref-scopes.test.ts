import { describe, expect, it } from 'vitest'
import type { JsonSchema } from '../../src/core/tool.ts'
import { scoreCall } from '../helpers/cases.ts'

// The schema walk follows the refs the loop's validator (ajv) follows — $id-scoped refs, anchors, $recursiveRef and
// $dynamicRef — so the keys a call sends are judged by the schema ajv judged them by.
const draft2019 = 'https://json-schema.org/draft/2019-09/schema'
const draft2020 = 'https://json-schema.org/draft/2020-12/schema'
const at = (key: string) => `turns[0].calls[0].arguments.${key}`
const clean = { accepted: true, failures: [] }
const hallucinated = (key: string, accepted = true) => ({ accepted, failures: [{ kind: 'hallucinated_param', path: at(key) }] })

describe('a ref is resolved against the $id around it, and anchors are found (it reported keys of calls ajv accepted)', () => {
  it('"other.json#/definitions/x" reaches the subschema whose $id is other.json', async () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: { place: { $ref: 'other.json#/definitions/city', properties: { note: {} } } },
      definitions: { other: { $id: 'other.json', definitions: { city: { properties: { name: { type: 'string' } } } } } },
    }
    expect(await scoreCall(parameters, '{"place": {"name": "Lyon", "note": "x"}}')).toEqual(clean)
    expect(await scoreCall(parameters, '{"place": {"name": "Lyon", "zip": "69001"}}')).toEqual(hallucinated('place.zip'))
  })

  it('"#/definitions/…" inside an $id\'d subschema points into that subschema, not the root', async () => {
    const parameters: JsonSchema = {
      type: 'object',
      properties: { place: { $ref: 'geo.json' } },
      definitions: {
        point: { properties: { x: {} } },
        geo: { $id: 'geo.json', type: 'object', properties: { at: { $ref: '#/definitions/point' } }, definitions: { point: { properties: { lat: {}, lon: {} } } } },
      },
    }
    expect(await scoreCall(parameters, '{"place": {"at": {"lat": 1, "lon": 2}}}')).toEqual(clean)
    expect(await scoreCall(parameters, '{"place": {"at": {"x": 1}}}')).toEqual(hallucinated('place.at.x'))
  })

  it.each<[string, JsonSchema]>([
    ['$anchor (2020-12)', { $schema: draft2020, type: 'object', properties: { place: { $ref: '#city' } }, $defs: { city: { $anchor: 'city', properties: { name: {} } } } }],
    ['$anchor in an $id\'d subschema ("geo.json#city")', { $schema: draft2020, type: 'object', properties: { place: { $ref: 'geo.json#city' } }, $defs: { geo: { $id: 'geo.json', $defs: { city: { $anchor: 'city', properties: { name: {} } } } } } }],
    ['draft-07 $id: "#city"', { type: 'object', properties: { place: { $ref: '#city' } }, definitions: { city: { $id: '#city', properties: { name: {} } } } }],
  ])('an anchor: %s', async (_name, parameters) => {
    expect(await scoreCall(parameters, '{"place": {"name": "Lyon"}}')).toEqual(clean)
    expect(await scoreCall(parameters, '{"place": {"name": "Lyon", "zip": "69001"}}')).toEqual(hallucinated('place.zip'))
  })
})

describe('$recursiveRef and $dynamicRef lead where ajv leads them (it reported keys of calls ajv accepted, and missed others)', () => {
  it('2019-09 $recursiveRef: "#" with $recursiveAnchor at the root: each child is judged by the root', async () => {
    const parameters: JsonSchema = {
      $schema: draft2019,
      $recursiveAnchor: true,
      type: 'object',
      properties: { name: { type: 'string' }, kids: { type: 'array', items: { $recursiveRef: '#', unevaluatedProperties: false } } },
    }
    expect(await scoreCall(parameters, '{"name": "a", "kids": [{"name": "b", "kids": [{"name": "c"}]}]}')).toEqual(clean)
    expect(await scoreCall(parameters, '{"name": "a", "kids": [{"name": "b", "color": "red"}]}')).toEqual(hallucinated('kids[0].color', false))
  })

  it('2020-12 $dynamicRef: "#node" with $dynamicAnchor at the root, beside properties of its own', async () => {
    const parameters: JsonSchema = {
      $schema: draft2020,
      $dynamicAnchor: 'node',
      type: 'object',
      properties: { name: { type: 'string' }, kids: { type: 'array', items: { $dynamicRef: '#node', properties: { weight: {} } } } },
    }
    expect(await scoreCall(parameters, '{"name": "a", "kids": [{"name": "b", "weight": 2}]}')).toEqual(clean)
    expect(await scoreCall(parameters, '{"name": "a", "kids": [{"name": "b", "color": "red"}]}')).toEqual(hallucinated('kids[0].color'))
  })

  it('in a $defs entry behind a $ref, with its anchor or none: the entry (ajv runs the ref in the entry\'s function)', async () => {
    const tree = (anchor: Record<string, unknown>, ref: Record<string, unknown>, draft: string): JsonSchema => ({
      $schema: draft,
      type: 'object',
      properties: { tree: { $ref: '#/$defs/node' } },
      $defs: { node: { ...anchor, type: 'object', properties: { name: {}, kids: { type: 'array', items: { ...ref, properties: { weight: {} } } } } } },
    })
    for (const parameters of [tree({ $dynamicAnchor: 'node' }, { $dynamicRef: '#node' }, draft2020), tree({}, { $recursiveRef: '#' }, draft2019), tree({ $recursiveAnchor: true }, { $recursiveRef: '#' }, draft2019)]) {
      expect(await scoreCall(parameters, '{"tree": {"name": "a", "kids": [{"name": "b", "weight": 1}]}}')).toEqual(clean)
      expect(await scoreCall(parameters, '{"tree": {"name": "a", "kids": [{"name": "b", "color": "red"}]}}')).toEqual(hallucinated('tree.kids[0].color'))
    }
  })

  it('where the schema alone does not say which schema ajv runs, the ref is not followed and no key is reported for it', async () => {
    // The anchor sits in a $defs entry no $ref reaches: ajv runs the root for it; the walk does not guess.
    const parameters: JsonSchema = { $schema: draft2020, type: 'object', properties: { tree: { $dynamicRef: '#node' } }, $defs: { node: { $dynamicAnchor: 'node', properties: { name: {} } } } }
    expect(await scoreCall(parameters, '{"tree": {"anything": 1}}')).toEqual(clean)
  })

  it('draft-07 has neither keyword: a sibling of $recursiveRef is read alone, as ajv reads it', async () => {
    const parameters: JsonSchema = { type: 'object', properties: { name: {}, kid: { $recursiveRef: '#', properties: { weight: {} } } } }
    expect(await scoreCall(parameters, '{"kid": {"weight": 1, "name": "b"}}')).toEqual(hallucinated('kid.name'))
  })
})
