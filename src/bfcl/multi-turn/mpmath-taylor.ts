import { bitLength } from '../py/fixed-log.ts'
import { getOrCreate } from '../../core/get-or-create.ts'

// mpmath 1.3.0's own fixed-point logarithm below LOG_TAYLOR_PREC bits (libelefun.log_taylor_cached, with
// libintmath.isqrt_fast_python, the pure-Python backend's), step for step: mpf_log rounds its result, which is not
// always the correctly rounded one (an argument near 1 keeps the fewest bits), so only the same steps give the same
// last digit. Python's floor division and shifts are spelled out where JS's BigInt truncates toward zero.

/** The largest working precision mpmath sums this series at; past it mpf_log uses the AGM. */
export const logTaylorPrec = 2500

const shift = 9

// cache_prec_steps: the precision each logarithm is computed (and cached) at, next power of two + 20.
function cachedPrec(prec: number): number {
  if (prec <= 2) return 22
  return Math.min(2 ** Math.ceil(Math.log2(prec)), logTaylorPrec) + 20
}

/** Python's a // b. */
function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b
  return (a % b !== 0n && (a < 0n) !== (b < 0n)) ? q - 1n : q
}

// libintmath.giant_steps(start, target): precisions growing by just under 2 each.
function giantSteps(start: number, target: number): number[] {
  const steps = [target]
  while (steps[steps.length - 1]! > start * 2) steps.push(Math.floor(steps[steps.length - 1]! / 2) + 2)
  return steps.reverse()
}

const below = (bits: number) => 1n << BigInt(bits)

/** isqrt_fast_python: floor(sqrt(x)) but for an occasional unit too small (as mpmath's own). */
function isqrtFast(x: bigint): bigint {
  if (x < below(800)) {
    let y = BigInt(Math.trunc(Math.pow(Number(x), 0.5)))
    if (x >= below(100)) {
      y = (y + x / y) >> 1n
      if (x >= below(200)) {
        y = (y + x / y) >> 1n
        if (x >= below(400)) y = (y + x / y) >> 1n
      }
    }
    return y
  }
  const guard = 10
  let bc = bitLength(x)
  x <<= BigInt(2 * guard)
  bc += 2 * guard
  bc += bc & 1
  const hbc = bc / 2
  const start = Math.min(50, hbc)
  let r = BigInt(Math.trunc(2 ** (2 * start) * Math.pow(Number(x >> BigInt(bc - 2 * start)), -0.5)))
  let pp = start
  let p = start
  for (p of giantSteps(start, hbc)) {
    const r2 = (r * r) >> BigInt(2 * pp - p)
    const xr2 = ((x >> BigInt(bc - p)) * r2) >> BigInt(p)
    r = (r * ((3n << BigInt(p)) - xr2)) >> BigInt(pp + 1)
    pp = p
  }
  return (r * (x >> BigInt(hbc))) >> BigInt(p + guard)
}

// The atanh series both functions end with: 2·Σ v^(2k+1)/(2k+1) for v ≥ 0, its odd and even halves summed apart.
function atanhSeries(v: bigint, prec: number): bigint {
  const p = BigInt(prec)
  const v2 = (v * v) >> p
  const v4 = (v2 * v2) >> p
  let s0 = v
  let s1 = v / 3n
  v = (v * v4) >> p
  for (let k = 5n; v !== 0n; k += 4n) {
    s0 += v / k
    s1 += v / (k + 2n)
    v = (v * v4) >> p
  }
  return s0 + ((s1 * v2) >> p)
}

/** log_taylor(x, prec, r): log(x^(1/2^r))·2^r. */
function logTaylor(x: bigint, prec: number, r: number): bigint {
  for (let i = 0; i < r; i++) x = isqrtFast(x << BigInt(prec))
  const one = below(prec)
  let v = floorDiv((x - one) << BigInt(prec), x + one)
  const negative = v < 0n
  if (negative) v = -v
  const s = atanhSeries(v, prec) << BigInt(1 + r)
  return negative ? -s : s
}

const cache = new Map<string, bigint>()

/** log_taylor_cached(x, prec): ln(x / 2^prec)·2^prec for x/2^prec in [0.5, 1), prec ≤ logTaylorPrec. */
export function logTaylorCached(x: bigint, prec: number): bigint {
  const n = x >> BigInt(prec - shift)
  const cached = cachedPrec(prec)
  const key = `${n}:${cached}`
  const logA = getOrCreate(cache, key, () => logTaylor(n << BigInt(cached - shift), cached, 8))
  const dprec = BigInt(cached - prec)
  const a = (n << BigInt(cached - shift)) >> dprec
  const u = ((x - a) << BigInt(prec)) / a
  const v = (u << BigInt(prec)) / ((2n << BigInt(prec)) + u)
  return (logA >> dprec) + (atanhSeries(v, prec) << 1n)
}
