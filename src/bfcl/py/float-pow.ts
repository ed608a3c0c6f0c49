import { exactBinary } from './format-float.ts'
import { bitLength, ln2Fixed, lnMantissaFixed, shiftRoundHalfEven } from './fixed-log.ts'

// C's pow(x, y) as CPython's float ** calls it (glibc's, correctly rounded but for a last-bit tie within 2^-60 or
// so): V8's Math.pow is fdlibm's, "nearly rounded", and differs in the last digit on about 1 call in 100 with a
// fractional exponent (2.675 ** (1/3): glibc 1.3881655492727807, V8 …805) and on some integer ones (-348.46488 ** 3).
// An integer exponent is computed exactly and rounded once; any other as exp(y·ln x) with 160-bit fixed point.

/** (n / d)·2^exp2 for positive n, d, rounded to the nearest double (ties to even; subnormals; Infinity past range). */
export function roundedQuotient(n: bigint, d: bigint, exp2: number): number {
  // q = floor(n / d · 2^shift) with 55 bits or more, plus a sticky bit for any remainder.
  const shift = 55 + bitLength(d) - bitLength(n)
  const num = shift >= 0 ? n << BigInt(shift) : n
  const den = shift >= 0 ? d : d << BigInt(-shift)
  let q = ((num / den) << 1n) | (num % den === 0n ? 0n : 1n)
  let exp = exp2 - shift - 1
  const top = bitLength(q) - 1 + exp
  if (top < -1075) return 0
  if (top > 1024) return Infinity
  // 53 bits, fewer where the result is subnormal (its last bit is 2^-1074).
  const drop = bitLength(q) - Math.min(53, top + 1075)
  if (drop > 0) {
    q = shiftRoundHalfEven(q, drop)
    exp += drop
  }
  if (bitLength(q) + exp > 1024) return Infinity
  // q < 2^54 and 2^exp in range: exact, the scaling split so that no intermediate overflows or underflows.
  const half = Math.trunc(exp / 2)
  return Number(q) * 2 ** half * 2 ** (exp - half)
}

const w = 160

// exp(t / 2^w)·2^w as (mantissa, binary exponent): t = k·ln2 + r with |r| ≤ ln2/2, Taylor series for exp(r).
function expFixed(t: bigint): { readonly man: bigint; readonly exp: number } {
  const ln2 = ln2Fixed(w)
  const twice = 2n * t + ln2
  const k = twice / (2n * ln2) - (twice < 0n && twice % (2n * ln2) !== 0n ? 1n : 0n) // floor((t + ln2/2) / ln2)
  const r = t - k * ln2
  const one = 1n << BigInt(w)
  let sum = one
  let term = one
  for (let n = 1n; term !== 0n; n++) {
    term = (term * r) / (n << BigInt(w))
    sum += term
  }
  return { man: sum, exp: Number(k) - w }
}

/** pow(x, y) for x > 0 and y finite and nonzero (Python's float_pow has handled the rest); Infinity on overflow. */
export function pow(x: number, y: number): number {
  const { man, exp } = exactBinary(x)
  if (Number.isInteger(y) && Math.abs(y) <= 4096) {
    const n = BigInt(Math.abs(y))
    const power = man ** n
    return y > 0 ? roundedQuotient(power, 1n, exp * Math.abs(y)) : roundedQuotient(1n, power, -exp * Math.abs(y))
  }
  // ln x at w bits: man·2^exp = m·2^k with m in [1, 2).
  const bits = bitLength(man)
  const ln = lnMantissaFixed(man << BigInt(w - bits + 1), w) + BigInt(exp + bits - 1) * ln2Fixed(w)
  const yb = exactBinary(Math.abs(y))
  let t = ln * yb.man
  t = yb.exp >= 0 ? t << BigInt(yb.exp) : t / (1n << BigInt(-yb.exp))
  if (y < 0) t = -t
  // exp(t) outside (2^-1080, 2^1030) needs no digits: past 745·2^w it is 0 or infinite.
  const bound = 745n << BigInt(w)
  if (t > bound) return Infinity
  if (t < -bound) return 0
  const e = expFixed(t)
  return roundedQuotient(e.man, 1n, e.exp)
}
