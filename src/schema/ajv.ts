import { createRequire } from 'node:module'
import type { Ajv2019 } from 'ajv/dist/2019.js'
import type { Ajv2020 } from 'ajv/dist/2020.js'
import type { Ajv as AjvDraft7, AnySchemaObject, ErrorObject } from 'ajv'
import { describeMetaErrors } from './meta-errors.ts'
import type { JsonSchema } from '../core/tool.ts'
import { packageFile, runningSources } from '../package-files.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { exactKeywords, isInt64, standIn, type ExactContext } from './exact-keywords.ts'

// Node's own require: for the files found at run time (the validators the build generates).
const nodeRequire = createRequire(import.meta.url)

// ajv is loaded on the first schema met (the meta-schemas it checks schemas against come compiled with the build,
// `metaSchemaErrors`), with a synchronous require: all of it ships CommonJS. In the CLI bundle each `require` below
// is the bundle's, and esbuild inlines ajv and ajv-formats there (scripts/bundle-cli.mjs), still run only when first
// called: one file read instead of ajv's ~70 (measured: ~12 ms of CPU instead of ~40, load ~12). Elsewhere (the
// library's dist/, which is ESM without a `require`) Node resolves them. Each call names its module literally, as
// esbuild needs to inline it.
const ajvModules = {
  ajv: () => (typeof require === 'function' ? require('ajv') : nodeRequire('ajv')) as typeof import('ajv'),
  ajv2019: () => (typeof require === 'function' ? require('ajv/dist/2019.js') : nodeRequire('ajv/dist/2019.js')) as typeof import('ajv/dist/2019.js'),
  ajv2020: () => (typeof require === 'function' ? require('ajv/dist/2020.js') : nodeRequire('ajv/dist/2020.js')) as typeof import('ajv/dist/2020.js'),
  formats: () => (typeof require === 'function' ? require('ajv-formats') : nodeRequire('ajv-formats')) as (ajv: AnyAjv) => void,
  version: () => ((typeof require === 'function' ? require('ajv/package.json') : nodeRequire('ajv/package.json')) as { version: string }).version,
}

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

/**
 * What an ajv is made for: validating in this process (`run`), the same with each error also carrying the
 * subschema that failed and the value (`verbose`), or generating a validator's code (`source`, the build script).
 */
export type AjvKind = 'run' | 'verbose' | 'source'

/**
 * An ajv of the draft with the strict options and formats, of the given kind (`run` unless told); `exact`: with
 * the keywords that compare numbers judging each by its exact value (`exact-keywords.ts`).
 */
export function createAjv(draft: Draft, kind: AjvKind = 'run', exact = false): AnyAjv {
  const { Ajv, _ } = ajvModules.ajv()
  // Generated code names ajv-formats' functions by this expression (a standalone validator requires them).
  const code = { source: true, formats: _`require("ajv-formats/dist/formats").fullFormats` }
  // `verbose` makes each validator's code a fifth bigger, and every run compiles each tool schema of its suites
  // (about 15 ms of CPU more on the bundled suites), for what only the loop's key errors read, and only after a
  // `not` failed (key-errors.ts): so it has an ajv of its own, compiling a schema only when such an error asks.
  // The run's ajvs leave the meta-schema check to `metaSchemaErrors`, done before each compile: ajv's own would
  // compile the meta-schema in every run (~0.04 s of CPU), where the build ships it compiled. They skip ajv's
  // optimizing pass over the code they generate: the same checks and errors, and a run compiles every tool schema
  // and each subschema an expected literal is checked against, at load (~30 ms of CPU less on the bundled suites,
  // for validators a little slower where one call's validation takes microseconds).
  const runOptions = { ...strictOptions, validateSchema: false, code: { optimize: false } }
  const kindOptions = kind === 'source' ? { ...strictOptions, code } : kind === 'verbose' ? { ...runOptions, verbose: true } : runOptions
  const options = exact ? { ...kindOptions, passContext: true } : kindOptions
  // Each draft's ajv is required only when a schema of that draft is met.
  const ajv = draft === '2020-12' ? new (ajvModules.ajv2020().Ajv2020)(options)
    : draft === '2019-09' ? new (ajvModules.ajv2019().Ajv2019)(options)
    : new Ajv(options)
  ajvModules.formats()(ajv)
  // A generated validator names each format by ajv-formats' own (`code`): none of the build's schemas has int64.
  if (kind !== 'source') ajv.addFormat('int64', { type: 'number', validate: isInt64 })
  if (exact) for (const definition of exactKeywords()) ajv.removeKeyword(definition.keyword).addKeyword(definition)
  return ajv
}

/** The schema as ajv compiles it: `$schema` picks the draft, `$id` is left out (each compile stands alone). */
export function compilableSchema(schema: JsonSchema): AnySchemaObject {
  const { $schema: _ignored, $id: _id, ...rest } = schema as Record<string, unknown>
  return rest as AnySchemaObject
}

/** A compiled validator (by ajv in this process, or generated from the same options at build time). */
export type Validator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null }

const instances = new Map<string, AnyAjv>()
// Per schema object, and per schema text for an equal schema in another object (a tool set cloned per variant):
// each distinct schema is compiled once per process, when first met. Nothing compiled is ever stored on disk:
// a validator is code, and code read back from the user's cache could run anything and decide validity.
const compiled = new WeakMap<object, Validator>()
const compiledByText = new Map<string, Validator>()
// The verbose validators (`validateVerbosely`), by schema text: compiled only for a call a `not` rejected; and
// the exact ones (`validateExactly`), by kind and schema text, only for arguments holding an ExactNumber.
const verboseByText = new Map<string, Validator>()
const exactByText = new Map<string, Validator>()

