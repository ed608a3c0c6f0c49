import { join } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { InputError } from '../../src/core/errors.ts'
import type { JsonSchema, ToolDefinition } from '../../src/core/tool.ts'
import { compilableSchema, createAjv } from '../../src/schema/ajv.ts'
import { undeclaredKeys } from '../../src/scoring/undeclared-keys.ts'
import { loadSuite } from '../../src/suite/load-suite.ts'
import { tempFiles } from '../helpers/cli.ts'
import { kinds, makeCase, runScripted, scoreCall, turn } from '../helpers/cases.ts'

const closed = (properties: Record<string, JsonSchema> = {}): JsonSchema => ({ type: 'object', properties, additionalProperties: false })
const draft2020 = 'https://json-schema.org/draft/2020-12/schema'

describe('keys the schema forbids are hallucinated parameters wherever it forbids them', () => {
  it('a zero-argument tool { type: object, additionalProperties: false } takes no key at all', () => {
    expect(undeclaredKeys({ type: 'object', additionalProperties: false }, { verbose: true })).toEqual(['verbose'])
    // Without additionalProperties: false an object that lists no properties stays free-form.
    expect(undeclaredKeys({ type: 'object' }, { verbose: true })).toEqual([])
    expect(undeclaredKeys({ type: 'object', additionalProperties: false, patternProperties: { '^x-': {} } }, { 'x-trace': 1, other: 2 })).toEqual(['other'])
  })

  it('in nested objects, with or without properties', () => {
    const schema = closed({ filter: { type: 'object', additionalProperties: false }, page: closed({ size: { type: 'integer' } }) })
    expect(undeclaredKeys(schema, { filter: { any: 1 }, page: { size: 2, cursor: 'x' } })).toEqual(['filter.any', 'page.cursor'])
  })

  it('inside items and prefixItems / draft-07 items tuples', () => {
    expect(undeclaredKeys(closed({ rows: { type: 'array', items: { type: 'object', additionalProperties: false } } }), { rows: [{}, { id: 1 }] })).toEqual(['rows[1].id'])
    const tuple2020: JsonSchema = { $schema: draft2020, ...closed({ pair: { type: 'array', prefixItems: [closed({ a: {} }), { type: 'object', additionalProperties: false }], items: closed({ c: {} }) } }) }
    expect(undeclaredKeys(tuple2020, { pair: [{ a: 1, z: 1 }, { y: 2 }, { c: 3, w: 4 }] })).toEqual(['pair[0].z', 'pair[1].y', 'pair[2].w'])
    const tuple07 = closed({ pair: { type: 'array', items: [closed({ a: {} })], additionalItems: { type: 'object', additionalProperties: false } } })
    expect(undeclaredKeys(tuple07, { pair: [{ a: 1, z: 1 }, { y: 2 }] })).toEqual(['pair[0].z', 'pair[1].y'])
  })

  it('under allOf, anyOf and $ref', () => {
    // allOf: every member applies, so a key one member forbids is forbidden, even if another names it.
    expect(undeclaredKeys({ allOf: [{ type: 'object', additionalProperties: false, properties: { a: {} } }, { properties: { b: {} } }] }, { a: 1, b: 2 })).toEqual(['b'])
    // anyOf: judged by the branch the arguments fit best.
    const either: JsonSchema = { anyOf: [closed({ city: {} }), closed({ lat: {}, lon: {} })] }
    expect(undeclaredKeys(either, { lat: 1, lon: 2 })).toEqual([])
    expect(undeclaredKeys(either, { city: 'Paris', country: 'FR' })).toEqual(['country'])
    // At a tie the deeper reading wins: the branch declaring `filter` explains more of the arguments (found by fast-check).
    const nested: JsonSchema = { anyOf: [{ type: 'object', additionalProperties: false }, { properties: { filter: closed() } }] }
    expect(undeclaredKeys(nested, { filter: { kind: 'cat' } })).toEqual(['filter.kind'])
    // $ref, with siblings beside it (they apply too, as in ajv) and recursive definitions.
    const tree: JsonSchema = { $defs: { node: closed({ name: {}, children: { type: 'array', items: { $ref: '#/$defs/node' } } }) }, $ref: '#/$defs/node' }
    expect(undeclaredKeys(tree, { name: 'a', children: [{ name: 'b', children: [{ name: 'c', color: 'red' }] }] })).toEqual(['children[0].children[0].color'])
    expect(undeclaredKeys({ $defs: { args: closed({ a: {} }) }, $ref: '#/$defs/args' }, { a: 1, b: 2 })).toEqual(['b'])
    // The sibling's additionalProperties: false sees only its own properties (as ajv does): b, named by the target, is forbidden.
    expect(undeclaredKeys({ $defs: { base: { properties: { a: {}, b: {} } } }, $ref: '#/$defs/base', properties: { a: {} }, additionalProperties: false }, { a: 1, b: 2 })).toEqual(['b'])
  })

  it('a key one allOf member forbids is still judged by the schema another member gives it, as ajv judges it (found by fast-check, seed -372689444)', () => {
    // ajv rejects `b` (the first member takes no key) and `b.a` (the second member's `b` is closed); both are reported.
    const parameters: JsonSchema = { $schema: draft2020, allOf: [{ type: 'object', additionalProperties: false }, { type: 'object', properties: { b: { allOf: [{ type: 'object', additionalProperties: false }, { type: 'object' }] } } }] }
    expect(undeclaredKeys(parameters, { b: { a: 0 } })).toEqual(['b', 'b.a'])
    // A forbidden key no member gives a schema to has nothing below it to judge.
    expect(undeclaredKeys({ type: 'object', additionalProperties: false }, { b: { a: 0 } })).toEqual(['b'])
  })

  it('a call the loop rejects for a forbidden key fails the case with hallucinated_param (it passed with 100% accuracy)', async () => {
    const tools: ToolDefinition[] = [{ name: 'list_pets', parameters: { type: 'object', additionalProperties: false } }]
    const { transcript, score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'list_pets' }] } }), [turn('', ['list_pets', '{"limit": 5}']), turn('Here are the pets.')])
    expect(transcript.turns[0]?.toolResults[0]?.source).toBe('rejected')
    expect(kinds(score)).toEqual(['hallucinated_param'])
    expect(score.passed).toBe(false)
  })
})

