import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { roundTrips } from '../../src/core/exact-number.ts'
import type { JsonSchema } from '../../src/core/tool.ts'
import { checkCall } from '../../src/loop/check-call.ts'
import { parseArguments } from '../../src/loop/parse-arguments.ts'

/** The schema issues of `{"n": <text>}` against `{ n: schema }`, as the loop finds them: `keyword` each. */
function issues(schema: JsonSchema, text: string): string[] {
  const tool = { name: 't', parameters: { type: 'object', properties: { n: schema } } as JsonSchema }
  const call = parseArguments({ id: 'c0', name: 't', rawArguments: `{"n": ${text}}` })
  return checkCall(call, [tool]).schemaIssues.map((issue) => `${issue.path} ${issue.keyword}: ${issue.message}`)
}

describe('schema checks judge a number JavaScript rounds by what the model wrote', () => {
  it('fails what only the rounded value meets (each passed: JavaScript reads 1, 2^53, 12345678901234567000)', () => {
    expect(issues({ type: 'integer' }, '1.0000000000000001')).toEqual(['/n type: /n must be integer'])
    expect(issues({ type: 'integer' }, '1e-400')).toEqual(['/n type: /n must be integer'])
    expect(issues({ type: 'integer', maximum: 9007199254740992 }, '9007199254740993')).toEqual(['/n maximum: /n must be <= 9007199254740992'])
    expect(issues({ exclusiveMaximum: 1 }, '0.99999999999999999')).toEqual([])
    expect(issues({ minimum: 1 }, '0.99999999999999999')).toEqual(['/n minimum: /n must be >= 1'])
    expect(issues({ multipleOf: 2 }, '12345678901234567891')).toEqual(['/n multipleOf: /n must be multiple of 2'])
    expect(issues({ enum: [9007199254740992, 'any'] }, '9007199254740993')).toEqual(['/n enum: /n must be equal to one of the allowed values'])
    expect(issues({ const: 9007199254740992 }, '9007199254740993')).toEqual(['/n const: /n must be equal to constant'])
    expect(issues({ const: [1, { a: 2 }] }, '[1, {"a": 2.0000000000000001}]')).toEqual(['/n const: /n must be equal to constant'])
    expect(issues({ anyOf: [{ type: 'integer', maximum: 5 }, { type: 'string' }] }, '5.0000000000000001')).toContain('/n anyOf: /n must match a schema in anyOf')
    expect(issues({ type: 'array', items: { type: 'integer' } }, '[1, 2.00000000000000001]')).toEqual(['/n/1 type: /n/1 must be integer'])
  })

  it('passes what only the rounded value breaks (each failed: JavaScript reads 0, 1e16, 2^53)', () => {
    expect(issues({ exclusiveMinimum: 0 }, '1e-400')).toEqual([])
    expect(issues({ exclusiveMaximum: 10000000000000000 }, '9999999999999999.5')).toEqual([])
    expect(issues({ not: { const: 9007199254740992 } }, '9007199254740993')).toEqual([])
    expect(issues({ not: { enum: [9007199254740992] } }, '9007199254740993')).toEqual([])
  })

  it('a whole exact number is an integer and a multiple by its decimal value; other keys of the call are judged as ever', () => {
    expect(issues({ type: 'integer', multipleOf: 10 }, '12345678901234567890')).toEqual([])
    expect(issues({ multipleOf: 0.1 }, '12345678901234567.8')).toEqual([])
    expect(issues({ multipleOf: 0.01 }, '0.1000000000000000001')).toEqual(['/n multipleOf: /n must be multiple of 0.01'])
    const tool = { name: 't', parameters: { type: 'object', properties: { n: { type: 'integer' }, m: { maximum: 3, multipleOf: 2 }, s: { enum: ['a'] } }, required: ['x'] } as JsonSchema }
    const call = parseArguments({ id: 'c0', name: 't', rawArguments: '{"n": 12345678901234567891, "m": 5, "s": "b"}' })
    expect(checkCall(call, [tool]).schemaIssues.map((issue) => issue.keyword).sort()).toEqual(['enum', 'maximum', 'multipleOf', 'required'])
  })

  it('bounds, multipleOf, integer and const hold for a number JavaScript rounds exactly as for its digits (property)', () => {
    // n, or n + 0.5, beyond what a float holds; a bound near it that a float holds, as written (its shortest decimal).
    const big = fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }).filter((n) => !roundTrips(String(n)))
    const cases = big.chain((n) => fc.tuple(fc.constant(n), fc.bigInt({ min: n - 4096n, max: n + 4096n }), fc.integer({ min: 1, max: 12 }), fc.boolean()))
    fc.assert(fc.property(cases, ([n, near, divisor, half]) => {
      const bound = Number(near)
      const [mantissa = '', exponent = '0'] = String(bound).split('e') // 1.0000000000000001e+21 from 10^21 on
      const [whole = '', fraction = ''] = mantissa.split('.')
      const twiceBound = 2n * BigInt(whole + fraction) * 10n ** BigInt(Number(exponent) - fraction.length)
      const twice = half ? 2n * n + 1n : 2n * n // the number × 2, so that n.5 compares as an integer
      const kinds = (schema: JsonSchema) => issues(schema, half ? `${n}.5` : String(n)).map((issue) => issue.split(' ')[1]!.slice(0, -1))
      expect(kinds({ maximum: bound })).toEqual(twice <= twiceBound ? [] : ['maximum'])
      expect(kinds({ minimum: bound })).toEqual(twice >= twiceBound ? [] : ['minimum'])
      expect(kinds({ exclusiveMaximum: bound })).toEqual(twice < twiceBound ? [] : ['exclusiveMaximum'])
      expect(kinds({ exclusiveMinimum: bound })).toEqual(twice > twiceBound ? [] : ['exclusiveMinimum'])
      expect(kinds({ type: 'integer' })).toEqual(half ? ['type'] : [])
      expect(kinds({ multipleOf: divisor })).toEqual(!half && n % BigInt(divisor) === 0n ? [] : ['multipleOf'])
      // A float is never the number written, however JavaScript rounds it.
      expect(kinds({ const: bound })).toEqual(['const'])
      expect(kinds({ enum: [bound, 'x'] })).toEqual(['enum'])
    }), { numRuns: 300 })
  })
})