/** The draft the loop validates a schema in: 2020-12 or 2019-09 when its `$schema` names it, draft-07 for every other schema. */
export function schemaDraft(schema: JsonSchema): Draft {
  const named = typeof schema.$schema === 'string' ? schema.$schema : ''
  return named.includes('2020-12') ? '2020-12' : named.includes('2019-09') ? '2019-09' : 'draft-07'
}

function ajvFor(draft: Draft, kind: 'run' | 'verbose' = 'run', exact = false): AnyAjv {
  const key = `${draft} ${kind}${exact ? ' exact' : ''}`
  return getOrCreate(instances, key, () => createAjv(draft, kind, exact))
}

/** A `$ref` or `$id` resolved against a base URI by ajv's own URI resolver, so a ref names what ajv finds by it ('' and 'a.json' are bases too). */
export function resolveUri(base: string, reference: string): string {
  // Every draft's ajv has the same resolver: any one already made serves (a schema was compiled before it is walked).
  const ajv = instances.values().next().value ?? ajvFor('draft-07')
  return ajv.opts.uriResolver.resolve(base, reference)
}

/** Where `npm run build` writes a draft's meta-schema validator (scripts/build-suite-validator.mjs). */
export function generatedMetaValidator(draft: Draft): string {
  return packageFile(`dist/schema/meta-${draft}.generated.cjs`)
}

type MetaCheck = (schema: AnySchemaObject) => ErrorObject[]
const metaChecks = new Map<Draft, MetaCheck>()

/**
 * A schema's errors against its draft's meta-schema (empty when valid), as ajv's `validateSchema` gives them: by
 * the validator generated at build time when the installed ajv made it, else by ajv, compiling the meta-schema.
 */
export function metaSchemaErrors(draft: Draft, schema: AnySchemaObject): ErrorObject[] {
  const check = getOrCreate(metaChecks, draft, (): MetaCheck => {
    // The sources, under test, use ajv's own check: a dist/ beside them may be older than they are.
    const generated = runningSources ? undefined : generatedMeta(draft)
    const ajv = generated ? undefined : ajvFor(draft)
    return generated ? (value) => validateWith(generated, value) : (value) => (ajv!.validateSchema(value) ? [] : [...(ajv!.errors ?? [])])
  })
  return check(schema)
}

function generatedMeta(draft: Draft): Validator | undefined {
  let generated: Validator & { ajvVersion?: string }
  try {
    generated = nodeRequire(generatedMetaValidator(draft)) as Validator & { ajvVersion?: string }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
  return generated.ajvVersion === ajvModules.version() ? generated : undefined
}

/** Checks that a tool's parameters are a valid JSON Schema; returns a message per problem (empty when valid). */
export function schemaProblems(schema: JsonSchema): string[] {
  if (compiled.has(schema)) return []
  const { $schema: _ignored, ...rest } = schema as Record<string, unknown>
  const metaErrors = metaSchemaErrors(schemaDraft(schema), rest as AnySchemaObject)
  if (metaErrors.length > 0) return describeMetaErrors(rest, metaErrors)
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
  const validate = compiledOnce(schema, 'run')
  compiled.set(schema, validate)
  return validate
}

/** The validator of this kind for a schema's text, compiled the first time that text is met. */
function compiledOnce(schema: JsonSchema, kind: 'run' | 'verbose', exact = false): Validator {
  const draft = schemaDraft(schema)
  const compilable = compilableSchema(schema)
  const text = `${draft} ${JSON.stringify(compilable)}`
  const byText = exact ? exactByText : kind === 'run' ? compiledByText : verboseByText
  return getOrCreate(byText, exact ? `${kind} ${text}` : text, () => {
    const ajv = ajvFor(draft, kind, exact)
    // ajv's own check, as its `compile` makes it when it is not left to `metaSchemaErrors`, with its message.
    const metaErrors = metaSchemaErrors(draft, compilable)
    if (metaErrors.length > 0) throw new Error(`schema is invalid: ${ajv.errorsText(metaErrors)}`)
    return ajv.compile(compilable)
  })
}

/** Validates a value strictly; returns ajv's errors (empty when valid). */
export function validateAgainst(schema: JsonSchema, value: unknown): ErrorObject[] {
  return validateWith(compileSchema(schema), value)
}

/**
 * Validates a value as `validateAgainst` does, each error also carrying the subschema that failed and the value
 * (ajv's `verbose`; the errors are otherwise the same): a validator of its own, compiled on first use.
 */
export function validateVerbosely(schema: JsonSchema, value: unknown): ErrorObject[] {
  return validateWith(compiledOnce(schema, 'verbose'), value)
}

/**
 * Validates arguments by their judged reading (`loop/parse-arguments.ts` `judgedArguments`), each ExactNumber by
 * its exact value (`exact-keywords.ts`); `verbose` as `validateVerbosely`. ajv's errors, empty when valid.
 */
export function validateExactly(schema: JsonSchema, exact: unknown, verbose = false): ErrorObject[] {
  const validate = compiledOnce(schema, verbose ? 'verbose' : 'run', true)
  const context: ExactContext = { exact }
  return validate.call(context, standIn(exact)) ? [] : [...(validate.errors ?? [])]
}

/** Runs a validator (compiled here, or generated from the same options at build time); ajv's errors, empty when valid. */
export function validateWith(validate: Validator, value: unknown): ErrorObject[] {
  return validate(value) ? [] : [...(validate.errors ?? [])]
}
