import type { ErrorObject } from 'ajv'
import { didYouMean } from '../core/did-you-mean.ts'
import { shorten } from '../core/shorten.ts'
import { jsonTypes } from './json-type.ts'
import { pointerToPath, valueAt } from './json-pointer.ts'

/**
 * Turns ajv's meta-schema errors about a user's schema into messages that name the offending value: `/properties/a:
 * type "strng" is not a JSON Schema type (did you mean "string"?)` instead of ajv's three messages about
 * enums, arrays and anyOf; otherwise `/properties/c/minimum is "x": must be number`, one message per place.
 */
export function describeMetaErrors(schema: unknown, errors: readonly ErrorObject[]): string[] {
  const messages = new Map<string, string>()
  for (const error of errors) {
    const path = error.instancePath
    const typeAt = /^(.*)\/type(?:\/\d+)?$/.exec(path)
    if (typeAt) {
      const where = typeAt[1] ?? ''
      const listed = valueAt(schema, pointerToPath(`${where}/type`))
      const unknown = (Array.isArray(listed) ? listed : [listed]).find((type) => typeof type !== 'string' || !jsonTypes.includes(type))
      if (unknown !== undefined && !messages.has(`${where}/type`)) {
        const hint = typeof unknown === 'string' ? didYouMean(unknown, jsonTypes) : ''
        const types = hint || ` (types: ${jsonTypes.join(', ')})`
        messages.set(`${where}/type`, `${where || '(root)'}: type ${JSON.stringify(unknown)} is not a JSON Schema type${types}`)
        continue
      }
    }
    // "must match a schema in anyOf" only repeats what the branch errors at the same place already said.
    if (error.keyword === 'anyOf' && errors.some((other) => other !== error && other.instancePath.startsWith(path))) continue
    if ([...messages.keys()].some((seen) => path.startsWith(seen))) continue
    messages.set(path, `${path || '(root)'} is ${preview(valueAt(schema, pointerToPath(path)))}: ${error.message ?? 'invalid'}`)
  }
  return [...messages.values()]
}

function preview(value: unknown): string {
  return shorten(JSON.stringify(value) ?? String(value), 80)
}
