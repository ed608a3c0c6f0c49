import { exactBinary } from '../py/format-float.ts'

// Python's `Decimal(number).sqrt()` under `getcontext().prec = precision`, and its repr: Decimal(int) and
// Decimal(float) are exact (a float as n·5^k·10^-k from its integer ratio n/2^k), and the square root is the
// General Decimal Arithmetic one: correctly rounded to `prec` significant digits, half to even, and an exact root
// is written at the ideal exponent floor(exp/2), rounded only if it has more than `prec` digits. Written from that
// specification, not from any implementation.

/** A Decimal: (-1)^negative · coefficient · 10^exponent. */
type Dec = { readonly negative: boolean; readonly coefficient: bigint; readonly exponent: number }

const digitsOf = (n: bigint): number => n.toString().length

/** floor(sqrt(n)) for n ≥ 0 (Newton's method from above). */
function isqrt(n: bigint): bigint {
  if (n < 2n) return n
  let x = 1n << BigInt(Math.ceil(n.toString(2).length / 2))
  for (;;) {
    const y = (x + n / x) >> 1n
    if (y >= x) return x
    x = y
  }
}

/** The exact Decimal of a Python int or finite float. */
export function decimalOf(v: bigint | number): Dec {
  if (typeof v === 'bigint') return { negative: v < 0n, coefficient: v < 0n ? -v : v, exponent: 0 }
  const negative = v < 0 || Object.is(v, -0)
  let { man, exp } = exactBinary(v)
  if (man === 0n) return { negative, coefficient: 0n, exponent: 0 }
  while (exp < 0 && (man & 1n) === 0n) {
    man >>= 1n
    exp += 1
  }
  return exp >= 0 ? { negative, coefficient: man << BigInt(exp), exponent: 0 } : { negative, coefficient: man * 5n ** BigInt(-exp), exponent: exp }
}

// An exact coefficient at `exponent`, rounded half to even to `prec` digits where it has more.
function fitted(coefficient: bigint, exponent: number, prec: number): Dec {
  const drop = digitsOf(coefficient) - prec
  if (drop <= 0) return { negative: false, coefficient, exponent }
  const unit = 10n ** BigInt(drop)
  let q = coefficient / unit
  const r = coefficient % unit
  const half = unit / 2n
  if (r > half || (r === half && (q & 1n) === 1n)) q += 1n
  if (digitsOf(q) > prec) return { negative: false, coefficient: q / 10n, exponent: exponent + drop + 1 }
  return { negative: false, coefficient: q, exponent: exponent + drop }
}

/** `x.sqrt()` at precision `prec` (≥ 1) for x ≥ 0 (a zero keeps its sign). */
export function decimalSqrt(x: Dec, prec: number): Dec {
  const ideal = Math.floor(x.exponent / 2)
  if (x.coefficient === 0n) return { negative: x.negative, coefficient: 0n, exponent: ideal }
  // x = radicand · 100^ideal.
  const radicand = x.exponent % 2 === 0 ? x.coefficient : x.coefficient * 10n
  const root = isqrt(radicand)
  if (root * root === radicand) return fitted(root, ideal, prec)
  // Irrational: sqrt(radicand)·10^shift has exactly prec digits; no tie is possible.
  const shift = prec - 1 - Math.floor((digitsOf(radicand) - 1) / 2)
  const scaled = shift >= 0 ? radicand * 100n ** BigInt(shift) : radicand
  const divisor = shift >= 0 ? 1n : 100n ** BigInt(-shift)
  let n = isqrt(scaled / divisor)
  if (4n * scaled > (2n * n + 1n) ** 2n * divisor) n += 1n
  if (digitsOf(n) > prec) return { negative: false, coefficient: n / 10n, exponent: ideal - shift + 1 }
  return { negative: false, coefficient: n, exponent: ideal - shift }
}

/** `repr(d)`: `Decimal('…')` around the scientific string (an exponent once it is positive or the number small). */
export function decimalRepr(d: Dec): string {
  const digits = d.coefficient.toString()
  const left = d.exponent + digits.length
  const point = d.exponent <= 0 && left > -6 ? left : 1
  let body: string
  if (point <= 0) body = `0.${'0'.repeat(-point)}${digits}`
  else if (point >= digits.length) body = digits + '0'.repeat(point - digits.length)
  else body = `${digits.slice(0, point)}.${digits.slice(point)}`
  const exponent = left === point ? '' : `E${left - point >= 0 ? '+' : ''}${left - point}`
  return `Decimal('${d.negative ? '-' : ''}${body}${exponent}')`
}
