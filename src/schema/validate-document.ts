import type { ErrorObject } from 'ajv'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { InputError } from '../core/errors.ts'
import { packageFile, runningSources } from '../package-files.ts'
import type { JsonSchema } from '../core/tool.ts'
import type { SourceDocument } from '../io/read-document.ts'
import { validateAgainst, validateWith } from './ajv.ts'

/** The shipped suite schema (suites/suite.schema.json), the contract editors autocomplete from. */
export const suiteSchemaPath = packageFile('suites/suite.schema.json')
let suiteValidator: ((value: unknown) => ErrorObject[]) | undefined

/** Validates a parsed suite against suites/suite.schema.json; throws an InputError naming file, line and field. */
export function validateSuiteShape(document: SourceDocument): void {
  suiteValidator ??= loadSuiteValidator()
  throwFirstError(document, suiteValidator(document.value))
}

/**
 * Validates one case of a case file (`cases: ./x.jsonl`) against the suite schema's case definition; the
 * InputError names the file, the case's line and the field inside the case.
 */
export function validateCaseShape(rawCase: unknown, file: string, line: number): void {
  suiteValidator ??= loadSuiteValidator()
  // The validator is the whole suite's: the case is checked as a suite's only case, and its paths made the case's own.
  const errors = suiteValidator({ name: 'case', cases: [rawCase] }).filter((error) => error.instancePath.startsWith('/cases/0'))
  throwFirstError({ file, value: rawCase, lineOf: () => line }, errors.map((error) => ({ ...error, instancePath: error.instancePath.slice('/cases/0'.length) })))
}

/** Where `npm run build` writes the suite validator it generates (scripts/build-suite-validator.mjs). */
export const generatedSuiteValidator = packageFile('dist/schema/suite-validator.generated.cjs')

/** The validator generated at build time when it was made from this very schema text, else one compiled now. */
function loadSuiteValidator(): (value: unknown) => ErrorObject[] {
  const text = readFileSync(suiteSchemaPath, 'utf8')
  // Compiling the suite schema takes ~0.1 s of CPU per run; the built package ships it compiled, with the same
  // strict options (the sources, under test, compile it: a dist/ beside them may be older than they are).
  const generated = runningSources ? undefined : generatedValidator()
  if (generated && generated.schemaHash === schemaHash(text)) return (value) => validateWith(generated, value)
  const schema = JSON.parse(text) as JsonSchema
  return (value) => validateAgainst(schema, value)
}

type GeneratedValidator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null; schemaHash?: string }

function generatedValidator(): GeneratedValidator | undefined {
  try {
    return createRequire(import.meta.url)(generatedSuiteValidator) as GeneratedValidator
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'MODULE_NOT_FOUND') return undefined
    throw error
  }
}

/** The hash a generated validator carries of the schema text it was made from. */
export function schemaHash(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

/** Validates a parsed YAML/JSON document against a schema; the first useful error becomes an InputError with file, line and field. */
export function validateDocument(document: SourceDocument, schema: JsonSchema): void {
  throwFirstError(document, validateAgainst(schema, document.value))
}

function throwFirstError(document: SourceDocument, errors: readonly ErrorObject[]): void {
  if (errors.length === 0) return
  const error = mostSpecific(errors)
  const path = pointerToPath(error.instancePath)
  const fieldPath = error.keyword === 'additionalProperties'
    ? [...path, String(error.params.additionalProperty)]
    : error.keyword === 'required' ? [...path, String(error.params.missingProperty)] : path
  throw new InputError(explain(error), {
    file: document.file,
    line: document.lineOf(fieldPath),
    field: fieldPath.length > 0 ? fieldPath.join('.') : '(root)',
  })
}

/** ajv reports every branch of a oneOf; the deepest, most concrete error is the one a user can act on. */
function mostSpecific(errors: readonly ErrorObject[]): ErrorObject {
  const rank = (error: ErrorObject) => {
    const depth = error.instancePath.split('/').length * 10
    const concrete = ['additionalProperties', 'required', 'enum', 'type', 'minimum', 'minItems', 'minLength'].includes(error.keyword) ? 5 : 0
    return depth + concrete
  }
  return [...errors].sort((a, b) => rank(b) - rank(a))[0] as ErrorObject
}

function explain(error: ErrorObject): string {
  switch (error.keyword) {
    case 'additionalProperties':
      return `unknown field "${String(error.params.additionalProperty)}"`
    case 'required':
      return `missing required field "${String(error.params.missingProperty)}"`
    case 'enum':
      return `expected one of ${(error.params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`
    case 'type':
      return `expected ${String(error.params.type)}`
    case 'oneOf':
      return 'expected exactly one of the allowed forms (see the schema)'
    default:
      return `expected a value that ${error.message ?? 'matches the suite schema'}`
  }
}

/** `/cases/0/expect` → ['cases', 0, 'expect']. */
export function pointerToPath(pointer: string): (string | number)[] {
  if (!pointer) return []
  return pointer.slice(1).split('/').map((part) => {
    const key = part.replace(/~1/g, '/').replace(/~0/g, '~')
    return /^\d+$/.test(key) ? Number(key) : key
  })
}
