import { exactBinary } from '../py/format-float.ts'
import { pyStrip } from '../py/str.ts'
import { bitLength, shiftRoundHalfEven } from '../py/fixed-log.ts'
import { NotModelled } from './not-modelled.ts'
import { PyException } from './py-error.ts'
import { floatTakes } from './py-ops.ts'

// mpmath 1.3.0's numbers as libmpf holds them (sign, odd mantissa, exponent; or a special value) and the few
// operations BFCL's `mpmath.log(value) / mpmath.log(base)` goes through, each rounding as libmpf's does: the
// context's nearest-even where mpmath passes it, round_fast (toward zero) where a helper takes the default.

/** An mpmath mpf: ±man·2^exp with man odd and positive, or one of its special values. */
export type Mpf = { readonly neg: boolean; readonly man: bigint; readonly exp: number } | 'zero' | '+inf' | '-inf' | 'nan'

/** An mpmath mpc. */
export type Mpc = { readonly re: Mpf; readonly im: Mpf }

/** libmpf's rounding modes: round_nearest (ties to even) and round_down (toward zero, its round_fast). */
export type Rounding = 'nearest' | 'down'

const log2of10 = 3.3219280948873626

/** mpmath's dps_to_prec. */
export function dpsToPrec(dps: number): number {
  return Math.max(1, Math.round((dps + 1) * log2of10))
}

/** mpmath's repr_dps(prec): the digits repr prints. */
function reprDps(prec: number): number {
  const dps = Math.max(1, Math.round(prec / log2of10) - 1)
  return dps === 15 ? 17 : dps + 3
}

const trailingZeros = (n: bigint): number => bitLength(n & -n) - 1

/** libmpf's normalize: ±man·2^exp (man ≥ 0) rounded to prec bits, trailing zero bits stripped. */
export function normalize(neg: boolean, man: bigint, exp: number, prec: number, rnd: Rounding): Mpf {
  if (man === 0n) return 'zero'
  const extra = bitLength(man) - prec
  if (extra > 0) {
    man = rnd === 'nearest' ? shiftRoundHalfEven(man, extra) : man >> BigInt(extra)
    exp += extra
  }
  const zeros = trailingZeros(man)
  return { neg, man: man >> BigInt(zeros), exp: exp + zeros }
}

/** from_int: an int exactly. */
export const mpfOfInt = (n: bigint): Mpf => normalize(n < 0n, n < 0n ? -n : n, 0, Math.max(1, bitLength(n < 0n ? -n : n)), 'down')

/** from_float: a float exactly (mpmath has no negative zero). */
export function mpfOfFloat(x: number): Mpf {
  if (Number.isNaN(x)) return 'nan'
  if (x === Infinity) return '+inf'
  if (x === -Infinity) return '-inf'
  if (x === 0) return 'zero'
  const { man, exp } = exactBinary(x)
  return normalize(x < 0, man, exp, 53, 'down')
}

const sign = (x: Mpf): number => (x === 'zero' || x === 'nan' ? 0 : x === '+inf' ? 1 : x === '-inf' ? -1 : x.neg ? -1 : 1)
const infinity = (s: number): Mpf => (s > 0 ? '+inf' : '-inf')

/** mpf_neg. */
export const mpfNeg = (x: Mpf): Mpf => (typeof x !== 'string' ? { neg: !x.neg, man: x.man, exp: x.exp } : x === '+inf' ? '-inf' : x === '-inf' ? '+inf' : x)

/** mpf_mul without a precision: exact. */
export function mpfMul(s: Mpf, t: Mpf): Mpf {
  if (typeof s !== 'string' && typeof t !== 'string') return { neg: s.neg !== t.neg, man: s.man * t.man, exp: s.exp + t.exp }
  const sSpecial = s !== 'zero' && typeof s === 'string'
  const tSpecial = t !== 'zero' && typeof t === 'string'
  if (!sSpecial && !tSpecial) return 'zero'
  if (s === 'nan' || t === 'nan') return 'nan'
  if (s === 'zero' || t === 'zero') return 'nan'
  return infinity(sign(s) * sign(t))
}

