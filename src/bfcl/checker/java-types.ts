import { pyFloatFromString, pyIntFromString } from '../py/parse-number.ts'
import { pyRe, pySlice, pyStrip } from '../py/str.ts'
import { pyDict, pyFloat, pyInt, type PyClass, type PyValue } from '../py/value.ts'
import { BfclCrash } from './result.ts'

// simple_java (bfcl-multi-turn.md §6, bfcl-rules.md §13): the model writes every argument as Java source text;
// BFCL turns that text into a Python value by the declared type before its usual type and value checks. Text that
// does not fit the type's form stays a string (and then fails the type check). Each form below is BFCL's.

/** The Python class a converted value of each Java type must have (BFCL's Java type table). */
const javaClasses: { readonly [type: string]: PyClass | 'set' } = {
  byte: 'int', short: 'int', integer: 'int', long: 'int', float: 'float', double: 'float', boolean: 'bool',
  char: 'str', String: 'str', any: 'str', Array: 'list', ArrayList: 'list', Queue: 'list', Stack: 'list',
  HashMap: 'dict', Hashtable: 'dict', Set: 'set',
}

/** The expected Python class of a declared Java type; BFCL raises (KeyError) on a type outside its table. */
export function javaClass(type: unknown): PyClass | 'set' {
  if (typeof type === 'string' && Object.hasOwn(javaClasses, type)) return javaClasses[type]!
  throw new BfclCrash(`unknown Java parameter type ${JSON.stringify(type)} (KeyError in BFCL's Java type table)`)
}

/** The Java types whose items have a declared type (BFCL converts and type-checks their elements). */
export function javaHasItems(type: unknown): boolean {
  return type === 'Array' || type === 'ArrayList'
}

const { dot, space: s, word: w, digit: d, end } = pyRe
const re = (source: string, flags = '') => new RegExp(source, `u${flags}`)

const integerText = re(`^-?${d}+${end}`)
const floatText = re(`^(-?${d}+(?:\\.${d}+)?(?:[eE][+-]?${d}+)?)[fF]${end}`)
const doubleText = re(`^-?${d}+(?:\\.${d}+)?(?:[eE][+-]?${d}+)?${end}`)
const longText = re(`^(-?${d}+)[lL]${end}`)
// `new ArrayList<>(Arrays.asList(a, b))`, `new ArrayList<>() {{ add(a); add(b); }}` (any line breaks), `new ArrayList<>()`.
const asListForm = re(`new${s}+ArrayList<${w}*>\\(Arrays\\.asList\\((${dot}+?)\\)\\)`)
const addBlockForm = re(`new${s}+ArrayList<${w}*>\\(\\)${s}*\\{\\{${s}*([^]+?)${s}*\\}\\}`)
const addCall = re(`add\\((${dot}+?)\\)`, 'g')
const emptyListForm = re(`new${s}+ArrayList<${w}*>\\(\\)`)
// `new T[]{a, b}` on one line.
const arrayForm = re(`new${s}+${w}+\\[\\]${s}*\\{(${dot}*?)\\}`)
// `new HashMap<…>() {{ put("k", v); }}` (braces single or double, any line breaks), `new HashMap<…>()`.
const mapBlockForm = re(`new${s}+HashMap<[^]*?>${s}*\\(\\)${s}*\\{${s}*\\{?${s}*([^]*?)${s}*\\}?${s}*\\}`)
const putCall = re(`put\\("(${dot}*?)",${s}*(${dot}*?)\\)`, 'g')
const emptyMapForm = re(`new${s}+HashMap<${dot}*?>${s}*\\(\\)`)
const untypedLong = re(`^-?${d}+[lL]${end}`)

function intOf(text: string): PyValue {
  const value = pyIntFromString(text)
  if (value === undefined) throw new BfclCrash(`int(${JSON.stringify(text)}) raises ValueError in BFCL's Java converter`)
  return pyInt(value)
}