// Random schemas built from objects (open, closed or free-form), arrays (items, prefixItems), allOf, anyOf and a
// $ref to one definition; random argument values over a few keys.
const keys = ['a', 'b', 'c', 'x'] as const
const leaf = fc.constantFrom<JsonSchema>({}, { type: 'string' }, { type: 'integer' })
const { schema } = fc.letrec<{ schema: JsonSchema; object: JsonSchema; array: JsonSchema }>((tie) => ({
  schema: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('object'), tie('array'), fc.constant({ $ref: '#/$defs/d' }),
    fc.record({ allOf: fc.array(tie('object'), { minLength: 1, maxLength: 2 }) }), fc.record({ anyOf: fc.array(tie('object'), { minLength: 1, maxLength: 2 }) })),
  object: fc.record({
    type: fc.constant('object'),
    properties: fc.option(fc.dictionary(fc.constantFrom('a', 'b', 'c'), tie('schema'), { maxKeys: 3 }), { nil: undefined }),
    additionalProperties: fc.constantFrom(undefined, false, true),
  }, { requiredKeys: ['type'] }),
  array: fc.oneof(
    fc.record({ type: fc.constant('array'), items: tie('schema') }),
    fc.record({ type: fc.constant('array'), prefixItems: fc.array(tie('schema'), { minLength: 1, maxLength: 2 }), items: fc.oneof(tie('schema'), fc.constant(false)) }),
  ),
}))
const definition = fc.record({ type: fc.constant('object'), properties: fc.dictionary(fc.constantFrom('a', 'b'), leaf, { maxKeys: 2 }), additionalProperties: fc.constantFrom(undefined, false) })
const { value } = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, fc.string({ maxLength: 2 }), fc.integer(), fc.array(tie('value'), { maxLength: 3 }), fc.dictionary(fc.constantFrom(...keys), tie('value'), { maxKeys: 3 })),
}))
const tool = fc.record({ top: fc.oneof(schema.filter((candidate) => candidate.type === 'object' || 'allOf' in candidate || 'anyOf' in candidate), schema), d: definition })
  .map(({ top, d }): JsonSchema => ({ $schema: draft2020, ...top, $defs: { d } }))
