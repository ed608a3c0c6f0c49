import type { ErrorObject } from 'ajv'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { didYouMean, listSlip, percentageSlip, quotingSlip, secondsMeant, unknownFieldHint, unquotingSlip } from '../core/did-you-mean.ts'
import { formatLocation, InputError } from '../core/errors.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { packageFile, runningSources } from '../package-files.ts'
import type { JsonSchema } from '../core/tool.ts'
import { getOrCreate } from '../core/get-or-create.ts'
import { hashText } from '../core/hash-text.ts'
import type { SourceDocument } from '../io/read-document.ts'
import { validateAgainst, validateVerbosely, validateWith } from './ajv.ts'
import { pointerToPath, valueAt } from './json-pointer.ts'
import { declaredKeysAt } from './keys-at.ts'
import { isSchema, subschemaValidator } from './local-ref.ts'
import { branchErrorsStart, isUnion, pickedBranches } from './picked-branch.ts'

/** The shipped suite schema (suites/suite.schema.json), the contract editors autocomplete from. */
export const suiteSchemaPath = packageFile('suites/suite.schema.json')
let suiteValidator: ((value: unknown) => ErrorObject[]) | undefined
let suiteSchema: JsonSchema | undefined

/** The suite schema as an object, read only when an error needs it (the names a misspelled key was meant to be). */
function parsedSuiteSchema(): JsonSchema {
  suiteSchema ??= JSON.parse(readFileSync(suiteSchemaPath, 'utf8')) as JsonSchema
  return suiteSchema
}

/** Validates a parsed suite against suites/suite.schema.json; throws an InputError naming file, line and field. */
export function validateSuiteShape(document: SourceDocument): void {
  suiteValidator ??= loadSuiteValidator()
  if (suiteValidator(document.value).length > 0) throwFirstError(document, validateVerbosely(parsedSuiteSchema(), document.value), parsedSuiteSchema())
}

/**
 * Validates one case of a case file (`cases: ./x.jsonl`) against the suite schema's case definition; the
 * InputError names the file, the case's line and the field inside the case.
 */
export function validateCaseShape(rawCase: unknown, file: string, line: number): void {
  suiteValidator ??= loadSuiteValidator()
  // The validator is the whole suite's: the case is checked as a suite's only case, and its paths made the case's own.
  const errors = (validate: (value: unknown) => ErrorObject[]) => validate({ name: 'case', cases: [rawCase] })
    .filter((error) => error.instancePath.startsWith('/cases/0'))
    .map((error) => ({ ...error, instancePath: error.instancePath.slice('/cases/0'.length) }))
  if (errors(suiteValidator).length === 0) return
  const root = parsedSuiteSchema()
  throwFirstError({ file, value: rawCase, lineOf: () => line }, errors((value) => validateVerbosely(root, value)), root, ['cases', 0])
}

/** Where `npm run build` writes the suite validator it generates (scripts/build-suite-validator.mjs). */
export const generatedSuiteValidator = packageFile('dist/schema/suite-validator.generated.cjs')

