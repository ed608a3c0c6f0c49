import { createRequire } from 'node:module'
import type { Ajv2019 } from 'ajv/dist/2019.js'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { Ajv as AjvDraft7, AnySchemaObject, ErrorObject } from 'ajv'
import { describeMetaErrors } from './meta-errors.ts'
import type { JsonSchema } from '../core/tool.ts'

// ajv is loaded on the first schema met (loading it and compiling the meta-schema it checks schemas against is
// ~0.12 s of CPU), with a synchronous require: all of it ships CommonJS.
const require = createRequire(import.meta.url)

type AnyAjv = AjvDraft7 | Ajv2019 | Ajv2020

/** The JSON Schema draft the loop validates a tool's parameters in (`schemaDraft` picks it). */
export type Draft = 'draft-07' | '2019-09' | '2020-12'

/**
 * The strict argument validator: no type coercion, no removal of extra keys, no defaults inserted, formats on,
 * all errors reported. (Each of those loosening options hides a real model failure; see
 * ../shared/reference/llm-argument-failures.md.) `strict: false` only tolerates unknown keywords in user schemas.
 */
const strictOptions = {
  allErrors: true,
  strict: false,
  coerceTypes: false,
  removeAdditional: false,
  useDefaults: false,
  validateFormats: true,
} as const

/** An ajv of the draft with the strict options and formats; `source` keeps generated code (build script). */
export function createAjv(draft: Draft, source = false): AnyAjv {
  const { Ajv, _ } = require('ajv') as typeof import('ajv')
  // Generated code names ajv-formats' functions by this expression (a standalone validator requires them).
  const code = { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` }
  // In this process errors also carry the subschema that failed (`verbose`): a key whose schema is `{ not: {} }` is
  // told from a value rule by it (key-errors.ts). Generated code does not need it.
  const options = source ? { ...strictOptions, code } : { ...strictOptions, verbose: true }
  // Each draft's ajv is required only when a schema of that draft is met.
  const ajv = draft === '2020-12' ? new (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(options)
    : draft === '2019-09' ? new (require('ajv/dist/2019.js') as typeof import('ajv/dist/2019.js')).Ajv2019(options)
    : new Ajv(options)
  const addFormats = require('ajv-formats') as (ajv: AnyAjv) => void
  addFormats(ajv)
  return ajv
}

/** The schema as ajv compiles it: `$schema` picks the draft, `$id` is left out (each compile stands alone). */
export function compilableSchema(schema: JsonSchema): AnySchemaObject {
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>
  return rest as AnySchemaObject
}

/** A compiled validator (by ajv in this process, or generated from the same options at build time). */
export type Validator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }

const instances = new Map<Draft, AnyAjv>()
// Per schema object, and per schema text for an equal schema in another object (a tool set cloned per variant):
// each distinct schema is compiled once per process, when first met. Nothing compiled is ever stored on disk:
// a validator is code, and code read back from the user's cache could run anything and decide validity.
const compiled = new WeakMap<object, Validator>()
const compiledByText = new Map<string, Validator>()

/** The draft the loop validates a schema in: 2020-12 or 2019-09 when its `$schema` names it, draft-07 for every other schema. */
export function schemaDraft(schema: JsonSchema): Draft {
  const named = typeof schema.$schema === 'string' ? schema.$schema : ''
  return named.includes('2020-12') ? '2020-12' : named.includes('2019-09') ? '2019-09' : 'draft-07'
}

function ajvFor(draft: Draft): AnyAjv {
  let ajv = instances.get(draft)
  if (!ajv) {
    ajv = createAjv(draft)
    instances.set(draft, ajv)
  }
  return ajv
}

/** A `$ref` or `$id` resolved against a base URI by ajv's own URI resolver, so a ref names what ajv finds by it ('' and 'a.json' are bases too). */
export function resolveUri(base: string, reference: string): string {
  // Every draft's ajv has the same resolver: any one already made serves (a schema was compiled before it is walked).
  const ajv = instances.values().next().value ?? ajvFor('draft-07')
  return ajv.opts.uriResolver.resolve(base, reference)
}

/** Checks that a tool's parameters are a valid JSON Schema; returns a message per problem (empty when valid). */
export function schemaProblems(schema: JsonSchema): string[] {
  if (compiled.has(schema)) return []
  const ajv = ajvFor(schemaDraft(schema))
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

/** A strict validator for the schema, compiled on first use and kept for the process. */
export function compileSchema(schema: JsonSchema): Validator {
  const known = compiled.get(schema)
  if (known) return known
  const draft = schemaDraft(schema)
  const compilable = compilableSchema(schema)
  const text = `${draft} ${JSON.stringify(compilable)}`
  let validate = compiledByText.get(text)
  if (!validate) {
    validate = ajvFor(draft).compile(compilable)
    compiledByText.set(text, validate)
  }
  compiled.set(schema, validate)
  return validate
}

/** Validates a value strictly; returns ajv's errors (empty when valid). */
export function validateAgainst(schema: JsonSchema, value: unknown): ErrorObject[] {
  return validateWith(compileSchema(schema), value)
}

/** Runs a validator (compiled here, or generated from the same options at build time); ajv's errors, empty when valid. */
export function validateWith(validate: Validator, value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])]
}