// The same schemas as draft-07 tools (no $schema), as most tools come.
const draft07Tool = tool.map(({ $schema: _draft, ...rest }): JsonSchema => rest)
const ajv = createAjv('2020-12')
const ajv07 = createAjv('draft-07')
const pathOf = (pointer: string, key: string) => `${pointer.split('/').slice(1).map((part) => /^\d+$/.test(part) ? `[${part}]` : `.${part}`).join('')}.${key}`.replace(/^\./, '')

describe('undeclaredKeys agrees with the loop\'s strict validator (fast-check)', () => {
  // Draft-07 tools are read as the loop reads them: there prefixItems is no keyword and `items` applies to every item.
  it.each([['2020-12', tool, ajv], ['draft-07', draft07Tool, ajv07]] as const)('without anyOf, every key ajv rejects under additionalProperties: false is a hallucinated parameter (%s)', (_draft, tools, validator) => {
    fc.assert(fc.property(tools.filter((parameters) => !JSON.stringify(parameters).includes('anyOf')), value, (parameters, args) => {
      const validate = validator.compile(compilableSchema(parameters))
      if (validate(args)) return
      const found = undeclaredKeys(parameters, args)
      for (const error of validate.errors ?? []) {
        if (error.keyword === 'additionalProperties') expect(found).toContain(pathOf(error.instancePath, String(error.params.additionalProperty)))
      }
    }), { numRuns: 250 })
  })

  it('with anyOf too: when ajv rejects the arguments for keys alone, some key is a hallucinated parameter', () => {
    fc.assert(fc.property(tool, value, (parameters, args) => {
      const validate = ajv.compile(compilableSchema(parameters))
      if (validate(args) || !(validate.errors ?? []).every((error) => error.keyword === 'additionalProperties')) return
      expect(undeclaredKeys(parameters, args)).not.toEqual([])
    }), { numRuns: 250 })
  })

  it('every path reported names a key the arguments hold', () => {
    fc.assert(fc.property(tool, value, (parameters, args) => {
      for (const path of undeclaredKeys(parameters, args)) {
        const parts = path.split(/\.|\[(\d+)\]/).filter((part) => part !== undefined && part !== '')
        let current: unknown = args
        for (const part of parts) {
          expect(typeof current === 'object' && current !== null && Object.hasOwn(current, part)).toBe(true)
          current = (current as Record<string, unknown>)[part]
        }
      }
    }), { numRuns: 200 })
  })
})

describe('a call the loop refused is never scored clean', () => {
  it('a key rejected under a rule the schema walk cannot decide (a dependentSchemas entry that applies) is still hallucinated_param', async () => {
    const parameters: JsonSchema = {
      $schema: draft2020,
      type: 'object',
      properties: { query: { type: 'string' }, page: { type: 'integer' } },
      dependentSchemas: { query: { properties: { query: {} }, additionalProperties: false } },
    }
    const tools: ToolDefinition[] = [{ name: 'search', parameters }]
    const { transcript, score } = await runScripted(makeCase({ tools, expect: { calls: [{ name: 'search' }] } }), [turn('', ['search', '{"query": "cats", "page": 2}']), turn('Found cats.')])
    expect(transcript.turns[0]?.toolResults[0]?.source).toBe('rejected')
    expect(score.failures).toEqual([expect.objectContaining({ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.page$/) })])
  })
})

