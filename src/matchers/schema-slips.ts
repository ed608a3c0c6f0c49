import type { ErrorObject } from 'ajv'
import type { Matcher } from '../core/case.ts'
import { didYouMean, jsonNumeral } from '../core/did-you-mean.ts'
import type { JsonSchema } from '../core/tool.ts'
import type { Validator } from '../schema/ajv.ts'
import { conjunctions } from '../schema/conjunctions.ts'
import { childSchema, keyStatus } from '../schema/declared-keys.ts'
import { valueHasType } from '../schema/json-type.ts'
import { pointerToPath, replacedAt, valueAt } from '../schema/json-pointer.ts'
import { isSchema, subschemaValidator } from '../schema/local-ref.ts'
import { describe, operatorKeys } from './argument-matchers.ts'
import { isPlainObject } from '../core/plain-object.ts'

/** An expectation (or stub `when`) the tool's schema makes impossible: where, relative to the matchers, and why. */
export type SchemaSlip = { readonly path: (string | number)[]; readonly message: string }

type Context = { readonly root: JsonSchema }

/**
 * Checks argument matchers against a tool's parameters schema, so a case that can never pass stops the run before
 * any model call: a key the schema does not declare (`titel` → did you mean `title`?), a value no schema-valid
 * argument can equal (an enum value not in the enum, a string for an integer), a matcher admitting nothing the
 * schema allows (`regex` on a number, `range` outside min/max, `absent` on a required parameter), and a matcher-like
 * object whose keys are not matcher keys on a parameter that is not an object (`{ regexp: … }` → `regex`). A matcher
 * counts as every value it admits: a list or `anyOf` is fine when one alternative fits.
 */
export function schemaSlip(args: { readonly [key: string]: Matcher }, parameters: JsonSchema): SchemaSlip | undefined {
  return objectSlip(args, parameters, { root: parameters }, [])
}

function undeclared(key: string, members: readonly JsonSchema[], path: (string | number)[]): SchemaSlip {
  const names = [...new Set(members.flatMap((member) => Object.keys(isSchema(member.properties) ? member.properties : {})))]
  return { path, message: `"${key}" is not a parameter the schema defines${didYouMean(key, names)} (defined: ${names.join(', ') || 'none'})` }
}

function objectSlip(matchers: Readonly<Record<string, unknown>>, schema: JsonSchema, context: Context, path: (string | number)[]): SchemaSlip | undefined {
  // The readings of the schema (allOf and $refs merged, one anyOf/oneOf branch, an if arm), as the scoring walk reads them.
  const readings = conjunctions(schema, context.root)
  for (const [key, matcher] of Object.entries(matchers)) {
    const where = [...path, key]
    const declaring = readings.filter((members) => keyStatus(members, key, context.root) === 'declared')
    if (declaring.length === 0) return undeclared(key, readings[0] ?? [schema], where)
    // The matcher fits when it fits the key's schema in one reading declaring it (a free key admits anything).
    const slip = firstFitting(declaring, (members) => {
      const child = childSchema(members, key)
      return child === undefined ? undefined : matcherSlip(matcher, child, context, where, members.some((member) => requires(member, key)))
    })
    if (slip) return slip
  }
  return undefined
}

function requires(schema: JsonSchema, key: string): boolean {
  return Array.isArray(schema.required) && schema.required.includes(key)
}

