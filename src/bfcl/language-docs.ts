import { isPlainObject } from '../core/plain-object.ts'
import { jsonDumps } from './py/json-dumps.ts'
import { plainToPy } from './py/to-json.ts'

// What a model sees for simple_java / simple_javascript (BFCL's language-specific doc pre-processing): every
// top-level parameter becomes a string the model fills with Java/JavaScript source text, and its description
// says which type that text must express. The checker still reads the original types (java-types.ts,
// javascript-types.ts) to convert the text back.

type Properties = { readonly [name: string]: unknown }

const languageName = { java: 'Java', javascript: 'JavaScript' } as const

/** Has item types that move into the description (Java Array/ArrayList, JS array). */
function listType(language: 'java' | 'javascript', type: unknown): boolean {
  return language === 'java' ? type === 'Array' || type === 'ArrayList' : type === 'array'
}

/**
 * The `parameters.properties` BFCL sends for a Java or JavaScript doc: types become `string`; descriptions get
 * " This is Java <T> type parameter in string representation." (`any`: "This parameter can be of any type of
 * Java object in string representation."); list types get their item type in the description and lose `items`;
 * a JS `dict` with `properties` gets them as Python `json.dumps` text and loses them.
 */
export function languageProperties(properties: Properties, language: 'java' | 'javascript'): Properties {
  const name = languageName[language]
  const out: Record<string, unknown> = {}
  for (const [key, raw] of Object.entries(properties)) {
    if (!isPlainObject(raw)) {
      out[key] = raw
      continue
    }
    let description = typeof raw.description === 'string' ? raw.description : ''
    description += raw.type === 'any'
      ? ` This parameter can be of any type of ${name} object in string representation.`
      : ` This is ${name} ${String(raw.type)} type parameter in string representation.`
    const dropItems = listType(language, raw.type)
    if (dropItems) {
      description += ` The list elements are of type ${String(isPlainObject(raw.items) ? raw.items.type : undefined)}; they are not in string representation.`
    }
    const dropProperties = language === 'javascript' && raw.type === 'dict' && raw.properties !== undefined
    if (dropProperties) {
      // Docs are loaded as plain JSON, so a float written `5.0` would print as `5` here; no BFCL JS doc has one.
      description += ` The dictionary entries have the following schema; they are not in string representation. ${jsonDumps(plainToPy(raw.properties))}`
    }
    // BFCL edits the doc in place: keys keep their order, `type` and `description` are rewritten where they are.
    const param: Record<string, unknown> = {}
    for (const [field, value] of Object.entries(raw)) {
      if ((field === 'items' && dropItems) || (field === 'properties' && dropProperties)) continue
      param[field] = field === 'type' ? 'string' : field === 'description' ? description : value
    }
    param.description = description
    param.type = 'string'
    out[key] = param
  }
  return out
}
