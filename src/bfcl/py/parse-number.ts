import { pyStrip } from './str.ts'

// Python's `int(s)` and `float(s)` on strings: surrounding whitespace ignored, `_` allowed between digits, any
// Unicode decimal digit accepted; float also takes inf/infinity/nan in any case. A ValueError is `undefined`.

const decimalDigit = /\p{Nd}/u

// Unicode encodes decimal digits in runs of ten, 0 to 9 (a stability guarantee), so a digit's value is its
// distance from the run's start, mod 10.
function asciiDigits(s: string): string {
  let out = ''
  for (const ch of s) {
    if (ch >= '0' && ch <= '9') out += ch
    else if (decimalDigit.test(ch)) {
      let cp = ch.codePointAt(0)!
      let offset = 0
      while (decimalDigit.test(String.fromCodePoint(cp - 1))) {
        cp--
        offset++
      }
      out += String(offset % 10)
    } else out += ch
  }
  return out
}

const digits = '[0-9](?:_?[0-9])*'
const intText = new RegExp(`^[+-]?${digits}$`)
const floatText = new RegExp(`^[+-]?(?:(?:${digits})?\\.${digits}|${digits}\\.?)(?:[eE][+-]?${digits})?$`)
const specialFloat = /^[+-]?(?:inf|infinity|nan)$/i

/** Python `int(s)` (base 10), or undefined where Python raises ValueError. */
export function pyIntFromString(s: string): bigint | undefined {
  const text = asciiDigits(pyStrip(s))
  if (!intText.test(text)) return undefined
  return BigInt(text.replaceAll('_', ''))
}

/** Python `float(s)`, or undefined where Python raises ValueError. */
export function pyFloatFromString(s: string): number | undefined {
  const text = asciiDigits(pyStrip(s))
  if (specialFloat.test(text)) {
    const negative = text.startsWith('-')
    if (/nan/i.test(text)) return Number.NaN
    return negative ? -Infinity : Infinity
  }
  if (!floatText.test(text)) return undefined
  return Number(text.replaceAll('_', ''))
}
