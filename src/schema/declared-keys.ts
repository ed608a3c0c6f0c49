import type { JsonSchema } from '../core/tool.ts'
import { isSchema } from './local-ref.ts'

/**
 * Whether an object schema (refs resolved) declares a key: it is in `properties`, matches a `patternProperties`
 * pattern, or extra keys are explicitly allowed (`additionalProperties: true` or a schema). Objects without
 * `properties` are free-form: every key is declared. The one rule for scoring hallucinated parameters and for
 * checking a suite's expectations.
 */
export function keyIsDeclared(schema: JsonSchema, key: string): boolean {
  const properties = schema.properties
  if (!isSchema(properties)) return true
  if (Object.hasOwn(properties, key)) return true
  if (schema.additionalProperties === true || isSchema(schema.additionalProperties)) return true
  return isSchema(schema.patternProperties) && Object.keys(schema.patternProperties).some((pattern) => new RegExp(pattern, 'u').test(key))
}
