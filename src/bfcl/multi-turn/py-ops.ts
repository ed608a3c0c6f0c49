import { binaryOp } from '../python/evaluate.ts'
import type { PyValue } from '../py/value.ts'
import { PyException } from './py-error.ts'
import { isNumber, num, toPy, type Val } from './values.ts'

// Python arithmetic and comparison on environment numbers (int + float is float, int + int stays int).

function asNumberValue(v: Val, op: string): PyValue {
  if (isNumber(v) || typeof v === 'boolean') return v
  throw new PyException('TypeError', `unsupported operand type(s) for ${op}`)
}

/** Python `a + b`, `a - b`, `a * b`, `a / b` on numbers. */
export function arith(op: '+' | '-' | '*' | '/' | '//' | '%', a: Val, b: Val): Val {
  return binaryOp(op, asNumberValue(a, op), asNumberValue(b, op)) as Val
}

/** Python `a < b` etc. on numbers (exact enough for the magnitudes these environments hold). */
export function lt(a: Val, b: Val): boolean {
  return num(a) < num(b)
}

/** Python `a <= b` on numbers. */
export function le(a: Val, b: Val): boolean {
  return num(a) <= num(b)
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

/** Python `float(v)` for a number. */
export function toFloat(v: Val): Val {
  if (isNumber(v) || typeof v === 'boolean') return { t: 'float', v: num(v) }
  if (typeof v === 'string' && v.trim() !== '' && !Number.isNaN(Number(v))) return { t: 'float', v: Number(v) }
  throw new PyException('ValueError', `could not convert string to float: ${typeof v === 'string' ? `'${v}'` : String(toPy(v))}`)
}