function matcherSlip(matcher: unknown, schema: JsonSchema, context: Context, path: (string | number)[], required: boolean): SchemaSlip | undefined {
  const readings = conjunctions(schema, context.root)
  const name = String(path[path.length - 1])
  if (Array.isArray(matcher)) {
    // No alternative, no match (firstFitting finds none to fail): `ids: []` meant the empty array, a value of its own.
    if (matcher.length === 0) {
      const meant = admits(readings, 'array') ? ': the empty array is [[]] or { literal: [] }' : ''
      return { path, message: `[] lists the acceptable values of "${parameterName(path)}" and names none, so no call can match it${meant}` }
    }
    const slip = firstFitting(matcher, (alternative, index) => alternativeSlip(alternative, schema, context, [...path, index], required))
    if (!slip || !admits(readings, 'array') || matcher.some(Array.isArray)) return slip
    // `ids: [1, 2]` reads as "1 or 2", no array: the array a newcomer meant needs its own brackets.
    const text = describe(matcher)
    const inside = rejection(matcher, schema, context)
    return { path, message: `${text} lists acceptable values of "${parameterName(path)}" and none is an array: the array itself is [${text}] or { literal: ${text} }${inside === undefined ? '' : `, where ${inside}`}` }
  }
  if (!isPlainObject(matcher)) return literalSlip(matcher, schema, context, path)
  const operator = operatorKeys.find((key) => key in matcher)
  if (!operator) {
    if (admits(readings, 'object')) return objectSlip(matcher, schema, context, path)
    const keys = Object.keys(matcher)
    const hint = keys.map((key) => didYouMean(key, operatorKeys)).find((text) => text !== '') ?? ''
    return {
      path: [...path, keys[0] ?? ''],
      message: `"${name}" is not an object, so { ${keys.join(', ')} } can only be a matcher, and ${keys.map((key) => `"${key}"`).join(', ')} is no matcher key${hint} (matcher keys: ${operatorKeys.join(', ')}; { literal: … } matches an object exactly)`,
    }
  }
  switch (operator) {
    case 'any':
      return undefined
    case 'absent':
      return required ? { path, message: `{ absent: true } on "${name}", which the schema requires: no valid call can leave it out` } : undefined
    case 'anyOf':
      return firstFitting(matcher.anyOf as unknown[], (option, index) => matcherSlip(option, schema, context, [...path, 'anyOf', index], required))
    case 'literal':
      return literalSlip(matcher.literal, schema, context, path)
    case 'regex':
      return !admits(readings, 'string') ? { path, message: `a regex matches strings, but "${name}" is ${typeText(readings)}` } : undefined
    case 'range':
      return rangeSlip(matcher.range as [number, number], readings, name, path)
  }
}

/** A list entry: `""` is "may be omitted", an array is one acceptable array (a literal), else a matcher. */
function alternativeSlip(alternative: unknown, schema: JsonSchema, context: Context, path: (string | number)[], required: boolean): SchemaSlip | undefined {
  if (alternative === '') return undefined
  if (Array.isArray(alternative)) return literalSlip(alternative, schema, context, path)
  return matcherSlip(alternative, schema, context, path, required)
}

/** Undefined when one alternative fits; else the first alternative's slip (the expectation admits nothing valid). */
function firstFitting<T>(alternatives: readonly T[], slipOf: (alternative: T, index: number) => SchemaSlip | undefined): SchemaSlip | undefined {
  let first: SchemaSlip | undefined
  for (const [index, alternative] of alternatives.entries()) {
    const slip = slipOf(alternative, index)
    if (!slip) return undefined
    first ??= slip
  }
  return first
}

function rangeSlip([min, max]: [number, number], readings: readonly JsonSchema[][], name: string, path: (string | number)[]): SchemaSlip | undefined {
  if (!admits(readings, 'number') && !admits(readings, 'integer')) return { path, message: `a range matches numbers, but "${name}" is ${typeText(readings)}` }
  // Each reading's bounds are its members' together (all apply at once); the range fits when it meets one reading's.
  const bounds = readings.map((members) => [members.reduce((low, member) => Math.max(low, lowBound(member)), -Infinity), members.reduce((high, member) => Math.min(high, highBound(member)), Infinity)] as const)
  if (bounds.length > 0 && bounds.every(([low, high]) => max < low || min > high)) {
    const [low, high] = bounds[0] as readonly [number, number]
    return { path, message: `range [${min}, ${max}] lies outside what the schema allows for "${name}" ([${low}, ${high}])` }
  }
  return undefined
}

function lowBound(schema: JsonSchema): number {
  return typeof schema.minimum === 'number' ? schema.minimum : typeof schema.exclusiveMinimum === 'number' ? schema.exclusiveMinimum : -Infinity
}