describe('the suite check uses the same rule', () => {
  /** Loading a suite whose one case expects `args` (YAML flow text) of a tool with these parameters: the error, if any. */
  async function loadError(parameters: string, args: string): Promise<unknown> {
    const dir = tempFiles({
      'suite.yaml': [
        'name: pets',
        `tools: [{ name: list_pets, parameters: ${parameters} }]`,
        `cases: [{ id: a, prompt: hi, expect: { calls: [{ name: list_pets, args: ${args} }] } }]`,
      ].join('\n'),
    })
    return loadSuite(join(dir, 'suite.yaml')).then(() => undefined, (thrown: unknown) => thrown)
  }

  it('an expectation naming a key a zero-argument tool forbids stops the load, before any model call', async () => {
    const error = await loadError('{ type: object, additionalProperties: false }', '{ limit: 5 }')
    expect(InputError.isInstance(error)).toBe(true)
    expect((error as Error).message).toContain('"limit" is not a parameter the schema defines')
  })

  it('so does one an allOf member forbids; a key one anyOf branch declares is fine', async () => {
    const error = await loadError('{ allOf: [{ type: object, properties: { kind: {} }, additionalProperties: false }] }', '{ kind: cat, limt: 5 }')
    expect((error as Error).message).toContain('"limt" is not a parameter the schema defines (defined: kind)')
    expect(await loadError('{ anyOf: [{ properties: { kind: {} }, additionalProperties: false }, { properties: { limit: {} }, additionalProperties: false }] }', '{ limit: 5 }')).toBeUndefined()
  })

  it('a key only an if/then arm or a dependency schema declares is fine (the load refused it as undefined)', async () => {
    const parameters = '{ type: object, properties: { kind: {} }, if: { properties: { kind: { const: box } } }, then: { properties: { size: {} } }, dependencies: { kind: { properties: { note: {} } } } }'
    expect(await loadError(parameters, '{ kind: box, size: 3, note: hi }')).toBeUndefined()
    expect((await loadError(parameters, '{ kind: box, sise: 3 }') as Error).message).toContain('"sise" is not a parameter the schema defines')
  })
})

describe('a $ref is read where the loop\'s validator (ajv) reads it', () => {

  it('a %-escaped $ref (#/$defs/geo%20point) reaches its definition: a call ajv accepts is not hallucinated_param (it reported lat and lon)', async () => {
    const parameters: JsonSchema = {
      $schema: draft2020,
      type: 'object',
      $defs: { 'geo point': { properties: { lat: { type: 'number' }, lon: { type: 'number' } } } },
      $ref: '#/$defs/geo%20point',
      unevaluatedProperties: false,
    }
    expect(await scoreCall(parameters, '{"lat": 48.8, "lon": 2.3}')).toEqual({ accepted: true, failures: [] })
  })

  it('a $ref into an array entry (#/allOf/0, #/properties/to/anyOf/0, #/prefixItems/0) is followed: a key it does not list is hallucinated_param (it was missed)', async () => {
    const place: JsonSchema = { type: 'object', properties: { city: { type: 'string' } } }
    const parameters: JsonSchema = {
      $schema: draft2020,
      type: 'object',
      allOf: [{ properties: { to: {}, from: {}, via: {}, stop: {} } }],
      prefixItems: [place],
      properties: { to: { anyOf: [place, { type: 'string' }] }, from: { $ref: '#/properties/to/anyOf/0' }, via: { $ref: '#/prefixItems/0' }, stop: { $ref: '#/allOf/0' } },
    }
    const { accepted, failures } = await scoreCall(parameters, '{"to": "Lyon", "from": {"city": "Paris", "zip": "75001"}, "via": {"city": "Dijon", "km": 310}, "stop": {"to": 1, "wait": 5}}')
    expect(accepted).toBe(true)
    expect(failures).toEqual([
      { kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.from\.zip$/) },
      { kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.via\.km$/) },
      { kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.stop\.wait$/) },
    ])
  })

  it('a $ref to false rules its anyOf branch out, a true branch admits any key (a key was missed, and keys were reported)', async () => {
    const place: JsonSchema = { properties: { city: { type: 'string' } } }
    const never: JsonSchema = { type: 'object', $defs: { never: false }, anyOf: [{ $ref: '#/$defs/never' }, place] }
    expect(await scoreCall(never, '{"city": "Paris", "country": "FR"}')).toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.country$/) }] })
    const anything: JsonSchema = { type: 'object', $defs: { any: true }, anyOf: [{ ...place, additionalProperties: false }, true] }
    expect(await scoreCall(anything, '{"city": "Paris", "country": "FR"}')).toEqual({ accepted: true, failures: [] })
    const anythingByRef: JsonSchema = { ...anything, anyOf: [{ ...place, additionalProperties: false }, { $ref: '#/$defs/any' }] }
    expect(await scoreCall(anythingByRef, '{"city": "Paris", "country": "FR"}')).toEqual({ accepted: true, failures: [] })
  })
})