/** mpf_add at prec bits. */
export function mpfAdd(s: Mpf, t: Mpf, prec: number, rnd: Rounding): Mpf {
  if (typeof s !== 'string' && typeof t !== 'string') {
    const low = Math.min(s.exp, t.exp)
    const a = (s.man << BigInt(s.exp - low)) * (s.neg ? -1n : 1n)
    const b = (t.man << BigInt(t.exp - low)) * (t.neg ? -1n : 1n)
    const sum = a + b
    return normalize(sum < 0n, sum < 0n ? -sum : sum, low, prec, rnd)
  }
  // libmpf's order: a special s wins unless t is a different special; a zero s gives t; a special t wins.
  if (s === 'zero') return typeof t === 'string' ? t : normalize(t.neg, t.man, t.exp, prec, rnd)
  if (typeof s === 'string') return s === t || typeof t !== 'string' || t === 'zero' ? s : 'nan'
  if (t !== 'zero') return t
  return normalize(s.neg, s.man, s.exp, prec, rnd)
}

/** mpf_div at prec bits (a remainder kept as a sticky bit, as libmpf does); a zero divisor is ZeroDivisionError. */
export function mpfDiv(s: Mpf, t: Mpf, prec: number, rnd: Rounding): Mpf {
  if (typeof s !== 'string' && typeof t !== 'string') {
    const extra = Math.max(5, prec - bitLength(s.man) + bitLength(t.man) + 5)
    const scaled = s.man << BigInt(extra)
    const quot = scaled / t.man
    const neg = s.neg !== t.neg
    if (scaled % t.man !== 0n) return normalize(neg, (quot << 1n) + 1n, s.exp - t.exp - extra - 1, prec, rnd)
    return normalize(neg, quot, s.exp - t.exp - extra, prec, rnd)
  }
  if (s === 'zero') {
    if (t === 'zero') throw new PyException('ZeroDivisionError', '')
    return t === 'nan' ? 'nan' : 'zero'
  }
  if (t === 'zero') throw new PyException('ZeroDivisionError', '')
  const sSpecial = typeof s === 'string'
  const tSpecial = typeof t === 'string'
  if ((sSpecial && tSpecial) || s === 'nan' || t === 'nan') return 'nan'
  if (!tSpecial) return infinity(sign(s) * sign(t))
  return 'zero'
}

/** mpc_div_mpf: z / p for p real. */
export const mpcDivMpf = (z: Mpc, p: Mpf, prec: number): Mpc => ({ re: mpfDiv(z.re, p, prec, 'nearest'), im: mpfDiv(z.im, p, prec, 'nearest') })

/** mpc_mpf_div: p / z for p real (the squared magnitude summed at prec + 10 bits, toward zero). */
export function mpcMpfDiv(p: Mpf, z: Mpc, prec: number): Mpc {
  const m = mpfAdd(mpfMul(z.re, z.re), mpfMul(z.im, z.im), prec + 10, 'down')
  return { re: mpfDiv(mpfMul(z.re, p), m, prec, 'nearest'), im: mpfDiv(mpfNeg(mpfMul(z.im, p)), m, prec, 'nearest') }
}

/** mpc_div: z / w (the sums at prec + 10 bits, toward zero). */
export function mpcDiv(z: Mpc, w: Mpc, prec: number): Mpc {
  const wp = prec + 10
  const mag = mpfAdd(mpfMul(w.re, w.re), mpfMul(w.im, w.im), wp, 'down')
  const t = mpfAdd(mpfMul(z.re, w.re), mpfMul(z.im, w.im), wp, 'down')
  const u = mpfAdd(mpfMul(z.im, w.re), mpfNeg(mpfMul(z.re, w.im)), wp, 'down')
  return { re: mpfDiv(t, mag, prec, 'nearest'), im: mpfDiv(u, mag, prec, 'nearest') }
}