function highBound(schema: JsonSchema): number {
  return typeof schema.maximum === 'number' ? schema.maximum : typeof schema.exclusiveMaximum === 'number' ? schema.exclusiveMaximum : Infinity
}

function literalSlip(value: unknown, schema: JsonSchema, context: Context, path: (string | number)[]): SchemaSlip | undefined {
  const reason = rejection(value, schema, context)
  return reason === undefined ? undefined : { path, message: `${describe(value)} can never be a valid value of "${parameterName(path)}": ${reason}` }
}

/** Why the schema rejects a value; undefined when it accepts it or cannot check it. */
function rejection(value: unknown, schema: JsonSchema, context: Context): string | undefined {
  const validate = subschemaValidator(context.root, schema)
  // A parameter that cannot be checked on its own (a `$ref` to a sibling property) is left to the loop's validator.
  if (!validate || validate(value)) return undefined
  const error = (validate.errors ?? [])[0]
  return `${errorText(error, value)}${quotedNumber(value, error, validate)}`
}

function parameterName(path: readonly (string | number)[]): string {
  return String(path.filter((part) => typeof part === 'string').pop())
}

/**
 * YAML keeps `amount: "100"` (or `ids: [["1", 2]]`) a string: `: "1" is a string of a number: write 1, not "1"` when
 * the value the error points at is one and the number itself would clear the error there; else ''.
 */
function quotedNumber(value: unknown, error: ErrorObject | undefined, validate: Validator): string {
  const where = pointerToPath(error?.instancePath ?? '')
  const text = valueAt(value, where)
  if (typeof text !== 'string' || !jsonNumeral.test(text)) return ''
  const cleared = validate(replacedAt(value, where, Number(text))) || !validate.errors?.some((other) => other.instancePath === error?.instancePath)
  return cleared ? `: ${describe(text)} is a string of a number: write ${text}, not ${describe(text)}` : ''
}

function errorText(error: ErrorObject | undefined, value: unknown): string {
  if (!error) return 'the schema rejects it'
  const where = error.instancePath ? `at ${error.instancePath} ` : ''
  if (error.keyword === 'enum') {
    const allowed = (error.params as { allowedValues?: unknown[] }).allowedValues ?? []
    const hint = typeof value === 'string' ? didYouMean(value, allowed.filter((item): item is string => typeof item === 'string')) : ''
    return `${where}expected one of ${allowed.map((item) => describe(item)).join(', ')}${hint}`
  }
  return `${where}${error.message ?? 'the schema rejects it'}`
}

/** Whether some reading lets a value of this JSON type through: every schema in it does (`admitsType`). */
function admits(readings: readonly JsonSchema[][], type: 'object' | 'string' | 'number' | 'integer' | 'array'): boolean {
  return readings.some((members) => members.every((member) => admitsType(member, type)))
}

/** Whether a schema's `type` (and `enum`/`const`) lets a value of this JSON type through (unknown = yes). */
function admitsType(schema: JsonSchema, type: 'object' | 'string' | 'number' | 'integer' | 'array'): boolean {
  const listed = Array.isArray(schema.enum) ? schema.enum : 'const' in schema ? [schema.const] : undefined
  if (listed) return listed.some((item) => valueHasType(item, [type]))
  const types = typeof schema.type === 'string' ? [schema.type] : Array.isArray(schema.type) ? (schema.type as unknown[]) : undefined
  if (!types) return true
  return types.includes(type) || (type === 'integer' && types.includes('number')) || (type === 'number' && types.includes('integer'))
}

// What the first reading says a value is: its first member with an enum or a type.
function typeText(readings: readonly JsonSchema[][]): string {
  const schema = (readings[0] ?? []).find((member) => Array.isArray(member.enum) || member.type !== undefined) ?? {}
  if (Array.isArray(schema.enum)) return `an enum of ${schema.enum.map((item) => describe(item)).join(', ')}`
  const type = schema.type
  return Array.isArray(type) ? `of type ${type.join(' | ')}` : `of type ${String(type)}`
}
