import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv'
import { compareNumbers, ExactNumber, isMultipleOf, isWholeNumber, literalEquals, plainValue, type NumberValue } from '../core/exact-number.ts'
import { pointerToPath, valueAt } from './json-pointer.ts'

/**
 * Schema validation of arguments holding a number a float cannot hold (`core/exact-number.ts`: `1.0000000000000001`,
 * `9007199254740993`), judged as the model wrote it: ajv compares floats, and JavaScript's reading passes
 * `type: integer` for the first and `maximum: 9007199254740992` for the second. Such arguments (rare: no other call
 * comes here) are validated by an ajv of their own (`ajv.ts` `validateExactly`) whose keywords that compare a number's
 * value are these, each reading the value at its place in the exact reading (`this`: ajv's `passContext`). What ajv
 * itself reads is `standIn`, so every other keyword (structure, `type`, formats) judges as it always does.
 */
export type ExactContext = { readonly exact: unknown }

/**
 * The value ajv reads beside the exact reading: each ExactNumber as its float, or 0.5 where the float is an integer
 * and the number is not (`1.0000000000000001`, `1e-400`), so that `type: integer`, which ajv's own code checks and no
 * keyword replaces, judges what was written; so do `format: int32` and `int64` (`isInt64`): a whole number inside
 * int64 that rounds onto a bound's float (±2^63, outside as its decimal is) reads as the float next inside.
 */
export function standIn(exact: unknown): unknown {
  return plainValue(exact, (number) => {
    const float = Number(number.text)
    if (!isWholeNumber(number)) return Number.isInteger(float) ? 0.5 : float
    return Math.abs(float) === 2 ** 63 && isInt64(number) ? float - Math.sign(float) * 1024 : float
  })
}

/**
 * `format: int64` by exact value: a whole number from -2^63 to 2^63 - 1, a float by its shortest decimal as ever (2^63,
 * 9223372036854776000, is out). ajv-formats passes any integer float, 1e300 too ("JavaScript's max int is 2^53").
 */
export function isInt64(value: NumberValue): boolean {
  return isWholeNumber(value) && compareNumbers(value, int64Min) >= 0 && compareNumbers(value, int64Max) <= 0
}

const int64Min = new ExactNumber('-9223372036854775808')
const int64Max = new ExactNumber('9223372036854775807')

type Params = ErrorObject['params']

/** A keyword: ajv's params when it does not hold for the exact value (and ajv's own, `float`), else undefined; its message. */
type ExactCheck = {
  /** The one type of value it judges, as ajv's keyword does. */
  readonly type?: 'number' | 'array'
  readonly misses: (schema: never, exact: unknown, float: unknown) => Params | undefined
  readonly message: (params: never) => string
}

function limit(comparison: '<=' | '>=' | '<' | '>', holds: (order: number) => boolean): ExactCheck {
  return { type: 'number', misses: (bound: number, exact) => (holds(compareNumbers(exact as NumberValue, bound)) ? undefined : { comparison, limit: bound }), message: ({ limit }: { limit: number }) => `must be ${comparison} ${limit}` }
}

// Equality is by exact value (`literalEquals`): a value holding an ExactNumber equals no `enum` or `const` member, whose
// numbers are floats, and two items of an array may be distinct where their floats are one.
const checks: Record<string, ExactCheck> = {
  maximum: limit('<=', (order) => order <= 0),
  minimum: limit('>=', (order) => order >= 0),
  exclusiveMaximum: limit('<', (order) => order < 0),
  exclusiveMinimum: limit('>', (order) => order > 0),
  multipleOf: {
    type: 'number',
    // ajv's own test on floats (`data / divisor !== parseInt(…)`) for them, and for an infinite divisor.
    misses: (divisor: number, exact, float) => ((exact instanceof ExactNumber && Number.isFinite(divisor) ? isMultipleOf(exact, divisor) : divisor !== 0 && (float as number) / divisor === parseInt(String((float as number) / divisor))) ? undefined : { multipleOf: divisor }),
    message: ({ multipleOf }: { multipleOf: number }) => `must be multiple of ${multipleOf}`,
  },
  const: {
    misses: (allowed: unknown, exact) => (literalEquals(exact, allowed) ? undefined : { allowedValue: allowed }),
    message: () => 'must be equal to constant',
  },
  enum: {
    misses: (allowed: unknown[], exact) => (allowed.some((item) => literalEquals(exact, item)) ? undefined : { allowedValues: allowed }),
    message: () => 'must be equal to one of the allowed values',
  },
  uniqueItems: {
    type: 'array',
    misses: (unique: boolean, exact) => (unique ? duplicateItems(exact as unknown[]) : undefined),
    message: ({ i, j }: { i: number; j: number }) => `must NOT have duplicate items (items ## ${j} and ${i} are identical)`,
  },
}

/** The last item equal to one before it (`i`) and the nearest such one (`j`), as ajv's own `uniqueItems` looks. */
function duplicateItems(items: readonly unknown[]): { readonly i: number; readonly j: number } | undefined {
  for (let i = items.length - 1; i > 0; i--) {
    for (let j = i - 1; j >= 0; j--) if (literalEquals(items[i], items[j])) return { i, j }
  }
  return undefined
}

/** The keywords as ajv definitions, each to add in place of ajv's own of its name. */
export function exactKeywords(): (FuncKeywordDefinition & { readonly keyword: string })[] {
  return Object.entries(checks).map(([keyword, check]) => {
    const validate: SchemaValidateFunction = function (this: ExactContext, schema: unknown, data: unknown, _parent, place) {
      const exact = valueAt(this.exact, pointerToPath(place?.instancePath ?? ''))
      const params = check.misses(schema as never, exact, data)
      // ajv reads the errors only when the keyword failed, and sets their instancePath and schemaPath.
      if (params) validate.errors = [{ keyword, params, message: check.message(params as never) }]
      return params === undefined
    }
    return { keyword, ...(check.type ? { type: check.type } : {}), validate }
  })
}