describe('uniqueItems and format: int64 judge the numbers the model wrote', () => {
  it('uniqueItems: items distinct in the text are distinct (JavaScript reads 2^53 + 1 as 2^53); equal ones are not', () => {
    const unique = { type: 'array', uniqueItems: true } as const
    expect(issues(unique, '[9007199254740993, 9007199254740992]')).toEqual([])
    expect(issues({ ...unique, items: { type: 'integer' } }, '[9007199254740993, 9007199254740992]')).toEqual([])
    expect(issues(unique, '[{"a": [9007199254740993]}, {"a": [9007199254740992]}]')).toEqual([])
    expect(issues(unique, '[9007199254740993, 9007199254740993]')).toEqual(['/n uniqueItems: /n must NOT have duplicate items (items ## 0 and 1 are identical)'])
    // Equal by value, however written; and a plain duplicate beside an exact number is still one.
    expect(issues(unique, '[1, 9007199254740993, 90071992547409930e-1]')).toEqual(['/n uniqueItems: /n must NOT have duplicate items (items ## 1 and 2 are identical)'])
    expect(issues(unique, '[{"a": 1, "b": 9007199254740993}, {"b": 9007199254740993, "a": 1}]')).toHaveLength(1)
    expect(issues(unique, '[2, 9007199254740993, 2]')).toEqual(['/n uniqueItems: /n must NOT have duplicate items (items ## 0 and 2 are identical)'])
    expect(issues({ type: 'array', uniqueItems: false }, '[9007199254740993, 9007199254740993]')).toEqual([])
  })

  it('format: int64 holds from -2^63 to 2^63 - 1 by the digits written; int32 already did', () => {
    const kinds = (format: string, text: string) => issues({ format }, text).map((issue) => issue.split(':')[0])
    for (const inside of ['9223372036854775807', '-9223372036854775808', '9223372036854775000', '-9223372036854775807', '0', '9007199254740993']) expect(kinds('int64', inside)).toEqual([])
    // Each passed: any float that is an integer did (ajv-formats: "JavaScript's max int is 2^53"), 2^63 and 1e300 too.
    for (const outside of ['9223372036854775808', '-9223372036854775809', '9223372036854776000', '1e19', '1e300', '9223372036854775807.5']) expect(kinds('int64', outside)).toEqual(['/n format'])
    expect(kinds('int32', '2147483648')).toEqual(['/n format'])
    expect(kinds('int32', '2147483647.00000000001')).toEqual(['/n format'])
    expect(kinds('int32', '-2147483648')).toEqual([])
  })

  it('a call built by hand, with no raw text or no exact reading, is judged by its arguments, and nothing throws', () => {
    const tool = { name: 't', parameters: { type: 'object', properties: { ids: { type: 'array', uniqueItems: true }, big: { format: 'int64' } } } as JsonSchema }
    const byHand = (args: unknown) => checkCall({ id: 'c0', name: 't', arguments: args } as never, [tool]).schemaIssues.map((issue) => issue.keyword)
    expect(byHand({ ids: [2 ** 53, 2 ** 53 + 2], big: 2 ** 62 })).toEqual([])
    expect(byHand({ ids: [1, 1], big: 1e19 }).sort()).toEqual(['format', 'uniqueItems'])
    expect(byHand({ ids: ['9007199254740993', 9007199254740993], big: -(2 ** 63) + 1024 })).toEqual([])
    expect(byHand({ ids: [{ a: [1] }, { a: [1] }], big: 'x' })).toEqual(['uniqueItems'])
  })
})
