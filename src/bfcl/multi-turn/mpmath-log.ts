import { bitLength, ln2Fixed, lnMantissaFixed, piFixed } from '../py/fixed-log.ts'
import { logTaylorCached, logTaylorPrec } from './mpmath-taylor.ts'
import { dpsToPrec, mpcDiv, mpcDivMpf, mpcMpfDiv, mpfDiv, mpfNeg, mpRepr, normalize, type Mpc, type Mpf } from './mpmath-mpf.ts'

// BFCL's `mpmath.log(value) / mpmath.log(base)` at `mp.dps = precision` (mpmath 1.3.0): ctx.ln of each argument,
// converted exactly (an int or float is not rounded first), then their quotient at the context's precision,
// nearest-even. mpf_log's own branches are followed where they decide the result: log(2^n) as n·ln2_fixed(prec+20)
// rounded; an argument so close to 1 that x − 1 cancels more than prec + 20 bits is answered with x − 1 itself (so,
// as in mpmath, 0.25 + 2^-50 at 5 digits gives 3.55e-15, its 4x − 1); a negative argument is mpc_log's (log|x|,
// π). Up to mpmath's LOG_TAYLOR_PREC working bits (about 745 digits) the logarithm is mpmath's own cached series,
// step for step (mpmath-taylor.ts): it is not always correctly rounded (near 1 it keeps the fewest bits), so only
// the same steps give the same last digit. Past it, where mpmath uses the AGM, it is computed correctly rounded
// (64 guard bits) by binary splitting (py/fixed-log.ts), which agrees with mpmath but for a value within mpmath's
// error of a rounding tie. Checked against CPython 3.11.7 + mpmath 1.3.0 on 51,500 random calls (1 to 10,000
// digits; negatives, strs, zeros, infinities; 21,700 of them within 2^-52..2^-1 of 1 or of a power of two): none
// differs.

const fixedToMpf = (v: bigint, w: number, prec: number): Mpf => normalize(v < 0n, v < 0n ? -v : v, -w, prec, 'nearest')

/** mpf_log for x ≥ 0 (finite, zero, +inf or nan). */
function mpfLog(x: Mpf, prec: number): Mpf {
  if (x === 'zero') return '-inf'
  if (typeof x === 'string') return x
  let wp = prec + 20
  const { man, exp } = x
  if (man === 1n) return exp === 0 ? 'zero' : fixedToMpf(BigInt(exp) * ln2Fixed(wp), wp, prec)
  const bc = bitLength(man)
  const mag = exp + bc
  const absMag = Math.abs(mag)
  if (absMag <= 1) {
    // mpmath's t = x − 1 (for mag = −1, 4x − 1: its test of how close x is to 1 reads the mantissa only).
    const below = absMag === 0
    const tman = below ? (1n << BigInt(bc)) - man : man - (1n << BigInt(bc - 1))
    const cancellation = bc - bitLength(tman)
    if (cancellation > wp) return normalize(below, tman, absMag - bc, prec, 'nearest')
    wp += cancellation
  }
  if (absMag > 10000 && bitLength(BigInt(absMag)) > wp) return fixedToMpf(BigInt(exp) * ln2Fixed(wp), wp, prec)
  if (wp <= logTaylorPrec) {
    const fixed = wp >= bc ? man << BigInt(wp - bc) : man >> BigInt(bc - wp)
    return fixedToMpf(logTaylorCached(fixed, wp) + BigInt(mag) * ln2Fixed(wp), wp, prec)
  }
  // mpmath's AGM range: its error is as small as the series', so a correctly rounded value agrees but near a tie.
  const w = wp + 64
  const m = w >= bc - 1 ? man << BigInt(w - (bc - 1)) : man >> BigInt(bc - 1 - w)
  return fixedToMpf(lnMantissaFixed(m, w) + BigInt(mag - 1) * ln2Fixed(w), w, prec)
}

/** ctx.ln: mpf_log, or for a negative x mpc_log(x + 0j) = (log|x|, mpf_pi). */
function mpLn(x: Mpf, prec: number): Mpf | Mpc {
  const negative = x === '-inf' || (typeof x !== 'string' && x.neg)
  if (!negative) return mpfLog(x, prec)
  const pi = fixedToMpf(piFixed(prec + 20), prec + 20, prec)
  return { re: mpfLog(mpfNeg(x), prec), im: pi }
}

const isComplex = (x: Mpf | Mpc): x is Mpc => typeof x !== 'string' && 're' in x

/** mpf / mpc division as mpmath's operators dispatch it (mpf_div, mpc_div_mpf, mpc_mpf_div, mpc_div). */
function mpDivide(a: Mpf | Mpc, b: Mpf | Mpc, prec: number): Mpf | Mpc {
  if (isComplex(a)) return isComplex(b) ? mpcDiv(a, b, prec) : mpcDivMpf(a, b, prec)
  return isComplex(b) ? mpcMpfDiv(a, b, prec) : mpfDiv(a, b, prec, 'nearest')
}

/**
 * `repr(mpmath.log(value) / mpmath.log(base))` under `mp.dps = dps`, for mpmath's converted arguments (each a
 * function of prec: a str is rounded to it). Throws mpmath's ZeroDivisionError (str '') for base 1.
 */
export function mpLogQuotientRepr(value: (prec: number) => Mpf, base: (prec: number) => Mpf, dps: number): string {
  const prec = dpsToPrec(dps)
  const numerator = mpLn(value(prec), prec)
  const denominator = mpLn(base(prec), prec)
  return mpRepr(mpDivide(numerator, denominator, prec), prec)
}
