import { Ajv2020 } from 'ajv/dist/2020.js'
import { Ajv as AjvDraft7 } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { AnySchemaObject, ErrorObject, ValidateFunction } from 'ajv'
import { describeMetaErrors } from './meta-errors.ts'
import type { JsonSchema } from '../core/tool.ts'

// ajv-formats is CommonJS; under NodeNext its default export arrives as the module object.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (
  ajv: AjvDraft7 | Ajv2020,
) => void

type AnyAjv = AjvDraft7 | Ajv2020

/**
 * The strict argument validator: no type coercion, no removal of extra keys, no defaults inserted, formats on,
 * all errors reported. (Each of those loosening options hides a real model failure; see
 * ../shared/reference/llm-argument-failures.md.) `strict: false` only tolerates unknown keywords in user schemas.
 */
export const strictOptions = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  validateFormats: true,
} as const

/** A draft-07 or 2020-12 ajv with the strict options and formats; `source` keeps generated code (build script). */
export function createAjv(draft2020: boolean, source = false): AnyAjv {
  const options = source ? { ...strictOptions, code: { source: true } } : strictOptions
  const ajv = draft2020 ? new Ajv2020(options) : new AjvDraft7(options)
  addFormats(ajv)
  return ajv
}

/** The schema as ajv compiles it: `$schema` picks the draft, `$id` is left out (each compile stands alone). */
export function compilableSchema(schema: JsonSchema): AnySchemaObject {
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>
  return rest as AnySchemaObject
}

const instances = new Map<boolean, AnyAjv>()
const cache = new WeakMap<object, ValidateFunction>()

function ajvFor(schema: JsonSchema): AnyAjv {
  const draft2020 = typeof schema.$schema === 'string' && schema.$schema.includes('2020-12')
  let ajv = instances.get(draft2020)
  if (!ajv) {
    ajv = createAjv(draft2020)
    instances.set(draft2020, ajv)
  }
  return ajv
}

/** Checks that a tool's parameters are a valid JSON Schema; returns a message per problem (empty when valid). */
export function schemaProblems(schema: JsonSchema): string[] {
  const ajv = ajvFor(schema)
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>
  if (!ajv.validateSchema(rest as AnySchemaObject)) {
    return describeMetaErrors(rest, ajv.errors ?? [])
  }
  try {
    compileSchema(schema)
  } catch (error) {
    return [(error as Error).message]
  }
  return []
}

/** Compiles (and caches per schema object) a strict validator. */
export function compileSchema(schema: JsonSchema): ValidateFunction {
  const cached = cache.get(schema)
  if (cached) return cached
  const validate = ajvFor(schema).compile(compilableSchema(schema))
  cache.set(schema, validate)
  return validate
}

/** Validates a value strictly; returns ajv's errors (empty when valid). */
export function validateAgainst(schema: JsonSchema, value: unknown): ErrorObject[] {
  return validateWith(compileSchema(schema), value)
}

/** Runs a validator (compiled here, or generated from the same options at build time); ajv's errors, empty when valid. */
export function validateWith(validate: ValidateFunction | ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }, value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])]
}
