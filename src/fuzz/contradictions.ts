import type { JsonSchema } from '../core/tool.ts'
import { toPointer, type JsonPath } from './json.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { requiredKeys, typesOf } from './schema-node.ts'
import { valueHasType } from '../schema/json-type.ts'

/**
 * Obvious contradictions that make a (sub)schema unsatisfiable when it must be present — an `enum` or `const` of the
 * wrong type, `minimum > maximum`, `minLength > maxLength`, `minItems > maxItems`, a required key a closed object
 * does not declare. Real tool schemas have them (BFCL declares `type: array` with an `enum` of strings); no valid
 * arguments exist then, so a fuzz run reports the tool as skipped instead of blaming the validator.
 */
export function schemaContradictions(schema: JsonSchema): string[] {
  const found: string[] = []
  const visit = (node: unknown, path: JsonPath): void => {
    if (!isPlainObject(node)) return
    const where = toPointer(path) || '(arguments)'
    const types = typesOf(node)
    if (types.length > 0 && Array.isArray(node.enum) && !node.enum.some((value) => valueHasType(value, types))) {
      found.push(`${where}: no enum value has type ${types.join('|')}`)
    }
    if (types.length > 0 && 'const' in node && !valueHasType(node.const, types)) found.push(`${where}: const does not have type ${types.join('|')}`)
    for (const [low, high] of [['minimum', 'maximum'], ['minLength', 'maxLength'], ['minItems', 'maxItems'], ['minProperties', 'maxProperties']] as const) {
      if (typeof node[low] === 'number' && typeof node[high] === 'number' && node[low] > node[high]) found.push(`${where}: ${low} > ${high}`)
    }
    const properties = isPlainObject(node.properties) ? node.properties : {}
    const required = requiredKeys(node)
    if (node.additionalProperties === false && node.patternProperties === undefined) {
      for (const key of required) if (!(key in properties)) found.push(`${where}: required "${key}" is not a declared property of a closed object`)
    }
    // Only required properties and non-empty arrays make a contradiction unavoidable.
    for (const key of required) visit(properties[key], [...path, key])
    if (typeof node.minItems === 'number' && node.minItems > 0 && isPlainObject(node.items)) visit(node.items, [...path, 0])
  }
  visit(schema, [])
  return found
}
