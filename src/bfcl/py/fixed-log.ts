// Fixed-point logarithms and constants (a value v stands for v / 2^w) fast at any precision: every series is
// summed by binary splitting, so its cost is a few big multiplications per level instead of one per term. The
// term-by-term atanh series this replaces took O(w) full-width multiplications — about 5 s for one logarithm at
// 10,000 digits. The results are mpmath's fixed-point values to within a few units in the last place; the callers
// (mpmath-log.ts) add guard bits and round.

/** The number of bits of a positive bigint. */
export const bitLength = (n: bigint): number => n.toString(2).length

/** `n >> bits` rounded half to even, for n ≥ 0 and bits > 0. */
export function shiftRoundHalfEven(n: bigint, bits: number): bigint {
  const half = 1n << BigInt(bits - 1)
  const rest = n & ((half << 1n) - 1n)
  const q = n >> BigInt(bits)
  return rest > half || (rest === half && (q & 1n) === 1n) ? q + 1n : q
}

/** log2 of a positive bigint, to about 15 digits (enough to count series terms). */
function log2(n: bigint): number {
  const bits = bitLength(n)
  return bits <= 1000 ? Math.log2(Number(n)) : bits - 64 + Math.log2(Number(n >> BigInt(bits - 64)))
}

/** The partial sum of Σ (±p²/q²)^n / (2n+1) over [lo, hi) as T / (B·Q), with P the product of the ratios' numerators. */
type Split = { readonly P: bigint; readonly Q: bigint; readonly B: bigint; readonly T: bigint }

function split(p2: bigint, q2: bigint, lo: number, hi: number): Split {
  if (hi - lo === 1) {
    const P = lo === 0 ? 1n : p2
    return { P, Q: lo === 0 ? 1n : q2, B: BigInt(2 * lo + 1), T: P }
  }
  const mid = (lo + hi) >>> 1
  const l = split(p2, q2, lo, mid)
  const r = split(p2, q2, mid, hi)
  return { P: l.P * r.P, Q: l.Q * r.Q, B: l.B * r.B, T: r.B * r.Q * l.T + l.B * l.P * r.T }
}

/** atanh(p/q) (or atan(p/q) when `circular`) · 2^w, for 0 < p < q, truncated; error under 2 units. */
function arcFixed(p: bigint, q: bigint, w: number, circular = false): bigint {
  const terms = Math.ceil((w + 8) / (2 * (log2(q) - log2(p) - 1e-9))) + 1
  const s = split(circular ? -(p * p) : p * p, q * q, 0, terms)
  return ((p * s.T) << BigInt(w)) / (q * s.B * s.Q)
}

// mpmath's constants are memoised at the highest precision asked so far and shifted down; so are these, with 32
// guard bits, so a truncated value is floor(c·2^w) unless c·2^w lies within 2^-30 of an integer.
function memoised(compute: (w: number) => bigint): (w: number) => bigint {
  let at = -1
  let value = 0n
  return (w) => {
    if (w > at) {
      at = Math.ceil(w * 1.05) + 32
      value = compute(at)
    }
    return value >> BigInt(at - w)
  }
}

/** floor(ln 2 · 2^w): mpmath's own Machin-like formula, 18·acoth 26 − 2·acoth 4801 + 8·acoth 8749. */
export const ln2Fixed = memoised((w) => 18n * arcFixed(1n, 26n, w) - 2n * arcFixed(1n, 4801n, w) + 8n * arcFixed(1n, 8749n, w))

/** floor(π · 2^w), by Machin's formula 16·atan(1/5) − 4·atan(1/239). */
export const piFixed = memoised((w) => 16n * arcFixed(1n, 5n, w, true) - 4n * arcFixed(1n, 239n, w, true))

/**
 * ln(m / 2^w) · 2^w for 2^w ≤ m < 2^(w+1), by bit-burst: ln r = ln(1 + a/2^L) + ln(r / (1 + a/2^L)) with a the next
 * L/2 bits of r − 1, each ln(1 + a/2^L) = 2·atanh(a / (2^(L+1) + a)) by binary splitting, L doubling to w. The
 * error is under 3 units per stage (about log2(w) stages).
 */
export function lnMantissaFixed(m: bigint, w: number): bigint {
  const one = 1n << BigInt(w)
  let r = m
  let sum = 0n
  for (let L = Math.min(8, w); ; L = Math.min(2 * L, w)) {
    const a = (r - one) >> BigInt(w - L)
    if (a > 0n) {
      sum += 2n * arcFixed(a, (1n << BigInt(L + 1)) + a, w)
      r = (r << BigInt(L)) / ((1n << BigInt(L)) + a)
    }
    if (L === w) return sum
  }
}