/** The validator generated at build time when it was made from this very schema text, else one compiled now. */
function loadSuiteValidator(): (value: unknown) => ErrorObject[] {
  const text = readFileSync(suiteSchemaPath, 'utf8')
  // Compiling the suite schema takes ~0.1 s of CPU per run; the built package ships it compiled, with the same
  // strict options (the sources, under test, compile it: a dist/ beside them may be older than they are).
  const generated = runningSources ? undefined : generatedValidator()
  if (generated && generated.schemaHash === hashText(text)) return (value) => validateWith(generated, value)
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

/**
 * Validates a parsed YAML/JSON document against a schema; the first useful error becomes an InputError with file,
 * line and field, followed by the other errors about the same object and then the document's other bad fields.
 */
export function validateDocument(document: SourceDocument, schema: JsonSchema): void {
  if (validateAgainst(schema, document.value).length > 0) throwFirstError(document, validateVerbosely(schema, document.value), schema)
}

/** The property names the schema declares at a path of the document: what an unknown key is compared with. */
type KeysAt = (path: readonly (string | number)[]) => readonly string[]

/** The schema the errors are of, and the keys it declares at a path of the document. */
type Schema = { readonly root: JsonSchema; readonly keysAt: KeysAt }

/** One problem to report: the field it is about and what is wrong there. */
type Problem = { readonly field: (string | number)[]; readonly message: string }

/** How many of a document's other problems follow the first: enough to fix most files in one go, not a screenful. */
const alsoShown = 3

/**
 * `allErrors`: ajv's `verbose` errors (each with the schema that failed: a union's branches, a list's items), of the
 * schema `root`, in whose documents this one sits `at` a path. Only a document with errors gets them: the verbose
 * validator is compiled then (the suite's: ~60 ms of CPU), not on every run.
 */
function throwFirstError(document: SourceDocument, allErrors: readonly ErrorObject[], root: JsonSchema, at: readonly (string | number)[] = []): void {
  if (allErrors.length === 0) return
  const schema: Schema = { root, keysAt: (path) => declaredKeysAt(root, [...at, ...path]) }
  const errors = pickedBranches(allErrors, root, document.value)
  const first = mostSpecific(errors)
  const unions = unionsOf(errors)
  const byPointer = new Map<string, ErrorObject[]>()
  for (const error of errors) getOrCreate(byPointer, error.instancePath, () => []).push(error)
  const problemsOf = (pointer: string) => problemsAt(pointer, byPointer.get(pointer)!, unions, document, schema)
  const where = (problem: Problem) => ({ file: document.file, line: document.lineOf(problem.field), field: problem.field.length > 0 ? problem.field.join('.') : '(root)' })
  // An unknown key is usually a misspelled one, so the key is the headline and the "missing" field it was meant to
  // be comes after it, with whatever else is wrong with the same object; then the document's other bad fields, in
  // file order, so that one run tells what to fix.
  const [main = { field: pointerToPath(first.instancePath), message: explain(first, undefined) }, ...sameObject] = problemsOf(first.instancePath)
  // Each object's problems stay together, in their order (its unknown keys first), placed by their earliest line.
  const elsewhere = [...byPointer.keys()].filter((pointer) => pointer !== first.instancePath)
    .map((pointer) => problemsOf(pointer).map((problem) => ({ problem, at: where(problem) })))
    .map((group) => ({ group, line: group.reduce((earliest, { at }) => Math.min(earliest, at.line ?? Infinity), Infinity) }))
    .sort((a, b) => a.line - b.line || 0).flatMap(({ group }) => group)
  const others = [...sameObject.map((problem) => ({ problem, at: where(problem) })), ...elsewhere]
  const also = others.slice(0, alsoShown).map(({ problem, at }) => `\n  also: ${formatLocation(at)}${problem.message}`)
  const more = others.length > alsoShown ? `\n  and ${others.length - alsoShown} more` : ''
  throw new InputError(`${main.message}${also.join('')}${more}`, where(main))
}

/** The failed oneOfs and anyOfs of a validation, each by its own error (ajv's summary of it). */
type Unions = {
  /** Each union's branches' errors: at its path or below, the ones ajv reported just before it. */
  readonly branchErrors: ReadonlyMap<ErrorObject, readonly ErrorObject[]>
  /** The union (innermost) an error at the union's own path came from. */
  readonly unionOf: ReadonlyMap<ErrorObject, ErrorObject>
}

/** Each union's branches' errors (`branchErrorsStart`), and the union each error at a union's own path came from. */
function unionsOf(errors: readonly ErrorObject[]): Unions {
  const branchErrors = new Map<ErrorObject, ErrorObject[]>()
  const unionOf = new Map<ErrorObject, ErrorObject>()
  errors.forEach((union, index) => {
    if (!isUnion(union)) return
    const at = union.instancePath
    const own = errors.slice(branchErrorsStart(errors, index), index)
    branchErrors.set(union, own)
    // Inner unions come first in the list: an error keeps the innermost.
    for (const error of own) if (error.instancePath === at && !unionOf.has(error)) unionOf.set(error, union)
  })
  return { branchErrors, unionOf }
}

/** A branch's errors that say only the value is not of its form: what `unionMiss` tells as the forms the field takes. */
const missKeywords = ['type', 'enum', 'const']

/**
 * A branch's errors that add nothing beside its miss: a `not` (a tools entry of the wrong type also "must NOT be
 * valid") and an inner union's own summary (its branches are told).
 */
const quietInUnion = (error: ErrorObject) => error.keyword === 'not' || isUnion(error)

/**
 * The problems ajv found at one instance path, the unknown keys first. A `oneOf`/`anyOf`'s required fields are one
 * problem ("prompt" or "messages"); its branches whose type the value is not are noise beside a branch of its type
 * (`{ nam: f }`, or one failing deeper) or one's hint (`requird`), else one line of what the field takes; its own
 * summary is left out.
 */
function problemsAt(pointer: string, here: readonly ErrorObject[], unions: Unions, document: SourceDocument, schema: Schema): Problem[] {
  const { keysAt } = schema
  const path = pointerToPath(pointer)
  const problems: Problem[] = []
  const value = valueAt(document.value, path)
  const groups = new Map<ErrorObject | string, ErrorObject[]>()
  for (const error of here) {
    const union = unions.unionOf.get(error)
    // A required field outside a union is a union of one: its field is named the same way.
    const group = union ?? (error.keyword === 'required' ? `${error.schemaPath}:${String(error.params.missingProperty)}` : undefined)
    if (error.keyword === 'additionalProperties') {
      const key = String(error.params.additionalProperty)
      problems.push({ field: [...path, key], message: `unknown field "${key}"${unknownFieldHint(key, keysAt(path))}` })
    } else if (group !== undefined && (error.keyword === 'required' || missKeywords.includes(error.keyword))) getOrCreate(groups, group, () => []).push(error)
    else if (union !== undefined && quietInUnion(error)) continue
    // A union that failed with no branch's error (two branches of a oneOf met) is told as such.
    else if (!isUnion(error) || unions.branchErrors.get(error)!.length === 0) problems.push({ field: path, message: explain(error, value, path) })
  }
  for (const [group, groupErrors] of groups) {
    // Two object forms may both require the field (`type`): it is one name.
    const names = [...new Set(groupErrors.flatMap((error) => (error.keyword === 'required' ? [String(error.params.missingProperty)] : [])))]
    const misses = groupErrors.filter((error) => error.keyword !== 'required')
    // A branch of the value's type said more (an error at this path other than a miss, or one below it): the misses are noise.
    const fitsABranch = typeof group !== 'string' && unions.branchErrors.get(group)!.some((error) => error.instancePath !== pointer || !(missKeywords.includes(error.keyword) || quietInUnion(error)))
    if (misses.length > 0 && !fitsABranch) problems.push({ field: path, message: unionMiss(misses, value, path, schema) })
    const quoted = names.map((name) => `"${name}"`)
    if (names.length > 0) problems.push(names.length === 1
      ? { field: [...path, names[0]!], message: `missing required field ${quoted[0]}` }
      : { field: path, message: `missing a required field: ${quoted.slice(0, -1).join(', ')} or ${quoted.at(-1)}` })
  }
  const unknownFirst = [...problems].sort((a, b) => Number(b.message.startsWith('unknown field')) - Number(a.message.startsWith('unknown field')))
  return unknownFirst.filter((problem, index) => unknownFirst.findIndex((other) => other.message === problem.message) === index)
}

/**
 * What a value of no branch's type or enum is told: a branch's hint, else every form the field takes. A word close
 * to an allowed one (`al`, `requird`) was that word; a list's "write [x]" only fits a value the list could hold
 * (`custom: 3` is no check; `allow: '*'` is no tool's name).
 */
function unionMiss(misses: readonly ErrorObject[], value: unknown, path: readonly (string | number)[], { root, keysAt }: Schema): string {
  const hinted = misses.filter((miss) => explain(miss, value, path) !== explain(miss, undefined, path))
  const shown = misses.length === 1 ? misses[0]
    : hinted.find((miss) => miss.keyword === 'enum' || miss.keyword === 'const') ?? hinted.find((miss) => miss.params.type !== 'array' || listCouldHold(miss, value, root))
  if (shown) return explain(shown, value, path)
  // The keys declared here are every object form's together: they name the one object form, not one of several.
  const objectForms = misses.filter((miss) => miss.params.type === 'object').length
  const forms = [...new Set(misses.flatMap((miss) => {
    if (miss.keyword === 'enum') return (miss.params.allowedValues as unknown[]).map((allowed) => JSON.stringify(allowed))
    if (miss.keyword === 'const') return [JSON.stringify(miss.params.allowedValue)]
    if (miss.params.type === 'object' && objectForms === 1) return [`{ ${keysAt(path).map((key) => `${key}: …`).join(', ') || '…'} }`]
    return [typeInWords(String(miss.params.type))]
  }))]
  return forms.length === 1 ? `expected ${forms[0]}` : `expected one of: ${forms.slice(0, -1).join(', ')}, or ${forms.at(-1)}`
}

/**
 * Whether the list a `type: array` miss is of takes the value as an item (its `items`, checked by ajv; a list of
 * anything does). An object is: one where a list goes is its one item, or the list written as a mapping (`cases: { a: … }`).
 */
function listCouldHold(miss: ErrorObject, value: unknown, root: JsonSchema): boolean {
  if (isPlainObject(value)) return true
  const list: unknown = miss.parentSchema
  const items = isSchema(list) ? list.items : undefined
  const validate = isSchema(items) ? subschemaValidator(root, items) : undefined
  return validate === undefined || validate(value) === true
}

/** A JSON type, or ajv's list of them (`string,null`), as a form is told: "an integer", "a list", "a string or null". */
function typeInWords(type: string): string {
  const words = type.split(',').map((name) => (name === 'array' ? 'list' : name)).join(' or ')
  return `${/^[aeiou]/.test(words) ? 'an' : 'a'} ${words}`
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

function explain(error: ErrorObject, value: unknown, path: readonly (string | number)[] = []): string {
  switch (error.keyword) {
    case 'pattern': {
      // ajv says only the regular expression; the field's description (the errors are verbose ones) says what it holds.
      const description = (error.parentSchema as { description?: unknown } | undefined)?.description
      const what = typeof description === 'string' ? ` — ${description.charAt(0).toLowerCase()}${description.slice(1).replace(/\.$/, '')}` : ''
      return `expected a value that ${error.message ?? 'matches the schema'}, got ${JSON.stringify(value)}${what}`
    }
    case 'maximum': {
      // A field capped at 1 is a fraction (a gate's rate, top_p): 75 was meant as 75%.
      const slip = error.params.limit === 1 ? percentageSlip(value) : undefined
      return slip ?? `expected a value that ${error.message ?? 'matches the schema'}`
    }
    case 'enum': {
      const allowed = error.params.allowedValues as unknown[]
      const slip = typeof value === 'string' ? didYouMean(value, allowed.filter((v): v is string => typeof v === 'string')) : ''
      return `expected one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}${slip}`
    }
    case 'const': {
      const allowed = error.params.allowedValue as unknown
      return `expected ${JSON.stringify(allowed)}${typeof value === 'string' && typeof allowed === 'string' ? didYouMean(value, [allowed]) : ''}`
    }
    case 'type': {
      // A timeout (`stub_timeout`, `timeout`, an MCP server's `timeout: { call }`) is seconds: `30s` meant 30.
      const seconds = error.params.type === 'number' && path.slice(-2).some((key) => String(key).endsWith('timeout')) ? secondsMeant(value) : undefined
      if (seconds !== undefined) return `expected a number of seconds, got the string ${JSON.stringify(value)}: write ${seconds}`
      // `calls: [get_weather]`: a call written as its tool's name.
      if (error.params.type === 'object' && typeof value === 'string' && ['calls', 'forbid'].includes(String(path.at(-2)))) return `expected object, got the string ${JSON.stringify(value)}: a call is written { name: ${JSON.stringify(value)} }`
      // A count is an integer field, or a token budget (`max_tool_tokens`, its `total` and per-tool entries: numbers).
      const counts = error.params.type === 'integer' || path.slice(-3).some((key) => String(key).endsWith('_tokens'))
      const slip = error.params.type === 'string' ? quotingSlip(value) : error.params.type === 'array' ? listSlip(value) : unquotingSlip(value, error.params.type, counts)
      return `expected ${String(error.params.type).split(',').join(' or ')}${slip}`
    }
    case 'oneOf':
      return 'expected exactly one of the allowed forms (see the schema)'
    default:
      return `expected a value that ${error.message ?? 'matches the suite schema'}`
  }
}
