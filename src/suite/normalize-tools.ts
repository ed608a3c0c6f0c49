import { closestName } from '../core/did-you-mean.ts'
import type { JsonSchema, ToolDefinition } from '../core/tool.ts'
import { isPlainObject } from '../core/plain-object.ts'

/** A problem found while normalizing one tool entry: the field (relative to the entry, `''` for the entry) and what is wrong. */
export type ToolShapeProblem = { readonly field: string; readonly message: string }

/** One accepted form of a tool entry: its keys (besides `name` and `description`) and the key holding the schema. */
type Form = { readonly label: string; readonly schemaKey: string; readonly keys: readonly string[]; readonly type?: string }

/**
 * The forms, by the key that holds the schema. Each lists every key it accepts: a key outside the list is an
 * error, not ignored — `paramaters` would otherwise load as a tool without arguments, and `inputSchema` in the OpenAI
 * form as one whose schema is `{}`. `type: 'function'` in the bare form is the Responses API's flat form; the MCP
 * form takes what `tools/list` (and `toolgauge mcp list --json`) gives, none of it sent to models but the schema.
 */
const forms = {
  parameters: { label: 'a bare tool', schemaKey: 'parameters', keys: ['type', 'parameters'], type: 'function' },
  input_schema: { label: 'an Anthropic tool', schemaKey: 'input_schema', keys: ['type', 'input_schema'], type: 'custom' },
  inputSchema: { label: 'an MCP tool', schemaKey: 'inputSchema', keys: ['title', 'inputSchema', 'outputSchema', 'annotations', 'icons', '_meta', 'runsLive'] },
} as const satisfies Record<string, Form>

const openAIInner: Form = { label: 'the function of an OpenAI tool', schemaKey: 'parameters', keys: ['parameters'] }
const schemaKeys = Object.keys(forms)

/** Keys of real tool formats that toolgauge does not send: said so, since dropping them would change what is measured. */
const notSent: Readonly<Record<string, string>> = {
  strict: 'toolgauge sends every tool non-strict, so calls are judged as the model makes them; remove it',
  cache_control: 'toolgauge sends no cache breakpoints; remove it',
}

/**
 * Turns one tool entry in any accepted form — OpenAI `{type:'function', function:{…}}`, bare
 * `{name, description, parameters}`, Anthropic `{name, description, input_schema}`, MCP `{name, description,
 * inputSchema}` — into a ToolDefinition. An unknown key is a problem (with "did you mean"), as is a schema given
 * under two forms' keys. Returns a problem instead of throwing so callers can name the file and line.
 */
export function normalizeTool(entry: unknown): ToolDefinition | ToolShapeProblem {
  if (!isPlainObject(entry)) return { field: '', message: 'expected an object (an OpenAI, bare, Anthropic or MCP tool)' }
  if ('function' in entry) {
    const name = nameOf(entry.function)
    const unknown = Object.keys(entry).find((key) => key !== 'type' && key !== 'function')
    if (unknown !== undefined) return unknownKey(unknown, { label: 'an OpenAI tool', keys: ['type', 'function'], candidates: ['type', 'function'] }, name)
    if (entry.type !== 'function') return { field: 'type', message: `${named(name)}expected "function" (an OpenAI tool is { type: "function", function: { name, description, parameters } })` }
    if (!isPlainObject(entry.function)) return { field: 'function', message: 'expected an object { name, description, parameters }' }
    const inner = normalizeIn(entry.function, openAIInner)
    return 'message' in inner ? { field: `function.${inner.field}`.replace(/\.$/, ''), message: inner.message } : inner
  }
  const given = schemaKeys.filter((key) => key in entry)
  if (given.length > 1) {
    return { field: given[1]!, message: `${named(nameOf(entry))}has both "${given[0]}" and "${given[1]}": give the schema once (parameters in the bare form, input_schema in Anthropic's, inputSchema in MCP's)` }
  }
  return normalizeIn(entry, forms[(given[0] ?? 'parameters') as keyof typeof forms])
}

function normalizeIn(entry: Record<string, unknown>, form: Form): ToolDefinition | ToolShapeProblem {
  const name = nameOf(entry)
  const known = ['name', 'description', ...form.keys]
  // Without a schema key yet, a slip may be aimed at any form's: `input_shema` → input_schema.
  const candidates = form.schemaKey in entry ? known : [...known, ...schemaKeys]
  const unknown = Object.keys(entry).find((key) => !known.includes(key))
  if (unknown !== undefined) return unknownKey(unknown, { label: form.label, keys: known, candidates, schemaKey: form.schemaKey }, name)
  if (name === undefined) return { field: 'name', message: 'expected a non-empty string' }
  if (entry.description !== undefined && typeof entry.description !== 'string') return { field: 'description', message: `${named(name)}expected a string` }
  if (entry.type !== undefined && entry.type !== form.type) {
    return { field: 'type', message: `${named(name)}expected ${form.type ? `"${form.type}" or no type` : 'no type'} in ${form.label}` }
  }
  const schema = entry[form.schemaKey] ?? { type: 'object', properties: {} }
  if (!isPlainObject(schema)) return { field: form.schemaKey, message: `${named(name)}expected a JSON Schema object` }
  return {
    name,
    ...(typeof entry.description === 'string' ? { description: entry.description } : {}),
    parameters: schema as JsonSchema,
  }
}

/** Where an unknown key was met: the form's label, the keys it has, the names a slip may aim at, its schema key. */
type KeyPlace = { readonly label: string; readonly keys: readonly string[]; readonly candidates: readonly string[]; readonly schemaKey?: string }

/** `tool "x": unknown key "paramaters" in a bare tool (did you mean "parameters"?); it has name, description, type, parameters`. */
function unknownKey(key: string, place: KeyPlace, name: string | undefined): ToolShapeProblem {
  // Another form's schema key is a form mixed up, not a typo: point at this form's own.
  const suggestion = place.schemaKey !== undefined && schemaKeys.includes(key) ? place.schemaKey : closestName(key, place.candidates)
  const hint = suggestion !== undefined ? ` (did you mean "${suggestion}"?)` : notSent[key] !== undefined ? ` (${notSent[key]})` : ''
  return { field: key, message: `${named(name)}unknown key "${key}" in ${place.label}${hint}; it has ${place.keys.join(', ')}` }
}

function nameOf(entry: unknown): string | undefined {
  return isPlainObject(entry) && typeof entry.name === 'string' && entry.name !== '' ? entry.name : undefined
}

function named(name: string | undefined): string {
  return name !== undefined ? `tool "${name}": ` : ''
}
