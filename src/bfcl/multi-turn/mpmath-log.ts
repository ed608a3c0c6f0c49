import { exactBinary } from '../py/format-float.ts'

// BFCL's `mpmath.log(value) / mpmath.log(base)` at `mp.dps = precision`, and the repr of the resulting `mpf`:
// the working precision is dps_to_prec(dps) bits, the arguments are rounded to it, each logarithm is rounded to
// it, then their quotient (the published outputs fix this: log(2)/log(10) at 15 digits is 0.30102999566398114);
// repr prints repr_dps(prec) digits.

const log2of10 = 3.3219280948873626

/** mpmath's dps_to_prec. */
function dpsToPrec(dps: number): number {
  return Math.max(1, Math.round((dps + 1) * log2of10))
}

/** mpmath's prec_to_dps. */
function precToDps(prec: number): number {
  return Math.max(1, Math.round(prec / log2of10) - 1)
}

/** mpmath's repr_dps. */
function reprDps(prec: number): number {
  const dps = precToDps(prec)
  return dps === 15 ? 17 : dps + 3
}

/** A binary float man·2^exp (man > 0). */
type Bin = { readonly man: bigint; readonly exp: number }

const bitLength = (n: bigint) => n.toString(2).length

/** Rounds man·2^exp to `prec` significant bits, nearest with ties to even. */
function roundBits(x: Bin, prec: number): Bin {
  const extra = bitLength(x.man) - prec
  if (extra <= 0) return x
  const divisor = 1n << BigInt(extra)
  let q = x.man >> BigInt(extra)
  const r = x.man & (divisor - 1n)
  if (2n * r > divisor || (2n * r === divisor && (q & 1n) === 1n)) q += 1n
  return { man: q, exp: x.exp + extra }
}

/** ln(x) as a fixed-point integer scaled by 2^w, for x = man·2^exp > 0. */
function lnFixed(x: Bin, w: number): bigint {
  const one = 1n << BigInt(w)
  // x = m·2^k with m in [1, 2): ln x = ln m + k ln 2.
  const k = bitLength(x.man) - 1 + x.exp
  const shift = w - (bitLength(x.man) - 1)
  const m = shift >= 0 ? x.man << BigInt(shift) : x.man >> BigInt(-shift)
  return atanhLn(m, one, w) + BigInt(k) * ln2Fixed(w)
}

// ln(m) = 2·atanh((m-1)/(m+1)) for m scaled by 2^w.
function atanhLn(m: bigint, one: bigint, w: number): bigint {
  const z = ((m - one) << BigInt(w)) / (m + one)
  const z2 = (z * z) >> BigInt(w)
  let term = z
  let sum = 0n
  for (let n = 1n; term !== 0n; n += 2n) {
    sum += term / n
    term = (term * z2) >> BigInt(w)
  }
  return 2n * sum
}

function ln2Fixed(w: number): bigint {
  const one = 1n << BigInt(w)
  return atanhLn(2n * one, one, w)
}

/** `repr(mpmath.log(value, base))` under `mp.dps = dps`, or undefined where mpmath leaves the reals. */
export function mpLogRepr(value: number | bigint, base: number | bigint, dps: number): string | undefined {
  if (!(value > 0) || !(base > 0) || !Number.isFinite(Number(value)) || !Number.isFinite(Number(base))) return undefined
  const prec = dpsToPrec(dps)
  // An int is taken exactly (mpmath's from_int), then rounded to prec bits like a float.
  const exact = (v: number | bigint): Bin => (typeof v === 'bigint' ? { man: v, exp: 0 } : exactBinary(v))
  const x = roundBits(exact(value), prec)
  const b = roundBits(exact(base), prec)
  const w = prec + 100
  const lnx = lnFixed(x, w)
  const lnb = lnFixed(b, w)
  if (lnb === 0n) return undefined
  const negative = (lnx < 0n) !== (lnb < 0n)
  if (lnx === 0n) return "mpf('0.0')"
  // Each logarithm rounded to prec bits: man·2^exp with the fixed-point scale folded into exp.
  const rx = roundBits({ man: lnx < 0n ? -lnx : lnx, exp: -w }, prec)
  const rb = roundBits({ man: lnb < 0n ? -lnb : lnb, exp: -w }, prec)
  const an = rx.man << BigInt(Math.max(0, rx.exp - rb.exp))
  const ad = rb.man << BigInt(Math.max(0, rb.exp - rx.exp))
  // Quotient with prec + 40 bits, then rounded to prec bits.
  const scale = prec + 40 + bitLength(ad) - bitLength(an)
  const q = scale >= 0 ? (an << BigInt(scale)) / ad : an / (ad << BigInt(-scale))
  const rounded = roundBits({ man: q, exp: -scale }, prec)
  return `mpf('${negative ? '-' : ''}${toStr(rounded, reprDps(prec))}')`
}

/** mpmath's to_str for a positive man·2^exp with `dps` digits (digits floored, then half-up on the next one). */
function toStr(x: Bin, dps: number): string {
  // Exact decimal: man·2^exp = N / 10^s.
  let n: bigint
  let s: number
  if (x.exp >= 0) {
    n = x.man << BigInt(x.exp)
    s = 0
  } else {
    n = x.man * 5n ** BigInt(-x.exp)
    s = -x.exp
  }
  const text = n.toString()
  let exponent = text.length - 1 - s
  let digits = text.slice(0, dps + 3).padEnd(dps + 3, '0')
  if (digits.length > dps && '56789'.includes(digits[dps]!)) {
    let head = digits.slice(0, dps).split('').map(Number)
    let at = dps - 1
    while (at >= 0 && head[at] === 9) at--
    if (at >= 0) head = [...head.slice(0, at), head[at]! + 1, ...new Array<number>(dps - at - 1).fill(0)]
    else {
      head = [1, ...new Array<number>(dps - 1).fill(0)]
      exponent += 1
    }
    digits = head.join('')
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
