import { Ajv, type Options, type ValidateFunction } from 'ajv'
import addFormatsModule from 'ajv-formats'
import type { ToolDefinition } from '../../src/core/tool.ts'
import type { Validator } from '../../src/fuzz/index.ts'
import { validateAgainst } from '../../src/schema/ajv.ts'

const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (ajv: Ajv) => void

/** An ajv validator with the given (loosening) options, the way applications configure it; validates in place. */
export function ajvValidator(options: Options, formats = true): Validator {
  const ajv = new Ajv({ allErrors: true, strict: false, ...options })
  if (formats) addFormats(ajv)
  const compiled = new Map<string, ValidateFunction>()
  return (args, tool) => {
    let validate = compiled.get(tool.name)
    if (!validate) {
      validate = ajv.compile(tool.parameters)
      compiled.set(tool.name, validate)
    }
    return validate(args) === true
  }
}

/** The sound reference: toolgauge's strict ajv. */
export const strictValidator: Validator = (args, tool) => validateAgainst(tool.parameters, args).length === 0

/** Enum values compared case-insensitively (zod-style `.toLowerCase()` preprocessing, category 10). */
export const caseInsensitiveEnum: Validator = (args, tool) => strictValidator(lowerEnums(args, tool.parameters), tool)

function lowerEnums(value: unknown, schema: ToolDefinition['parameters']): unknown {
  if (Array.isArray(schema.enum) && typeof value === 'string') {
    return schema.enum.find((option) => typeof option === 'string' && option.toLowerCase() === value.toLowerCase()) ?? value
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  const properties = (schema.properties ?? {}) as Record<string, ToolDefinition['parameters']>
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, properties[key] ? lowerEnums(item, properties[key]) : item]))
}

/** Over-strict: demands every declared property, as a closed-world "strict mode" would. */
export const requiresEverything: Validator = (args, tool) => {
  const declared = Object.keys((tool.parameters.properties ?? {}) as object)
  return strictValidator(args, tool) && declared.every((key) => Object.hasOwn(args as object, key))
}

/** Falls back to `{}` when validation fails instead of rejecting (vllm-project/vllm#54964). */
export const emptyFallback: Validator = (args, tool) => (strictValidator(args, tool) ? true : { valid: true, value: {} })

/** Key-order sensitive: a hand-rolled check that the first key sent is the first declared property. */
export const orderSensitive: Validator = (args, tool) => {
  const first = Object.keys((tool.parameters.properties ?? {}) as object)[0]
  return strictValidator(args, tool) && Object.keys(args as object)[0] === first
}

/** A "sentence normaliser" that appends a period to every string it repairs: repairing twice differs from once. */
export const periodAppendingRepair: Validator = (args, tool) => {
  if (strictValidator(args, tool)) return true
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false
  return { valid: true, value: Object.fromEntries(Object.entries(args).map(([key, item]) => [key, typeof item === 'string' ? `${item}.` : item])) }
}

/** What many applications do with raw arguments: JSON.parse, throwing on anything malformed. */
export const naiveParser = (raw: string): unknown => JSON.parse(raw)
