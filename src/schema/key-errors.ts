import type { ErrorObject } from 'ajv'
import type { SchemaIssue } from '../core/transcript.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { pointerToPath, valueAt } from './json-pointer.ts'
import type { SchemaNode } from './local-ref.ts'

/** The key an ajv error is about: the object holding it (a JSON Pointer into the value) and the key's name. */
export type ErrorKey = { readonly path: string; readonly key: string }

// ajv names the missing key in `params.missingProperty` for these keywords (`dependencies` only in its list form).
const missingKeywords: ReadonlySet<string> = new Set(['required', 'dependentRequired', 'dependencies'])

/**
 * The key an ajv error reports, read from the error as ajv wrote it: a key that is missing (`required`,
 * `dependentRequired`, draft-07's `dependencies: { a: [b] }`: `params.missingProperty`), or one the object may not
 * hold — `additionalProperties` / `unevaluatedProperties` false (their params name it), a name `propertyNames`
 * refuses (`params.propertyName`, and ajv's error for the rule inside it, which carries `propertyName`), or a key
 * whose value schema accepts nothing (`false`, `{ not: {} }`: ajv reports the value, at `/…/key`, of an object).
 * Undefined for every other error. `value` is the value validated (to tell an object's key from an array's index).
 */
export function errorKey(error: ErrorObject, value: unknown): ErrorKey | undefined {
  const params = error.params as Record<string, unknown>
  const path = error.instancePath
  if (missingKeywords.has(error.keyword) && params.missingProperty !== undefined) return { path, key: String(params.missingProperty) }
  if (error.keyword === 'additionalProperties') return { path, key: String(params.additionalProperty) }
  if (error.keyword === 'unevaluatedProperties') return { path, key: String(params.unevaluatedProperty) }
  if (error.keyword === 'propertyNames') return { path, key: String(params.propertyName) }
  if (error.propertyName !== undefined) return { path, key: error.propertyName }
  const never = error.keyword === 'false schema' || (error.keyword === 'not' && acceptsEverything(error.schema as SchemaNode))
  if (!never || path === '') return undefined
  const steps = pointerToPath(path)
  if (!isPlainObject(valueAt(value, steps.slice(0, -1)))) return undefined
  return { path: path.slice(0, path.lastIndexOf('/')), key: String(steps[steps.length - 1]) }
}

/**
 * Whether `errorKey` needs the subschema that failed to read this error, which only a verbose validator's errors
 * carry (`validateVerbosely`): a `not` below the top, which names a key only when its schema accepts nothing.
 */
export function needsFailingSchema(error: ErrorObject): boolean {
  return error.keyword === 'not' && error.instancePath !== '' && error.schema === undefined
}

/** A schema no value meets: `false`, or one whose `not` every value meets (`{ not: {} }`, `{ not: true }`), as ajv fails it without looking. */
export function acceptsNothing(node: unknown): boolean {
  return node === false || (isPlainObject(node) && 'not' in node && acceptsEverything(node.not as SchemaNode))
}

// `true` and `{}`: ajv's `not` fails on them without validating anything.
function acceptsEverything(node: SchemaNode | undefined): boolean {
  return node === true || (isPlainObject(node) && Object.keys(node).length === 0)
}

/** An issue that a required key is missing (`missing_required`). */
export function missesAKey(issue: SchemaIssue): boolean {
  return issue.property !== undefined && missingKeywords.has(issue.keyword)
}

/** An issue that the object may not hold a key (`hallucinated_param`, never also a schema violation). */
export function rejectsAKey(issue: SchemaIssue): boolean {
  return issue.property !== undefined && !missingKeywords.has(issue.keyword)
}