// from_str's literal, after x.lower().strip() and str_to_man_exp's rstrip('l'): the ASCII float literals. Other
// strings float() takes (underscores, other scripts' digits, fractions p/q) are not modelled.
const decimalLiteral = /^([+-]?)(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/

/**
 * mpmath's convert of a str at prec bits (from_str): a decimal literal rounded to nearest, 'inf'/'nan'; a str with
 * no digit is convert's TypeError "cannot create mpf from 'x'". Complex literals and the rest are NotModelled.
 */
export function mpfOfStr(text: string, prec: number, repr: string): Mpf {
  const x = pyStrip(text.toLowerCase())
  if (x === 'inf' || x === '+inf') return '+inf'
  if (x === '-inf') return '-inf'
  if (x === 'nan') return 'nan'
  const literal = decimalLiteral.exec(x.replace(/l+$/, ''))
  if (literal && (literal[2] || literal[3]) && x.length <= 4000) {
    const [, minus, whole, fraction = '', power = '0'] = literal
    const kept = fraction.replace(/0+$/, '')
    const exp = Number(power) - kept.length
    if (Math.abs(exp) > 400) throw new NotModelled('MathAPI.logarithm of a str with an exponent past 400 (mpmath rounds it twice)')
    const digits = BigInt(`${whole}${kept}` || '0')
    const neg = minus === '-'
    if (exp >= 0) return normalize(neg, digits * 10n ** BigInt(exp), 0, prec, 'nearest')
    return mpfDiv(mpfOfInt(neg ? -digits : digits), mpfOfInt(10n ** BigInt(-exp)), prec, 'nearest')
  }
  // float() refusing it (and no '/' for from_str's p/q, no 'j' for convert's complex fallback): convert's TypeError.
  if (!x.includes('/') && !x.includes('j') && !floatTakes(x.replace(/l+$/, ''))) throw new PyException('TypeError', `cannot create mpf from ${repr}`)
  throw new NotModelled('MathAPI.logarithm of a str that is no plain decimal literal (mpmath parses it with float(), int() and as p/q or a complex literal)')
}

/** to_str(x, dps) for a finite positive man·2^exp: digits floored to dps + 3, then rounded half up at dps. */
function digitsOf(man: bigint, exp: number, dps: number): string {
  let n: bigint
  let s: number
  if (exp >= 0) {
    n = man << BigInt(exp)
    s = 0
  } else {
    n = man * 5n ** BigInt(-exp)
    s = -exp
  }
  const text = n.toString()
  let exponent = text.length - 1 - s
  let digits = text.slice(0, dps + 3).padEnd(dps + 3, '0')
  if (digits.length > dps && '56789'.includes(digits[dps]!)) {
    const head = (BigInt(digits.slice(0, dps)) + 1n).toString()
    if (head.length > dps) exponent += 1
    digits = head.slice(0, dps)
  } else digits = digits.slice(0, dps)
  const minFixed = Math.min(-Math.floor(dps / 3), -5)
  let split = 1
  if (minFixed < exponent && exponent < dps) {
    if (exponent < 0) digits = '0'.repeat(-exponent) + digits
    else {
      split = exponent + 1
      if (split > dps) digits += '0'.repeat(split - dps)
    }
    exponent = 0
  }
  let out = `${digits.slice(0, split)}.${digits.slice(split)}`.replace(/0+$/, '')
  if (out.endsWith('.')) out += '0'
  if (exponent === 0) return out
  return exponent > 0 ? `${out}e+${exponent}` : `${out}e${exponent}`
}

/** mpmath's to_str at repr_dps(prec), as repr puts inside the quotes. */
function toStr(x: Mpf, prec: number): string {
  if (x === 'zero') return '0.0'
  if (x === 'nan') return 'nan'
  if (typeof x === 'string') return x
  return `${x.neg ? '-' : ''}${digitsOf(x.man, x.exp, reprDps(prec))}`
}

/** repr() of an mpf or mpc at the context's prec: mpf('…') or mpc(real='…', imag='…'). */
export function mpRepr(x: Mpf | Mpc, prec: number): string {
  if (typeof x === 'string' || !('re' in x)) return `mpf('${toStr(x, prec)}')`
  return `mpc(real='${toStr(x.re, prec)}', imag='${toStr(x.im, prec)}')`
}
