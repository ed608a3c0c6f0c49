import { createRequire } from 'node:module'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { Ajv as AjvDraft7, AnySchemaObject, ErrorObject } from 'ajv'
import type standaloneModule from 'ajv/dist/standalone/index.js'
import { describeMetaErrors } from './meta-errors.ts'
import { readCacheEntry, writeCacheEntry } from '../io/disk-cache.ts'
import type { JsonSchema } from '../core/tool.ts'

// ajv is loaded on the first schema the cache does not hold (loading it and compiling the meta-schema it checks
// schemas against is ~0.12 s of CPU per run), with a synchronous require: all of it ships CommonJS.
const require = createRequire(import.meta.url)

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
  const { Ajv, _ } = require('ajv') as typeof import('ajv')
  // Generated code names ajv-formats' functions by this expression (a standalone validator requires them).
  const code = { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` }
  const options = source ? { ...strictOptions, code } : strictOptions
  const ajv = draft2020 ? new (require('ajv/dist/2020.js') as typeof import('ajv/dist/2020.js')).Ajv2020(options) : new Ajv(options)
  const addFormats = require('ajv-formats') as (ajv: AnyAjv) => void
  addFormats(ajv)
  return ajv
}

/** The schema as ajv compiles it: `$schema` picks the draft, `$id` is left out (each compile stands alone). */
export function compilableSchema(schema: JsonSchema): AnySchemaObject {
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>
  return rest as AnySchemaObject
}

/** A compiled validator: by ajv now, or read back from the cache (ajv's standalone code for the same schema). */
export type Validator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }

const instances = new Map<boolean, AnyAjv>()
const compiled = new WeakMap<object, Validator>()

function isDraft2020(schema: JsonSchema): boolean {
  return typeof schema.$schema === 'string' && schema.$schema.includes('2020-12')
}

function ajvFor(schema: JsonSchema): AnyAjv {
  const draft2020 = isDraft2020(schema)
  let ajv = instances.get(draft2020)
  if (!ajv) {
    // With the generated source kept, so a compiled validator can be stored as standalone code.
    ajv = createAjv(draft2020, true)
    instances.set(draft2020, ajv)
  }
  return ajv
}

/** Checks that a tool's parameters are a valid JSON Schema; returns a message per problem (empty when valid). */
export function schemaProblems(schema: JsonSchema): string[] {
  if (compiled.has(schema)) return []
  // A validator stored for this very schema was compiled from it, and ajv compiles only schemas that pass the check.
  const key = validatorKey(schema)
  const stored = storedValidator(key)
  if (stored) {
    compiled.set(schema, stored)
    return []
  }
  const ajv = ajvFor(schema)
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>
  if (!ajv.validateSchema(rest as AnySchemaObject)) {
    return describeMetaErrors(rest, ajv.errors ?? [])
  }
  try {
    compiled.set(schema, compileAndStore(schema, key))
  } catch (error) {
    return [(error as Error).message]
  }
  return []
}

/** A strict validator for the schema: kept per schema object, read from the user's cache, or compiled and stored. */
export function compileSchema(schema: JsonSchema): Validator {
  const known = compiled.get(schema)
  if (known) return known
  const key = validatorKey(schema)
  const validate = storedValidator(key) ?? compileAndStore(schema, key)
  compiled.set(schema, validate)
  return validate
}

/**
 * The cache key of a schema's validator: everything the generated code depends on — ajv's and ajv-formats'
 * versions, the draft, the options and the schema's JSON (key order included: it orders the generated checks).
 */
function validatorKey(schema: JsonSchema): string {
  keyPrefix ??= `validator ajv@${versionOf('ajv')} ajv-formats@${versionOf('ajv-formats')} ${JSON.stringify(strictOptions)}`
  return `${keyPrefix} ${isDraft2020(schema) ? '2020-12' : 'draft-07'} ${JSON.stringify(compilableSchema(schema))}`
}

let keyPrefix: string | undefined

function versionOf(name: string): string {
  return (require(`${name}/package.json`) as { version: string }).version
}

/**
 * The validator stored under `key` (validatorKey), or undefined. It is ajv's own standalone code for the schema, run with
 * this module's `require` (it requires ajv's runtime helpers and ajv-formats' checks by name); a stored entry that
 * does not load as one is ignored.
 */
function storedValidator(key: string): Validator | undefined {
  const stored = readCacheEntry('validators', key)
  if (!stored) return undefined
  try {
    const module: { exports: { default?: unknown } } = { exports: {} }
    new Function('module', 'exports', 'require', stored.toString('utf8'))(module, module.exports, require)
    const validate = module.exports.default ?? module.exports
    return typeof validate === 'function' ? (validate as Validator) : undefined
  } catch {
    return undefined
  }
}

function compileAndStore(schema: JsonSchema, key: string): Validator {
  const ajv = ajvFor(schema)
  const validate = ajv.compile(compilableSchema(schema))
  try {
    const standaloneCode = require('ajv/dist/standalone/index.js') as typeof standaloneModule
    writeCacheEntry('validators', key, Buffer.from(standaloneCode.default(ajv, validate)))
  } catch {
    // a schema ajv cannot write as standalone code is compiled again next run
  }
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
