// Python's `'%.Nf' % x` and `round(x, N)`: the exact binary value rounded half to even (JS toFixed rounds exact
// ties up: 1.125.toFixed(2) is "1.13", Python prints "1.12").

/** A finite double's magnitude exactly, as man·2^exp. */
export function exactBinary(x: number): { readonly man: bigint; readonly exp: number } {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const e = Number((bits >> 52n) & 0x7ffn)
  const frac = bits & ((1n << 52n) - 1n)
  return e === 0 ? { man: frac, exp: -1074 } : { man: frac | (1n << 52n), exp: e - 1075 }
}

/** The exact decimal expansion of a finite double: digits and the count of them after the point. */
function exactDecimal(x: number): { readonly digits: bigint; readonly scale: number } {
  const { man, exp } = exactBinary(x)
  if (exp >= 0) return { digits: man << BigInt(exp), scale: 0 }
  return { digits: man * 5n ** BigInt(-exp), scale: -exp }
}

/** Python `'%.{places}f' % x`. */
export function formatFixed(x: number, places: number): string {
  if (!Number.isFinite(x)) return Number.isNaN(x) ? 'nan' : x > 0 ? 'inf' : '-inf'
  const { digits, scale } = exactDecimal(x)
  let scaled: bigint
  if (scale <= places) scaled = digits * 10n ** BigInt(places - scale)
  else {
    const divisor = 10n ** BigInt(scale - places)
    const q = digits / divisor
    const r = digits % divisor
    const twice = 2n * r
    scaled = twice > divisor || (twice === divisor && q % 2n === 1n) ? q + 1n : q
  }
  const text = scaled.toString().padStart(places + 1, '0')
  const body = places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`
  const negative = x < 0 || Object.is(x, -0)
  return negative ? `-${body}` : body
}

/** Python `round(x, places)` for a float. */
export function roundFloat(x: number, places: number): number {
  if (!Number.isFinite(x)) return x
  return Number(formatFixed(x, places))
}
