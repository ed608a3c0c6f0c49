import { pyRepr } from '../py/repr.ts'
import { dictGet, dictHas, isDict, pyContains, pyFloat, pyClass, type PyClass, type PyDict, type PyValue } from '../py/value.ts'
import { dictCheck, listDictCheck } from './dict-checks.ts'
import type { BfclLanguage } from '../to-json-schema.ts'
import { expectedClass, hasNestedCheck, type FunctionDoc, type ParamDoc } from './function-doc.ts'
import { convertJava, javaClass, javaHasItems } from './java-types.ts'
import { convertJavascriptParam, javascriptClass, javascriptHasItems } from './javascript-types.ts'
import { BfclCrash, invalid, valid, type CheckResult } from './result.ts'
import { typeCheck } from './type-check.ts'
import { listCheck, membershipCheck, stringCheck } from './value-checks.ts'

/** One decoded model call: `{name: {param: value}}`. */
export type DecodedCall = { readonly name: string; readonly args: PyDict }

/** One ground-truth call: the (dotted) function name and its parameter → option-list dict. */
export type GroundTruthCall = { readonly name: string; readonly params: PyDict }

/**
 * Checker options: BFCL's per-model flag for FC APIs that saw `.` replaced by `_` in function names, and the
 * language of the category's docs (Java/JavaScript values arrive as source text and are converted first).
 */
export type CheckOptions = { readonly underscoreToDot?: boolean; readonly language?: BfclLanguage }

/**
 * BFCL's simple_function_checker (bfcl-rules.md §5): name, required params, then each output param in output
 * order (known to schema and GT, type check, value check), then GT params neither given nor optional.
 * The first failure is the verdict.
 */
export function checkFunctionCall(doc: FunctionDoc, call: DecodedCall, gt: GroundTruthCall, options: CheckOptions = {}): CheckResult {
  const expectedName = options.underscoreToDot && doc.name.includes('.') ? doc.name.replaceAll('.', '_') : doc.name
  if (call.name !== expectedName) {
    return invalid('simple_function_checker:wrong_func_name', `Function name ${pyRepr(expectedName)} not found in model output.`)
  }
  const properties = doc.parameters?.properties
  const required = doc.parameters?.required
  if (!properties || !Array.isArray(required)) throw new BfclCrash(`function doc ${doc.name} lacks parameters.properties or required (KeyError in BFCL)`)
  for (const param of required) {
    if (!dictHas(call.args, param)) return invalid('simple_function_checker:missing_required', `Missing required parameter: ${pyRepr(param)}.`)
  }
  for (const [key, rawValue] of call.args.entries) {
    if (typeof key !== 'string' || !Object.hasOwn(properties, key) || !dictHas(gt.params, key)) {
      return invalid('simple_function_checker:unexpected_param', `Unexpected parameter: ${pyRepr(key)}.`)
    }
    const result = checkParam(key, rawValue, properties[key]!, dictGet(gt.params, key)!, options.language ?? 'python')
    if (!result.valid) return result
  }
  for (const [key, paramOptionList] of gt.params.entries) {
    if (dictHas(call.args, key)) continue
    const optional = pyContains(paramOptionList, '')
    if (optional === undefined) throw new BfclCrash(`possible answer for ${pyRepr(key)} does not support 'in'`)
    if (!optional) {
      return invalid('simple_function_checker:missing_optional', `Optional parameter ${pyRepr(key)} not provided and not marked as optional.`)
    }
  }
  return valid
}

// One parameter: the language's typing (Python's tuple→list and int→float, or Java/JS text conversion), the type
// check, then the value check by class.
function checkParam(param: string, rawValue: PyValue, doc: ParamDoc, options: PyValue, language: BfclLanguage): CheckResult {
  const typing = language === 'python' ? pythonTyping(param, rawValue, doc) : sourceTextTyping(param, rawValue, doc, language)
  if ('failure' in typing) return typing.failure
  const { value, expected, nested } = typing
  const typed = typeCheck(param, value, options, String(doc.type), expected, nested)
  if (!typed.valid) return invalid(typed.errorType, ...typed.errors)
  if (typed.isVariable) return membershipCheck(param, value, options)
  if (expected === 'dict') return dictCheck(value, options)
  if (expected === 'list' && nested === 'dict') return listDictCheck(value, options)
  if (expected === 'str') return stringCheck(param, value as string, options)
  if (expected === 'list') return listCheck(param, value, options)
  return membershipCheck(param, value, options)
}

/** A parameter's value as the type check sees it, with its expected class and item class; or an early failure. */
type ParamTyping = { readonly value: PyValue; readonly expected: PyClass; readonly nested: PyClass | undefined } | { readonly failure: CheckResult }

function pythonTyping(param: string, rawValue: PyValue, doc: ParamDoc): ParamTyping {
  const declared = doc.type
  const expected = expectedClass(declared)
  let nested = undefined
  if (hasNestedCheck(declared)) {
    if (!doc.items || doc.items.type === undefined) throw new BfclCrash(`parameter ${param} has no items.type (KeyError in BFCL)`)
    nested = expectedClass(doc.items.type)
  }
  let value = rawValue
  if (declared === 'tuple' && pyClass(value) === 'tuple') value = (value as { items: readonly PyValue[] }).items
  // Python auto-converts a top-level int to float for float params (never inside arrays; BFCL #407/#459).
  if (declared === 'float' && pyClass(value) === 'int') value = pyFloat(Number((value as { v: bigint }).v))
  return { value, expected, nested }
}

// Java/JavaScript: every value must be a string (the model writes source text), converted by the declared type;
// Array/ArrayList/array also convert and type-check their items by `items.type`.
function sourceTextTyping(param: string, rawValue: PyValue, doc: ParamDoc, language: 'java' | 'javascript'): ParamTyping {
  const java = language === 'java'
  const declared = doc.type
  const expected = java ? javaClass(declared) : javascriptClass(declared)
  if (typeof rawValue !== 'string') {
    return { failure: invalid(java ? 'type_error:java' : 'type_error:js', `Incorrect type for parameter ${pyRepr(param)}. Expected type String, got ${pyClass(rawValue)}. Parameter value: ${pyRepr(rawValue)}.`) }
  }
  const type = declared as string
  let nested: PyClass | 'set' | undefined
  let itemType: string | undefined
  if (java ? javaHasItems(type) : javascriptHasItems(type)) {
    if (!doc.items || doc.items.type === undefined) throw new BfclCrash(`parameter ${param} has no items.type (KeyError in BFCL)`)
    itemType = doc.items.type as string
    nested = java ? javaClass(itemType) : javascriptClass(itemType)
  }
  const value = java ? convertJava(rawValue, type, itemType) : convertJavascriptParam(rawValue, type, itemType)
  // A Set converter does not exist (convertJava crashes first), so 'set' never reaches the type check.
  return { value, expected: expected as PyClass, nested: nested as PyClass | undefined }
}

/** The ground-truth call from a GT list element `{funcName: {param: [options]}}`. */
export function groundTruthCall(element: PyValue): GroundTruthCall {
  if (!isDict(element) || element.entries.length === 0) throw new BfclCrash(`ground truth element ${pyRepr(element)} is not a {name: params} dict`)
  const [name, params] = element.entries[0]!
  if (typeof name !== 'string' || !isDict(params)) throw new BfclCrash(`ground truth element ${pyRepr(element)} is not a {name: params} dict`)
  return { name, params }
}
