import { pyRepr, pyStr } from '../py/repr.ts'
import { standardizeString } from '../py/standardize.ts'
import { pyContains, pyEqual, pyItems, type PyValue } from '../py/value.ts'
import { BfclCrash, invalid, valid, type CheckResult } from './result.ts'
import { optionItems } from './type-check.ts'

// BFCL's string and list checkers (bfcl-rules.md §7.2, §7.3).

/** A copy with every top-level string standardised (nested values untouched), as BFCL's checkers do. */
export function standardizeTopLevel(items: readonly PyValue[]): PyValue[] {
  return items.map((item) => (typeof item === 'string' ? standardizeString(item) : item))
}

/** String checker: standardised output must equal one of the standardised string options. */
export function stringCheck(param: string, value: string, options: PyValue): CheckResult {
  const wanted = standardizeString(value)
  const accepted = optionItems(options).some((option) => typeof option === 'string' && standardizeString(option) === wanted)
  if (accepted) return valid
  return invalid('value_error:string', `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyStr(options)}. Case insensitive.`)
}

/** List checker: the output (top-level strings standardised) must equal one option (likewise standardised); `""` is `[]`. */
export function listCheck(param: string, value: PyValue, options: PyValue): CheckResult {
  const items = pyItems(value)
  if (!items) throw new BfclCrash(`value ${pyRepr(value)} is not a sequence`)
  const output = standardizeTopLevel(items)
  const accepted = optionItems(options).some((option) => {
    // BFCL walks each option with len()/indexing: a string option becomes its characters, None/numbers raise.
    const optionList = pyItems(option)
    if (!optionList) throw new BfclCrash(`list option ${pyRepr(option)} has no len() (TypeError in BFCL)`)
    return pyEqual(output, standardizeTopLevel(optionList))
  })
  if (accepted) return valid
  return invalid('value_error:list/tuple', `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyStr(options)}.`)
}

/** Membership (`value in options`) for the "variable" path and plain scalars. */
export function membershipCheck(param: string, value: PyValue, options: PyValue): CheckResult {
  const found = pyContains(options, value)
  if (found === undefined) throw new BfclCrash(`possible answer ${pyRepr(options)} does not support 'in'`)
  if (found) return valid
  return invalid('value_error:others', `Invalid value for parameter ${pyRepr(param)}: ${pyRepr(value)}. Expected one of ${pyStr(options)}.`)
}
