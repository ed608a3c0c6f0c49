import { roundedQuotient } from '../py/float-pow.ts'
import { PyEvalError } from './errors.ts'

// CPython's conversions of an int to a float where arithmetic needs one: `int + float` converts the int, which
// raises OverflowError past the float range (JS's Number() says Infinity); `int / int` is the correctly rounded
// quotient (Number(a) / Number(b) rounds twice once an operand passes 2^53), and OverflowError past the range.

/** PyLong_AsDouble: the nearest float, or OverflowError "int too large to convert to float". */
export function floatOfInt(n: bigint): number {
  const x = Number(n)
  if (!Number.isFinite(x)) throw new PyEvalError('int too large to convert to float')
  return x
}

/** long_true_divide: a / b correctly rounded (ties to even, subnormals included); b is not 0. */
export function intTrueDivide(a: bigint, b: bigint): number {
  const exact = 1n << 53n
  if (a <= exact && a >= -exact && b <= exact && b >= -exact) return Number(a) / Number(b)
  const negative = (a < 0n) !== (b < 0n)
  const n = a < 0n ? -a : a
  const d = b < 0n ? -b : b
  if (n === 0n) return negative ? -0 : 0
  const value = roundedQuotient(n, d, 0)
  if (value === Infinity) throw new PyEvalError('integer division result too large for a float')
  return negative ? -value : value
}
