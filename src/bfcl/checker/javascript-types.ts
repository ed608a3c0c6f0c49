import { pyFloatFromString, pyIntFromString } from '../py/parse-number.ts'
import { pyRe, pySlice, pyStrip } from '../py/str.ts'
import { pyDict, pyFloat, pyInt, type PyClass, type PyValue } from '../py/value.ts'
import { BfclCrash } from './result.ts'

// simple_javascript (bfcl-multi-turn.md §6, bfcl-rules.md §13): the model writes every argument as JavaScript
// source text; BFCL turns it into a Python value by the declared type (strings unquoted, `5n` bigints, regex-read
// arrays and objects) before its usual type and value checks. Text that fits no form stays a string.

/** The Python class a converted value of each JavaScript type must have (BFCL's JS type table). */
const javascriptClasses: { readonly [type: string]: PyClass } = {
  String: 'str', any: 'str', integer: 'int', Bigint: 'int', float: 'float', Boolean: 'bool', dict: 'dict', array: 'list',
}

/** The expected Python class of a declared JavaScript type; BFCL raises (KeyError) on a type outside its table. */
export function javascriptClass(type: unknown): PyClass {
  if (typeof type === 'string' && Object.hasOwn(javascriptClasses, type)) return javascriptClasses[type]!
  throw new BfclCrash(`unknown JavaScript parameter type ${JSON.stringify(type)} (KeyError in BFCL's JS type table)`)
}

/** The JavaScript types whose items have a declared type. */
export function javascriptHasItems(type: unknown): boolean {
  return type === 'array'
}

// BFCL's array reader swallows every error and keeps the text; an unsupported item type is one of them.
class UnsupportedType extends Error {}

const { dot, space: s, digit: d, end } = pyRe
const re = (source: string, flags = '') => new RegExp(source, `u${flags}`)

const integerText = re(`^-?${d}+${end}`)
const floatText = re(`^-?${d}+(?:\\.${d}+)?${end}`)
const bigintText = re(`^-?${d}+n${end}`)
// Read from the start only (a prefix match): `[[a, b], [c]]` or `new Array([a], [b])`, one line.
const array2dForm = re(`^(?:\\[${s}*\\[${dot}*?\\]${s}*(?:,${s}*\\[${dot}*?\\]${s}*)*\\]|\\bnew${s}+Array\\(${s}*\\[${dot}*?\\]${s}*(?:,${s}*\\[${dot}*?\\]${s}*)*\\))`)
const bracketed = re(`\\[(${dot}*?)\\]`, 'g')
const arrayForm = re(`^(?:\\[(${dot}*?)\\]|\\bnew${s}+Array\\((${dot}*?)\\))`)
// `{…}` up to the first `}` (objects do not nest), then `key: value` pairs split at commas that precede a key.
const objectForm = re(`^\\{(${dot}*?)\\}`)
const objectPair = re(`([^:]+):${s}*(${dot}*?)(?:,${s}*(?=[^,]+:)|${end})`, 'g')

const quoted = (text: string) => (text.startsWith('"') && text.endsWith('"')) || (text.startsWith("'") && text.endsWith("'"))

/** BFCL's JavaScript converter: the value for a declared JS type from the model's string (`itemType` for arrays). */
export function convertJavascript(value: string, type: string, itemType?: string): PyValue {
  switch (type) {
    case 'String':
      return quoted(value) ? pySlice(value, 1, -1) : value
    case 'integer':
      return integerText.test(value) ? intOf(value) : value
    case 'float':
      return floatText.test(value) ? pyFloat(pyFloatFromString(value)!) : value
    case 'Bigint':
      return bigintText.test(value) ? intOf(pySlice(value, 0, -1)) : value
    case 'Boolean':
      return value === 'true' ? true : value === 'false' ? false : value
    case 'dict':
      return convertObject(pyStrip(value))
    case 'array':
      return convertArray(pyStrip(value), itemType)
    case 'any':
      return value
    default:
      throw new UnsupportedType(`unsupported JavaScript type ${JSON.stringify(type)}`)
  }
}

function intOf(text: string): PyValue {
  const value = pyIntFromString(text)
  if (value === undefined) throw new BfclCrash(`int(${JSON.stringify(text)}) raises ValueError in BFCL's JS converter`)
  return pyInt(value)
}

/** The converter as BFCL's checker calls it: an unsupported type raises there (no verdict). */
export function convertJavascriptParam(value: string, type: string, itemType?: string): PyValue {
  try {
    return convertJavascript(value, type, itemType)
  } catch (error) {
    if (error instanceof UnsupportedType) throw new BfclCrash(`${error.message} (ValueError in BFCL's JS converter)`)
    throw error
  }
}

function convertArray(code: string, itemType: string | undefined): PyValue {
  try {
    const grid = array2dForm.exec(code)
    if (grid) {
      return [...grid[0].matchAll(bracketed)].map((inner, index) => {
        let text = pyStrip(inner[1]!)
        // The lazy `[(.*?)]` leaves the outer bracket on the first row.
        if (index === 0 && text.startsWith('[')) text = pySlice(text, 1)
        return text.split(',').map((item) => parseJavascriptValue(pyStrip(item)))
      })
    }
    const match = arrayForm.exec(code)
    if (!match) return code
    const body = pyStrip(match[1] ?? match[2] ?? '')
    const items = body === '' ? [] : body.split(',')
    return items.map((item) => {
      const text = pyStrip(item)
      if (!itemType) return parseJavascriptValue(text)
      return convertJavascript(text, itemType, text.startsWith("'") || text.startsWith('"') ? 'String' : undefined)
    })
  } catch (error) {
    if (error instanceof UnsupportedType || error instanceof BfclCrash) return code
    throw error
  }
}

function convertObject(code: string): PyValue {
  if (code === '{}') return pyDict([])
  const match = objectForm.exec(code)
  if (!match) return code
  const entries: [PyValue, PyValue][] = []
  for (const pair of match[1]!.matchAll(objectPair)) {
    const key = pyStrip(pyStrip(pair[1]!), `'"`)
    const text = pyStrip(pair[2]!)
    if (text.startsWith('[') && text.endsWith(']')) entries.push([key, convertArray(pyStrip(text), undefined)])
    else if (text.startsWith('{') && text.endsWith('}')) entries.push([key, convertObject(pyStrip(text))])
    else entries.push([key, parseJavascriptValue(pyStrip(text, `'"`))])
  }
  return pyDict(entries)
}

/** BFCL's untyped JavaScript value parse: true/false, a quoted string unquoted, int, float, else the text. */
function parseJavascriptValue(raw: string): PyValue {
  const text = pyStrip(raw)
  if (text === 'true') return true
  if (text === 'false') return false
  if (quoted(text)) return pySlice(text, 1, -1)
  const asInt = pyIntFromString(text)
  if (asInt !== undefined) return pyInt(asInt)
  const asFloat = pyFloatFromString(text)
  return asFloat !== undefined ? pyFloat(asFloat) : text
}