function floatOf(text: string): PyValue {
  const value = pyFloatFromString(text)
  if (value === undefined) throw new BfclCrash(`float(${JSON.stringify(text)}) raises ValueError in BFCL's Java converter`)
  return pyFloat(value)
}

/**
 * BFCL's Java converter: the value for a declared Java type from the model's string. `itemType` is the declared
 * type of an Array's or ArrayList's elements. Types BFCL has no converter for (Set, Hashtable, Queue, Stack)
 * crash BFCL's checker.
 */
export function convertJava(value: string, type: string, itemType?: string): PyValue {
  switch (type) {
    case 'byte':
    case 'short':
    case 'integer':
      return integerText.test(value) ? intOf(value) : value
    case 'float': {
      const match = floatText.exec(value)
      return match ? floatOf(match[1]!) : value
    }
    case 'double':
      return doubleText.test(value) ? floatOf(value) : value
    case 'long': {
      const match = longText.exec(value)
      return match ? intOf(match[1]!) : value
    }
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : value
    // BFCL's char pattern can never match, so a char stays the model's text, quotes included.
    case 'char':
    case 'String':
    case 'any':
      return value
    case 'ArrayList':
      return convertArrayList(value, itemType)
    case 'Array':
      return convertArray(value, itemType)
    case 'HashMap':
      return convertHashMap(value)
    case 'Set':
    case 'Hashtable':
    case 'Queue':
    case 'Stack':
      throw new BfclCrash(`BFCL has no Java converter for ${type} (NotImplementedError)`)
    default:
      throw new BfclCrash(`unsupported Java type ${JSON.stringify(type)} (ValueError in BFCL's Java converter)`)
  }
}

// An ArrayList element: String and char items lose one character each side (their quotes); others convert by type.
function arrayListItem(text: string, itemType: string | undefined): PyValue {
  if (itemType === 'char' || itemType === 'String') return pySlice(text, 1, -1)
  return itemType ? convertJava(text, itemType) : parseJavaValue(text)
}

function convertArrayList(value: string, itemType: string | undefined): PyValue {
  const asList = asListForm.exec(value)
  if (asList) return asList[1]!.split(',').map((item) => arrayListItem(pyStrip(item), itemType))
  const block = addBlockForm.exec(value)
  if (block) return [...block[1]!.matchAll(addCall)].map((call) => arrayListItem(pyStrip(call[1]!), itemType))
  return emptyListForm.test(value) ? [] : value
}

// Array elements are converted by the item type as top-level values are: a String item keeps its quotes.
function convertArray(value: string, itemType: string | undefined): PyValue {
  const match = arrayForm.exec(value)
  if (!match) return value
  return match[1]!.split(',').map((item) => pyStrip(item)).filter((item) => item !== '')
    .map((item) => (itemType ? convertJava(item, itemType) : parseJavaValue(item)))
}

function convertHashMap(value: string): PyValue {
  const block = mapBlockForm.exec(value)
  if (block) {
    const puts = block[1]!
    if (pyStrip(puts) === '') return pyDict([])
    return pyDict([...puts.matchAll(putCall)].map((put) => [put[1]!, parseJavaValue(pyStrip(put[2]!))] as const))
  }
  return emptyMapForm.test(value) ? pyDict([]) : value
}

/** BFCL's untyped Java value parse (HashMap values, untyped items): bool, "string", 5L, 1.5f, int, float, else text. */
function parseJavaValue(text: string): PyValue {
  if (text === 'true') return true
  if (text === 'false') return false
  if (text.startsWith('"') && text.endsWith('"')) return pySlice(text, 1, -1)
  if (untypedLong.test(text)) return intOf(pySlice(text, 0, -1))
  const float = floatText.exec(text)
  if (float) return floatOf(float[1]!)
  const asInt = pyIntFromString(text)
  if (asInt !== undefined) return pyInt(asInt)
  const asFloat = pyFloatFromString(text)
  return asFloat !== undefined ? pyFloat(asFloat) : text
}
