import { pyRepr } from '../py/repr.ts'
import { pyClass, pyEqual, pyItems, pyIterate, type PyClass, type PyValue } from '../py/value.ts'
import { BfclCrash } from './result.ts'

/** The type checker's state: BFCL keeps going after a nested failure, so validity and error type travel together. */
export type TypeCheck = {
  readonly valid: boolean
  /** The possible answer holds a value of another class than declared (a "variable"): compare by membership. */
  readonly isVariable: boolean
  readonly errorType: 'type_error:simple' | 'type_error:nested'
  readonly errors: readonly string[]
}

/** The option list's items (`for answer in possible_answer`); dict options iterate their keys, as Python does. */
export function optionItems(options: PyValue): readonly PyValue[] {
  const items = pyIterate(options)
  if (!items) throw new BfclCrash(`possible answer ${pyRepr(options)} is not iterable (TypeError in BFCL)`)
  return items
}

/** Class of the first option that is not `""`, or undefined (BFCL's get_possible_answer_type). */
function possibleAnswerClass(options: PyValue): PyClass | undefined {
  for (const option of optionItems(options)) if (!pyEqual(option, '')) return pyClass(option)
  return undefined
}

/**
 * BFCL's type_checker (bfcl-rules.md §6.2): exact class check against the declared type; a possible answer of
 * another class marks a "variable"; arrays/tuples check their items against each list option; a non-list option
 * (`""`, null) accepts any items.
 */
export function typeCheck(
  param: string,
  value: PyValue,
  options: PyValue,
  declared: string,
  expected: PyClass,
  nested: PyClass | undefined,
): TypeCheck {
  const answerClass = possibleAnswerClass(options)
  const isVariable = answerClass !== undefined && answerClass !== expected
  const valueClass = pyClass(value)
  let errorType: TypeCheck['errorType'] = 'type_error:simple'
  const errors: string[] = []
  let valid = true
  if (valueClass === expected) {
    if (nested === undefined) return { valid: true, isVariable, errorType, errors }
    for (const option of optionItems(options)) {
      if (!Array.isArray(option) || itemsMatch(value, option, nested)) return { valid: true, isVariable, errorType, errors }
    }
    valid = false
    errorType = 'type_error:nested'
    errors.push(`Nested type checking failed for parameter ${pyRepr(param)}. Expected outer type ${declared} with inner type <class '${nested}'>. Parameter value: ${pyRepr(value)}.`)
  }
  if (answerClass !== undefined && valueClass === answerClass) return { valid, isVariable: true, errorType, errors }
  errors.push(`Incorrect type for parameter ${pyRepr(param)}. Expected type ${declared}, got ${valueClass}. Parameter value: ${pyRepr(value)}.`)
  return { valid: false, isVariable, errorType: 'type_error:simple', errors }
}

// The recursive call BFCL makes per item: the item's class must be the nested class or the option's answer class.
function itemsMatch(value: PyValue, option: readonly PyValue[], nested: PyClass): boolean {
  const items = pyItems(value)
  if (!items) throw new BfclCrash(`value ${pyRepr(value)} is not iterable`)
  const optionClass = possibleAnswerClass(option)
  return items.every((item) => {
    const itemClass = pyClass(item)
    return itemClass === nested || (optionClass !== undefined && itemClass === optionClass)
  })
}
