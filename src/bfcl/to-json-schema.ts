import type { JsonSchema, ToolDefinition } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'
import { languageProperties } from './language-docs.ts'

/** A BFCL function doc as found in `BFCL_v4_<category>.json` (`function[i]`): BFCL's own type vocabulary. */
export type BfclFunctionDoc = {
  readonly name: string
  readonly description?: string
  readonly parameters?: { readonly [key: string]: unknown }
  readonly [key: string]: unknown
}

/** The language a BFCL category is written for; decides the description hint BFCL appends before sending. */
export type BfclLanguage = 'python' | 'java' | 'javascript'

/** How to convert: defaults are what BFCL sends to OpenAI-style FC models for Python categories. */
export type BfclToolOptions = {
  /** Replace every `.` in the name by `_`, as BFCL does for OpenAI/Anthropic/Mistral/Google/... FC styles. Default true. */
  readonly mangleNames?: boolean
  /** Append BFCL's " Note that the provided function is in … syntax." to the description. Default true. */
  readonly languageHint?: boolean
  readonly language?: BfclLanguage
}

const languageHints: { readonly [L in BfclLanguage]: string } = {
  python: ' Note that the provided function is in Python 3 syntax.',
  java: ' Note that the provided function is in Java 8 SDK syntax.',
  javascript: ' Note that the provided function is in JavaScript syntax.',
}

// BFCL's type table for FC conversion (bfcl-rules.md §3.3). Anything absent from it becomes `string`.
const typeTable: { readonly [bfclType: string]: string } = {
  integer: 'integer', byte: 'integer', short: 'integer', long: 'integer', Bigint: 'integer',
  float: 'number', double: 'number', number: 'number',
  string: 'string', String: 'string', char: 'string', any: 'string', Any: 'string',
  dict: 'object', object: 'object', HashMap: 'object', Hashtable: 'object',
  array: 'array', list: 'array', tuple: 'array', Array: 'array', ArrayList: 'array', Queue: 'array', Stack: 'array',
  boolean: 'boolean', bool: 'boolean',
}

/** The JSON Schema type BFCL sends for one BFCL type name (unknown or missing → `string`). */
export function jsonSchemaType(bfclType: unknown): string {
  return typeof bfclType === 'string' && Object.hasOwn(typeTable, bfclType) ? typeTable[bfclType]! : 'string'
}

/** BFCL function name as an FC model sees it: dots become underscores (only dots; nothing else is sanitised). */
export function mangleName(name: string): string {
  return name.replaceAll('.', '_')
}

/**
 * Converts one BFCL function doc into a toolgauge ToolDefinition the way BFCL's `convert_to_tool` does for FC
 * models: `dict`→object, `float`→number (a float property also gets `format: float` and a description note),
 * `tuple`→array, `any`→string, dotted names → underscores. The result's `parameters` is always a valid JSON Schema.
 */
export function bfclFunctionToTool(fn: BfclFunctionDoc, options: BfclToolOptions = {}): ToolDefinition {
  const { mangleNames = true, languageHint = true, language = 'python' } = options
  const description = (typeof fn.description === 'string' ? fn.description : '') + (languageHint ? languageHints[language] : '')
  const raw = isPlainObject(fn.parameters) ? fn.parameters : {}
  // Java/JS docs: each parameter is source text in a string, its type named in the description (language-docs.ts).
  const sent = isPlainObject(raw.properties) && language !== 'python' ? { ...raw, properties: languageProperties(raw.properties, language) } : raw
  const parameters = convertSchema(sent, 'top')
  return {
    name: mangleNames ? mangleName(fn.name) : fn.name,
    ...(description ? { description } : {}),
    parameters,
  }
}

// Where a schema node sits: BFCL adds its float note to named properties only, not to array items.
type Position = 'top' | 'property' | 'items'

// Converts one schema node; the top level is always an object, whatever BFCL wrote there ("dict"). BFCL maps
// types two levels into items; deeper levels are mapped too, so the result is always a valid JSON Schema.
function convertSchema(node: { readonly [key: string]: unknown }, position: Position): JsonSchema {
  const topLevel = position === 'top'
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(node)) {
    if (key === 'type' || key === 'properties' || key === 'items') continue
    out[key] = value
  }
  const type = topLevel ? 'object' : jsonSchemaType(node.type)
  out.type = type
  if (position === 'property' && node.type === 'float') {
    // BFCL marks floats so FC models do not answer with integers (they still do; see type_error:nested).
    out.format = 'float'
    out.description = (typeof node.description === 'string' ? node.description : '') + ' This is a float type value.'
  }
  if (isPlainObject(node.properties)) {
    const properties: Record<string, JsonSchema> = {}
    for (const [name, child] of Object.entries(node.properties)) {
      properties[name] = convertSchema(isPlainObject(child) ? child : {}, 'property')
    }
    out.properties = properties
  } else if (type === 'object' && topLevel) {
    out.properties = {}
  }
  if (isPlainObject(node.items)) out.items = convertSchema(node.items, 'items')
  if (out.required !== undefined && !isStringList(out.required)) delete out.required
  if (out.enum !== undefined && !Array.isArray(out.enum)) delete out.enum
  return out
}

function isStringList(value: unknown): value is readonly string[] {
  return Array.isArray(value) && value.every((item) => typeof item === 'string')
}
