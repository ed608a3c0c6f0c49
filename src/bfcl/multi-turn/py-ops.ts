import { binaryOp } from '../python/evaluate.ts'
import { strRepr } from '../py/repr.ts'
import { pyStrip } from '../py/str.ts'
import type { PyValue } from '../py/value.ts'
import { PyException } from './py-error.ts'
import { isNumber, keyValue, num, PyOpaque, valEqual, type Val } from './values.ts'

// Python arithmetic and comparison on environment numbers (int + float is float, int + int stays int), with the
// TypeError CPython raises when an operand is not a number: the text a call's output shows.

/** `type(v).__name__` of environment data. */
export function typeName(v: Val): string {
  if (v === null) return 'NoneType'
  if (typeof v === 'boolean') return 'bool'
  if (typeof v === 'string') return 'str'
  if (Array.isArray(v)) return 'list'
  if (v instanceof Map) return 'dict'
  if (v instanceof Set) return 'set'
  if (v instanceof PyOpaque) return 'object'
  return 't' in v ? v.t : 'object'
}

const isNumeric = (v: Val): boolean => isNumber(v) || typeof v === 'boolean'

/**
 * Python `a + b`, `a - b`, `a * b`, `a / b` on numbers; `augmented` names the operator as `a -= b` does in
 * CPython's "unsupported operand type(s) for -=: 'float' and 'str'".
 */
export function arith(op: '+' | '-' | '*' | '/' | '//' | '%', a: Val, b: Val, augmented = false): Val {
  if (!isNumeric(a) || !isNumeric(b)) {
    throw new PyException('TypeError', `unsupported operand type(s) for ${op}${augmented ? '=' : ''}: '${typeName(a)}' and '${typeName(b)}'`)
  }
  return binaryOp(op, a as PyValue, b as PyValue) as Val
}

// Python's ordering of two values: numbers (bools included) by value, two strs by code point, two lists by their
// first unequal items (then by length); anything else raises.
function compare(op: '<' | '<=', a: Val, b: Val): number {
  if (isNumeric(a) && isNumeric(b)) return num(a) - num(b)
  if (typeof a === 'string' && typeof b === 'string') return a < b ? -1 : a > b ? 1 : 0
  if (Array.isArray(a) && Array.isArray(b)) {
    const at = a.findIndex((item, index) => index < b.length && !valEqual(item, b[index]!))
    if (at < 0) return a.length - b.length
    return compare(op, a[at]!, b[at]!)
  }
  throw new PyException('TypeError', `'${op}' not supported between instances of '${typeName(a)}' and '${typeName(b)}'`)
}

/** Python `a < b` (exact enough for the magnitudes these environments hold). */
export function lt(a: Val, b: Val): boolean {
  return compare('<', a, b) < 0
}

/** Python `a <= b`. */
export function le(a: Val, b: Val): boolean {
  return compare('<=', a, b) <= 0
}

/** Python truthiness. */
export function truthy(v: Val): boolean {
  if (v === null) return false
  if (typeof v === 'boolean') return v
  if (typeof v === 'string' || Array.isArray(v)) return v.length > 0
  if (v instanceof Map || v instanceof Set) return v.size > 0
  if (isNumber(v)) return num(v) !== 0
  return true
}

// The strings float() accepts (ASCII digits): an optional sign, digits with single underscores between them, a
// fraction, an exponent; or inf, infinity, nan in any case. Surrounding whitespace is stripped first.
const digitPart = '[0-9](?:_?[0-9])*'
const floatLiteral = new RegExp(`^[+-]?(?:(?:${digitPart}(?:\\.(?:${digitPart})?)?|\\.${digitPart})(?:[eE][+-]?${digitPart})?|inf|infinity|nan)$`, 'i')

/** Python `float(v)`. */
export function toFloat(v: Val): Val {
  if (isNumeric(v)) return { t: 'float', v: num(v) }
  if (typeof v !== 'string') throw new PyException('TypeError', `float() argument must be a string or a real number, not '${typeName(v)}'`)
  const text = v.trim()
  if (!floatLiteral.test(text)) throw new PyException('ValueError', `could not convert string to float: ${strRepr(v)}`)
  const lower = text.toLowerCase().replace(/^\+/, '')
  if (lower.endsWith('inf') || lower.endsWith('infinity')) return { t: 'float', v: lower.startsWith('-') ? -Infinity : Infinity }
  if (lower.endsWith('nan')) return { t: 'float', v: NaN }
  return { t: 'float', v: Number(text.replaceAll('_', '')) }
}

/** Python's `for x in v` (list.extend, comprehensions, sum): a str's characters, a list's items, a dict's or set's keys; anything else is no iterable. */
export function pyIter(v: Val): Val[] {
  if (typeof v === 'string') return [...v]
  if (Array.isArray(v)) return v
  if (v instanceof Map || v instanceof Set) return [...v.keys()].map(keyValue)
  throw new PyException('TypeError', `'${typeName(v)}' object is not iterable`)
}

// A Unicode decimal digit's value: Nd digits are encoded in runs of ten, ascending from 0 (a Unicode stability
// guarantee), so it is its distance from the run's start, modulo 10 (some runs of ten follow one another).
const isDecimalDigit = (c: string): boolean => /^\p{Nd}$/u.test(c)
function digitValue(c: string): string {
  if (c >= '0' && c <= '9') return c
  let zero = c.codePointAt(0)!
  while (isDecimalDigit(String.fromCodePoint(zero - 1))) zero--
  return String((c.codePointAt(0)! - zero) % 10)
}

/** Whether Python's `float(s)` takes this str (any script's digits, Unicode whitespace around). */
export function floatTakes(s: string): boolean {
  return floatLiteral.test([...pyStrip(s)].map((c) => (isDecimalDigit(c) ? digitValue(c) : c)).join(''))
}

/**
 * Python `int(s)` of a str: Unicode whitespace around, an optional sign, decimal digits (any script's) with single
 * underscores between them; CPython's ValueErrors (the literal's repr cut to 200 characters, and the 4300-digit
 * limit of str to int conversion).
 */
export function intOfStr(s: string): bigint {
  const text = [...pyStrip(s)].map((c) => (isDecimalDigit(c) ? digitValue(c) : c)).join('')
  if (!/^[+-]?[0-9](?:_?[0-9])*$/.test(text)) {
    throw new PyException('ValueError', `invalid literal for int() with base 10: ${[...strRepr(s)].slice(0, 200).join('')}`)
  }
  const digits = text.replace(/[^0-9]/g, '')
  if (digits.length > 4300) {
    throw new PyException('ValueError', `Exceeds the limit (4300 digits) for integer string conversion: value has ${digits.length} digits; use sys.set_int_max_str_digits() to increase the limit`)
  }
  return text.startsWith('-') ? -BigInt(digits) : BigInt(digits)
}