describe('a tool is read in the draft the loop validates it in', () => {
  const tags: JsonSchema = { type: 'object', properties: { tags: { type: 'array', prefixItems: [closed({ a: {} })], items: closed({ b: {} }) } } }

  it('draft-07 (no $schema): prefixItems is no keyword, items applies to every item (it reported tags[0].b on a call ajv accepted)', async () => {
    expect(await scoreCall(tags, '{"tags": [{"b": 1}]}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall({ $schema: draft2020, ...tags }, '{"tags": [{"b": 1}]}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.tags\[0\]\.b$/) }] })
  })

  it('draft-07: unevaluatedProperties is no keyword (it reported every key of a free-form object ajv accepted, and missed one beside listed properties)', async () => {
    expect(await scoreCall({ type: 'object', unevaluatedProperties: false }, '{"label": "x"}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall({ type: 'object', properties: { label: {} }, unevaluatedProperties: {} }, '{"label": "x", "color": "red"}'))
      .toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.color$/) }] })
    const in2020 = await scoreCall({ $schema: draft2020, type: 'object', unevaluatedProperties: false }, '{"label": "x"}')
    expect(in2020.accepted).toBe(false)
    expect(in2020.failures).toContainEqual({ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.label$/) })
  })
})

describe('a 2019-09 tool is validated and read as 2019-09 (it was validated as draft-07)', () => {
  const draft2019 = 'https://json-schema.org/draft/2019-09/schema'

  it('unevaluatedProperties: false rejects an extra key, one hallucinated_param (the call passed)', async () => {
    const parameters: JsonSchema = { $schema: draft2019, type: 'object', properties: { label: { type: 'string' } }, unevaluatedProperties: false }
    expect(await scoreCall(parameters, '{"label": "x", "color": "red"}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.color' }] })
  })

  it('dependentRequired is enforced, dependentSchemas declares its keys; prefixItems is no keyword, items: [...] is a tuple', async () => {
    const card: JsonSchema = { $schema: draft2019, type: 'object', properties: { card: {} }, dependentRequired: { card: ['expiry'] } }
    expect(await scoreCall(card, '{"card": "4111"}')).toEqual({ accepted: false, failures: [{ kind: 'missing_required', path: 'turns[0].calls[0].arguments.expiry' }] })
    const cvv: JsonSchema = { $schema: draft2019, type: 'object', properties: { card: {} }, dependentSchemas: { card: { properties: { cvv: { type: 'string' } } } } }
    expect(await scoreCall(cvv, '{"card": "4111", "cvv": "123"}')).toEqual({ accepted: true, failures: [] })
    const pair: JsonSchema = { $schema: draft2019, type: 'object', properties: { pair: { type: 'array', prefixItems: [closed({ b: {} })], items: [closed({ a: {} })] } } }
    expect(await scoreCall(pair, '{"pair": [{"a": 1}]}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall(pair, '{"pair": [{"b": 1}]}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.pair[0].b' }] })
  })
})

