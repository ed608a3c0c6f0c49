import { pyRepr, pyStr } from '../py/repr.ts'
import { standardizeString } from '../py/standardize.ts'
import { dictGet, isDict, pyContains, pyItems, type PyDict, type PyValue } from '../py/value.ts'
import { BfclCrash, invalid, valid, type CheckResult } from './result.ts'
import { optionItems } from './type-check.ts'
import { standardizeTopLevel } from './value-checks.ts'

// BFCL's dict and list-of-dict checkers (bfcl-rules.md §7.4, §7.5), including their quirks: the missing-key loop
// runs even after a failure, the last evaluated option's state is returned, `""` options are skipped.

function asDict(value: PyValue, what: string): PyDict {
  if (!isDict(value)) throw new BfclCrash(`${what} ${pyRepr(value)} is not a dict (AttributeError in BFCL)`)
  return value
}

function contains(container: PyValue, x: PyValue): boolean {
  const found = pyContains(container, x)
  if (found === undefined) throw new BfclCrash(`${pyRepr(container)} does not support 'in'`)
  return found
}

// One option of the dict checker: valid, or why the output does not fit it.
function checkOneDictOption(output: PyDict, option: PyValue): CheckResult {
  let failure: { errorType: string; errors: string[] } | undefined
  for (const [key, value] of output.entries) {
    if (!contains(option, key)) {
      failure = { errorType: 'value_error:dict_key', errors: [`Unexpected dict key parameter: '${pyStr(key)}'.`] }
      break
    }
    const keyOptions = isDict(option) ? dictGet(option, key)! : undefined
    const items = keyOptions === undefined ? undefined : pyItems(keyOptions)
    if (!items) throw new BfclCrash(`dict option for key ${pyRepr(key)} is not a list`)
    const standardized = typeof value === 'string' ? standardizeString(value) : value
    const standardizedOptions = standardizeTopLevel(items)
    if (!contains(standardizedOptions, standardized)) {
      failure = {
        errorType: 'value_error:dict_value',
        errors: [`Invalid value for parameter ${pyRepr(key)}: ${pyRepr(value)}. Expected one of ${pyRepr(standardizedOptions)}.`],
      }
      break
    }
  }
  if (!isDict(option)) throw new BfclCrash(`dict option ${pyRepr(option)} has no items() (AttributeError in BFCL)`)
  for (const [key, keyOptions] of option.entries) {
    if (!contains(output, key) && !contains(keyOptions, '')) {
      failure = { errorType: 'value_error:dict_key', errors: [...(failure?.errors ?? []), `Missing dict key parameter: '${pyStr(key)}'.`] }
      break
    }
  }
  return failure ? invalid(failure.errorType, ...failure.errors) : valid
}

/** Dict checker: the output dict must fit one non-`""` option; else the last evaluated option's failure. */
export function dictCheck(value: PyValue, options: PyValue): CheckResult {
  const output = asDict(value, 'value')
  let result: CheckResult = invalid('dict_checker:unclear')
  for (const option of optionItems(options)) {
    if (option === '') continue
    result = checkOneDictOption(output, option)
    if (result.valid) return valid
  }
  return result
}

/** List-of-dict checker: same length as an option, and each dict fits the option's dict at the same index. */
export function listDictCheck(value: PyValue, options: PyValue): CheckResult {
  const output = pyItems(value)
  if (!output) throw new BfclCrash(`value ${pyRepr(value)} is not a list`)
  let result: CheckResult = invalid('list_dict_checker:unclear')
  for (const option of optionItems(options)) {
    const optionList = pyItems(option)
    if (!optionList) throw new BfclCrash(`list-of-dict option ${pyRepr(option)} has no len() (TypeError in BFCL)`)
    if (output.length !== optionList.length) {
      result = invalid('value_error:list_dict_count', 'Wrong number of dictionaries in the list.')
      continue
    }
    let allValid = true
    for (let index = 0; index < output.length; index++) {
      result = dictCheck(output[index]!, [optionList[index]!])
      if (!result.valid) {
        allValid = false
        break
      }
    }
    if (allValid) return valid
  }
  return result
}
