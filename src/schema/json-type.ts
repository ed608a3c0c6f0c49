/** The JSON types a schema may name. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array'

/** Every JSON type, in the order messages list them. */
export const jsonTypes: readonly string[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null']

/** The JSON type of a value (integers report `integer`); undefined for what JSON has no type for (`undefined`, functions). */
function typeOfValue(value: unknown): JsonType | undefined {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number'
  if (typeof value === 'string' || typeof value === 'boolean' || typeof value === 'object') return typeof value as JsonType
  return undefined
}

/** True when a value's type is one of `types` (an integer is also a number). */
export function valueHasType(value: unknown, types: readonly JsonType[]): boolean {
  const type = typeOfValue(value)
  if (type === undefined) return false
  return types.includes(type) || (type === 'integer' && types.includes('number'))
}
