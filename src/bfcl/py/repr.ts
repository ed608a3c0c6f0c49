import type { PyComplex, PyTagged, PyValue } from './value.ts'

// Python `repr()`, for BFCL's error messages (error_type parity does not depend on it; message parity does).

const nonPrintable = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u

/** Python `repr(float)`: shortest round-trip digits, fixed notation for exponents -4..15, else `1e-05` style. */
export function floatRepr(f: number): string {
  // Where both print fixed notation, JS's shortest round-trip digits are Python's (an integral float gains `.0`).
  const magnitude = Math.abs(f)
  if (magnitude >= 1e-4 && magnitude < 1e16) return Number.isInteger(f) ? `${f}.0` : `${f}`
  if (Number.isNaN(f)) return 'nan'
  if (!Number.isFinite(f)) return f > 0 ? 'inf' : '-inf'
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0'
  const [mantissa, expText] = f.toExponential().split('e') as [string, string]
  const exponent = Number(expText)
  const negative = mantissa.startsWith('-')
  const digits = mantissa.replace('-', '').replace('.', '')
  const sign = negative ? '-' : ''
  if (exponent < -4 || exponent >= 16) {
    const body = digits.length > 1 ? `${digits[0]}.${digits.slice(1)}` : digits
    const e = Math.abs(exponent)
    return `${sign}${body}e${exponent < 0 ? '-' : '+'}${e < 10 ? `0${e}` : e}`
  }
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`
  const whole = digits.slice(0, exponent + 1).padEnd(exponent + 1, '0')
  const fraction = digits.slice(exponent + 1)
  return `${sign}${whole}.${fraction || '0'}`
}

// Printable ASCII without `'` or `\\`: repr only adds the quotes.
const plainStr = /^[\x20-\x26\x28-\x5b\x5d-\x7e]*$/

/** Python `repr(str)`: single quotes unless the text has `'` and no `"`; escapes as CPython writes them. */
export function strRepr(s: string): string {
  if (plainStr.test(s)) return `'${s}'`
  const quote = s.includes("'") && !s.includes('"') ? '"' : "'"
  let out = quote
  for (const ch of s) {
    const code = ch.codePointAt(0)!
    if (ch === quote || ch === '\\') out += `\\${ch}`
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (ch !== ' ' && nonPrintable.test(ch)) {
      if (code < 0x100) out += `\\x${code.toString(16).padStart(2, '0')}`
      else if (code < 0x10000) out += `\\u${code.toString(16).padStart(4, '0')}`
      else out += `\\U${code.toString(16).padStart(8, '0')}`
    } else out += ch
  }
  return out + quote
}

function complexRepr(c: PyComplex): string {
  const im = `${floatRepr(c.im).replace(/\.0$/, '')}j`
  if (c.re === 0 && !Object.is(c.re, -0)) return im
  const re = floatRepr(c.re).replace(/\.0$/, '')
  return `(${re}${c.im < 0 || Object.is(c.im, -0) ? '' : '+'}${im})`
}

/** Python `repr(v)` (also what `str()` prints for containers). */
export function pyRepr(v: PyValue): string {
  if (v === null) return 'None'
  if (typeof v === 'boolean') return v ? 'True' : 'False'
  if (typeof v === 'string') return strRepr(v)
  if (Array.isArray(v)) return `[${v.map(pyRepr).join(', ')}]`
  const tagged = v as PyTagged
  switch (tagged.t) {
    case 'int': return tagged.v.toString()
    case 'float': return floatRepr(tagged.v)
    case 'tuple': return tagged.items.length === 1 ? `(${pyRepr(tagged.items[0]!)},)` : `(${tagged.items.map(pyRepr).join(', ')})`
    case 'dict': return `{${tagged.entries.map(([k, value]) => `${pyRepr(k)}: ${pyRepr(value)}`).join(', ')}}`
    case 'complex': return complexRepr(tagged)
    case 'bytes': return `b${strRepr(tagged.v)}`
  }
}

/** Python `str(v)`: the text itself for a str, repr otherwise. */
export function pyStr(v: PyValue): string {
  return typeof v === 'string' ? v : pyRepr(v)
}
