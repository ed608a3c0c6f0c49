import { PyEvalError } from './errors.ts'

// CPython's conversions of an int to a float where arithmetic needs one: `int + float` converts the int, which
// raises OverflowError past the float range (JS's Number() says Infinity); `int / int` is the correctly rounded
// quotient (Number(a) / Number(b) rounds twice once an operand passes 2^53), and OverflowError past the range.

const bitLength = (n: bigint): number => n.toString(2).length

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
  // q = floor(n / d · 2^shift) with 55 bits or more, plus a sticky bit for any remainder.
  const shift = 55 + bitLength(d) - bitLength(n)
  const num = shift >= 0 ? n << BigInt(shift) : n
  const den = shift >= 0 ? d : d << BigInt(-shift)
  let q = ((num / den) << 1n) | (num % den === 0n ? 0n : 1n)
  let exp = -shift - 1
  // Keep 53 bits, fewer where the result is subnormal (its last bit is 2^-1074).
  const top = bitLength(q) - 1 + exp
  if (top < -1075) return negative ? -0 : 0
  const keep = Math.min(bitLength(q), Math.max(0, top + 1074 + 1)) // bits down to 2^-1074
  const drop = bitLength(q) - Math.min(53, keep)
  if (drop > 0) {
    const half = 1n << BigInt(drop - 1)
    const rest = q & ((half << 1n) - 1n)
    q >>= BigInt(drop)
    exp += drop
    if (rest > half || (rest === half && (q & 1n) === 1n)) q += 1n
  }
  if (bitLength(q) + exp > 1024) throw new PyEvalError('integer division result too large for a float')
  // q < 2^54 and 2^exp within range: exact (the scaling split so no intermediate overflows or underflows).
  const half = Math.trunc(exp / 2)
  const value = Number(q) * 2 ** half * 2 ** (exp - half)
  return negative ? -value : value
}