describe('keys a conditional part of the schema declares are not hallucinated', () => {
  const parcel: JsonSchema = {
    type: 'object',
    properties: { kind: { enum: ['box', 'bag'] } },
    if: { properties: { kind: { const: 'box' } } },
    then: { properties: { size: { type: 'integer' } } },
    else: { properties: { handles: { type: 'integer' } } },
  }

  it('if/then/else: a key then or else lists is declared, one neither lists is hallucinated_param (it reported size and handles on calls ajv accepted)', async () => {
    expect(await scoreCall(parcel, '{"kind": "box", "size": 3}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall(parcel, '{"kind": "bag", "handles": 2}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall(parcel, '{"kind": "bag", "handles": 2, "color": "red"}'))
      .toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.color$/) }] })
  })

  it('the arm that applies is the one judged, as ajv decides it: a key only the other arm lists is hallucinated_param (it was missed)', async () => {
    expect(await scoreCall(parcel, '{"kind": "box", "handles": 2}')).toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.handles$/) }] })
    // A dependency applies only when its key is there: without card, cvv is not declared.
    const card = { properties: { cvv: { type: 'string' } } }
    expect(await scoreCall({ type: 'object', properties: { card: {}, iban: {} }, dependencies: { card } }, '{"iban": "FR76", "cvv": "123"}'))
      .toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.cvv$/) }] })
  })

  it('dependentSchemas (2020-12) and dependencies: a key a dependency lists is declared (it reported cvv on a call ajv accepted)', async () => {
    const card = { properties: { cvv: { type: 'string' } } }
    expect(await scoreCall({ $schema: draft2020, type: 'object', properties: { card: {} }, dependentSchemas: { card } }, '{"card": "4111", "cvv": "123"}')).toEqual({ accepted: true, failures: [] })
    expect(await scoreCall({ type: 'object', properties: { card: {} }, dependencies: { card, other: ['card'] } }, '{"card": "4111", "cvv": "123", "pin": 1}'))
      .toEqual({ accepted: true, failures: [{ kind: 'hallucinated_param', path: expect.stringMatching(/\.arguments\.pin$/) }] })
  })
})

describe('a key unevaluatedProperties: false rejects is one failure, hallucinated_param', () => {
  it('2020-12: at the top and in a nested object, not also schema_violation (it was reported twice: the walk, and the loop\'s ajv issue)', async () => {
    const top: JsonSchema = { $schema: draft2020, type: 'object', properties: { label: { type: 'string' } }, unevaluatedProperties: false }
    expect(await scoreCall(top, '{"label": "x", "color": "red"}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.color' }] })
    const nested: JsonSchema = { $schema: draft2020, type: 'object', properties: { style: { type: 'object', properties: { font: {} }, unevaluatedProperties: false } } }
    expect(await scoreCall(nested, '{"style": {"font": "serif", "size": 12}}')).toEqual({ accepted: false, failures: [{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.style.size' }] })
  })

  it('a key only the loop rejects (a dependentSchemas entry closing a nested object) is hallucinated_param with its path, not also schema_violation', async () => {
    const closedIfCard: JsonSchema = { type: 'object', properties: { card: {}, pin: {} }, dependentSchemas: { card: { properties: { card: {} }, unevaluatedProperties: false } } }
    const failures = (await scoreCall({ $schema: draft2020, type: 'object', properties: { pay: closedIfCard } }, '{"pay": {"card": 1, "pin": 2}}')).failures
    expect(failures).toEqual([{ kind: 'hallucinated_param', path: 'turns[0].calls[0].arguments.pay.pin' }])
  })
})
