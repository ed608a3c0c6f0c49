import type { ErrorObject, FuncKeywordDefinition, SchemaValidateFunction } from 'ajv'
import { compareNumbers, containsExactNumber, ExactNumber, isMultipleOf, isWholeNumber, plainValue, type NumberValue } from '../core/exact-number.ts'
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
 * keyword replaces, judges what was written.
 */
export function standIn(exact: unknown): unknown {
  return plainValue(exact, (number) => {
    const float = Number(number.text)
    return Number.isInteger(float) && !isWholeNumber(number) ? 0.5 : float
  })
}

type Params = ErrorObject['params']

/** A keyword: whether it holds for the exact value (and ajv's own, `float`), and ajv's message and params when not. */
type ExactCheck = {
  /** Numbers only, as ajv's keyword is (`type: 'number'`). */
  readonly numeric: boolean
  readonly holds: (schema: never, exact: unknown, float: unknown, equal: (a: unknown, b: unknown) => boolean) => boolean
  readonly message: (schema: never) => string
  readonly params: (schema: never) => Params
}

function limit(comparison: '<=' | '>=' | '<' | '>', holds: (order: number) => boolean): ExactCheck {
  return { numeric: true, holds: (bound: number, exact) => holds(compareNumbers(exact as NumberValue, bound)), message: (bound: number) => `must be ${comparison} ${bound}`, params: (bound: number) => ({ comparison, limit: bound }) }
}

// A value holding an ExactNumber equals no `enum` or `const` member: a schema's numbers are floats, and it is none.
const checks: Record<string, ExactCheck> = {
  maximum: limit('<=', (order) => order <= 0),
  minimum: limit('>=', (order) => order >= 0),
  exclusiveMaximum: limit('<', (order) => order < 0),
  exclusiveMinimum: limit('>', (order) => order > 0),
  multipleOf: {
    numeric: true,
    // ajv's own test on floats (`data / divisor !== parseInt(…)`) for them, and for an infinite divisor.
    holds: (divisor: number, exact, float) => (exact instanceof ExactNumber && Number.isFinite(divisor) ? isMultipleOf(exact, divisor) : divisor !== 0 && (float as number) / divisor === parseInt(String((float as number) / divisor))),
    message: (divisor: number) => `must be multiple of ${divisor}`,
    params: (divisor: number) => ({ multipleOf: divisor }),
  },
  const: {
    numeric: false,
    holds: (allowed: unknown, exact, float, equal) => !containsExactNumber(exact) && equal(float, allowed),
    message: () => 'must be equal to constant',
    params: (allowed: unknown) => ({ allowedValue: allowed }),
  },
  enum: {
    numeric: false,
    holds: (allowed: unknown[], exact, float, equal) => !containsExactNumber(exact) && allowed.some((item) => equal(float, item)),
    message: () => 'must be equal to one of the allowed values',
    params: (allowed: unknown[]) => ({ allowedValues: allowed }),
  },
}

/** The keywords as ajv definitions (`equal`: ajv's own deep equality), each to add in place of ajv's own of its name. */
export function exactKeywords(equal: (a: unknown, b: unknown) => boolean): (FuncKeywordDefinition & { readonly keyword: string })[] {
  return Object.entries(checks).map(([keyword, check]) => {
    const validate: SchemaValidateFunction = function (this: ExactContext, schema: unknown, data: unknown, _parent, place) {
      const holds = check.holds(schema as never, valueAt(this.exact, pointerToPath(place?.instancePath ?? '')), data, equal)
      // ajv reads the errors only when the keyword failed, and sets their instancePath and schemaPath.
      if (!holds) validate.errors = [{ keyword, params: check.params(schema as never), message: check.message(schema as never) }]
      return holds
    }
    return { keyword, ...(check.numeric ? { type: 'number' } : {}), validate }
  })
}
