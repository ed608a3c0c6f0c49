import type { ErrorObject } from 'ajv'
import { isPlainObject } from '../core/plain-object.ts'
import type { JsonSchema } from '../core/tool.ts'
import { validateVerbosely } from './ajv.ts'
import { conjunctions } from './conjunctions.ts'
import { pointerToPath, valueAt } from './json-pointer.ts'
import { isSchema, standaloneSchema } from './local-ref.ts'

export const isUnion = (error: ErrorObject) => error.keyword === 'oneOf' || error.keyword === 'anyOf'

/**
 * Where the errors of the union at `index` begin: ajv reports a union's branches' errors (at its path or below)
 * just before the union's own. Its branches are told by their place in the list, not by their schema paths — a
 * `$ref` branch's errors carry the path of the schema it names (`#/definitions/customCheck/type`).
 */
export function branchErrorsStart(errors: readonly ErrorObject[], index: number): number {
  const at = errors[index]!.instancePath
  let start = index
  while (start > 0 && (errors[start - 1]!.instancePath === at || errors[start - 1]!.instancePath.startsWith(`${at}/`))) start--
  return start
}

/**
 * The errors with each union whose discriminator picks one branch told by that branch alone: a property whose
 * `const`/`enum` the value meets in one branch and misses in another (`thinking: { type: enabled }` is the
 * `budget_tokens` form). The other branches' errors (`type: expected one of "adaptive", "disabled"`) are about
 * forms the user did not write, and the deepest of them would be the headline.
 */
export function pickedBranches(errors: readonly ErrorObject[], root: JsonSchema, document: unknown): ErrorObject[] {
  // The errors are ajv's `verbose` ones: each union's carries its branches (`schema`).
  let current = [...errors]
  for (let index = current.length - 1; index >= 0; index--) {
    const union = current[index]!
    const told = isUnion(union) ? pickedBranchErrors(union, root, document) : undefined
    if (told === undefined) continue
    const start = branchErrorsStart(current, index)
    // The picked branch's own unions, now in the list, are read in turn (the walk goes on from the union's place).
    current = [...current.slice(0, start), ...told, ...current.slice(index + 1)]
    index = start + told.length
  }
  return current
}

/** The picked branch's errors (`verbose` too) at the union's place, else undefined. */
function pickedBranchErrors(union: ErrorObject, root: JsonSchema, document: unknown): ErrorObject[] | undefined {
  const value = valueAt(document, pointerToPath(union.instancePath))
  const branches: unknown = union.schema
  if (!isPlainObject(value) || !Array.isArray(branches)) return undefined
  const verdicts = branches.map((branch) => (isSchema(branch) ? tagVerdict(branch, root, value) : 'untagged'))
  const picked = verdicts.indexOf('meets')
  if (picked < 0 || verdicts.lastIndexOf('meets') !== picked || !verdicts.includes('misses')) return undefined
  const errors = branchErrors(root, branches[picked] as JsonSchema, value)
  // No error: the branch holds, and a oneOf failed because another held too; that is told as it was.
  if (errors.length === 0) return undefined
  return errors.map((error) => ({ ...error, instancePath: `${union.instancePath}${error.instancePath}` }))
}

// A branch that cannot stand alone (a `$ref` to `#/properties/…`, inside an `$id`) tells nothing: the union is told as it was.
function branchErrors(root: JsonSchema, branch: JsonSchema, value: unknown): ErrorObject[] {
  const standalone = standaloneSchema(root, branch)
  try {
    return standalone ? validateVerbosely(standalone, value) : []
  } catch {
    return []
  }
}

/**
 * How a branch's tags — its properties given by a `const` or an `enum` — read the object: `meets` when some
 * reading of it has tags for the object's keys and the object meets them all, `misses` when every reading misses one.
 */
function tagVerdict(branch: JsonSchema, root: JsonSchema, value: Record<string, unknown>): 'meets' | 'misses' | 'untagged' {
  const readings = conjunctions(branch, root).map((members) => {
    const tags = members.flatMap((member) => Object.entries(isSchema(member.properties) ? member.properties : {}))
      .flatMap(([key, property]) => (Object.hasOwn(value, key) && isSchema(property) ? wordsOf(property).map((words) => ({ key, words })) : []))
    const met = tags.map(({ key, words }) => words.some((word) => JSON.stringify(word) === JSON.stringify(value[key])))
    return met.includes(false) ? 'misses' : met.length > 0 ? 'meets' : 'untagged'
  })
  return readings.includes('meets') ? 'meets' : readings.length > 0 && readings.every((reading) => reading === 'misses') ? 'misses' : 'untagged'
}

// A property's allowed words: its `const`, or its `enum`; none for any other schema.
function wordsOf(property: JsonSchema): unknown[][] {
  return 'const' in property ? [[property.const]] : Array.isArray(property.enum) ? [property.enum] : []
}
