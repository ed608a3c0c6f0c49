import { isPlainObject } from './plain-object.ts'

/**
 * Numbers as JSON text writes them. A JSON number (RFC 8259) and a JSON Schema number are decimals of any precision;
 * a JavaScript number is a 64-bit float, which reads `12345678901234567891` as 12345678901234567000 and `1e400` as
 * Infinity. A verdict must be as exact as the text the model sent, so a number token that does not round-trip — the
 * float's shortest decimal, `String(Number(token))`, is another value — is kept as its text (`ExactNumber`) where a
 * verdict reads it (`loop/parse-arguments.ts` `judgedArguments`). Every other number stays a plain number: nearly
 * all do, and a token that round-trips is the float's value exactly as written.
 *
 * The decimal arithmetic is written here rather than taken from lossless-json: core imports no other folder, and the
 * round-trip test runs on every call's arguments and every suite, where loading a parser would cost start-up.
 */

/** A JSON number a JavaScript number cannot hold exactly, as its token in the text (`12345678901234567891`). */
export class ExactNumber {
  constructor(readonly text: string) {}
}

/** A number as a verdict reads it: a plain number, or the exact text of one that does not round-trip. */
export type NumberValue = number | ExactNumber

/** Whether a value is a number (plain or exact). */
export function isNumberValue(value: unknown): value is NumberValue {
  return typeof value === 'number' || value instanceof ExactNumber
}

/** A parsed JSON object (`{ … }`): an object, not null, no array and no ExactNumber. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return isPlainObject(value) && !(value instanceof ExactNumber)
}

/** -1, 0 or 1: `a` against `b` by exact value (a plain number by its shortest decimal, what was written when it round-trips). */
export function compareNumbers(a: NumberValue, b: NumberValue): -1 | 0 | 1 {
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0
  // An infinite bound (a schema's or a YAML `.inf`) against a text: the text's float is as far as it can go.
  if ((typeof a === 'number' && !Number.isFinite(a)) || (typeof b === 'number' && !Number.isFinite(b))) {
    return compareNumbers(floatOf(a), floatOf(b))
  }
  return compareDecimals(decimalOf(textOf(a)), decimalOf(textOf(b)))
}

/** Whether a JSON number token reads as a float of exactly its value (short tokens always do, as `firstNumberToken` says). */
export function roundTrips(token: string): boolean {
  if (token.length <= shortLength && !/[eE]/.test(token)) return true
  const value = Number(token)
  return Number.isFinite(value) && compareDecimals(decimalOf(token), decimalOf(String(value))) === 0
}

/**
 * The first number token of JSON text (valid JSON: only strings hold quotes) that `test` picks, with its offset.
 * Only tokens that may not be a float exactly are tested: a token of at most 15 characters with no exponent has at
 * most 15 significant digits, which a 64-bit float always holds and gives back (DBL_DIG), and nearly every number is
 * one. A scan by character codes that allocates only the tokens it tests (a 20,000-case suite is scanned whole).
 */
export function firstNumberToken(text: string, test: (token: string) => boolean): { readonly token: string; readonly index: number } | undefined {
  const length = text.length
  let at = 0
  while (at < length) {
    const code = text.charCodeAt(at)
    if (code === quote) {
      at++
      while (at < length) {
        const inner = text.charCodeAt(at)
        if (inner === backslash) at += 2
        else if (inner === quote) break
        else at++
      }
      at++
    } else if (code === minus || isDigit(code)) {
      const start = at
      let exponent = false
      while (at < length) {
        const inner = text.charCodeAt(at)
        if (!isNumberCharacter(inner)) break
        if (inner === 0x65 || inner === 0x45) exponent = true
        at++
      }
      if (!exponent && at - start <= shortLength) continue
      const token = text.slice(start, at)
      if (test(token)) return { token, index: start }
    } else at++
  }
  return undefined
}

/** The first number token of JSON text that does not round-trip, if any (most text has none). */
export function firstInexactNumber(text: string): { readonly token: string; readonly index: number } | undefined {
  return firstNumberToken(text, (token) => !roundTrips(token))
}

/**
 * The path to the first number JSON cannot write (a YAML `.inf`, `-.inf` or `.nan`: JSON.stringify writes each as
 * null), and the number, if a value a suite sends or compares as JSON holds one.
 */
export function firstNonFinite(value: unknown, path: readonly (string | number)[] = []): { readonly path: (string | number)[]; readonly value: number } | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path: [...path], value }
  const entries: [string | number, unknown][] = Array.isArray(value) ? value.map((item, index) => [index, item]) : isPlainObject(value) ? Object.entries(value) : []
  for (const [key, child] of entries) {
    const found = firstNonFinite(child, [...path, key])
    if (found) return found
  }
  return undefined
}

/** Why a suite's `.inf` or `.nan` is refused where its value goes as JSON, and what to write. */
export function nonFiniteMessage(value: number): string {
  const written = Number.isNaN(value) ? '.nan' : value > 0 ? '.inf' : '-.inf'
  return `${written} cannot be written as JSON, which has no infinity or NaN (JSON.stringify sends null); write a finite number, or a string if the value is one`
}

/** Whether a parsed value holds an ExactNumber anywhere. */
export function containsExactNumber(value: unknown): boolean {
  if (value instanceof ExactNumber) return true
  if (Array.isArray(value)) return value.some(containsExactNumber)
  return isJsonObject(value) && Object.values(value).some(containsExactNumber)
}

/**
 * Deep equality where numbers compare by exact value (`5` = `5.0`; an ExactNumber by its digits, never equal to the
 * float JavaScript would round it to) and object key order does not matter: a `literal` matcher's, and JSON Schema's
 * `const`, `enum` and `uniqueItems` on arguments holding an ExactNumber.
 */
export function literalEquals(expected: unknown, actual: unknown): boolean {
  if (isNumberValue(expected) || isNumberValue(actual)) return isNumberValue(expected) && isNumberValue(actual) && compareNumbers(expected, actual) === 0
  if (expected === null || typeof expected !== 'object') return expected === actual
  if (Array.isArray(expected)) {
    return Array.isArray(actual) && actual.length === expected.length && expected.every((item, i) => literalEquals(item, actual[i]))
  }
  if (!isJsonObject(actual)) return false
  const keys = Object.keys(expected)
  return keys.length === Object.keys(actual).length
    && keys.every((key) => Object.hasOwn(actual, key) && literalEquals((expected as Record<string, unknown>)[key], actual[key]))
}

/** JSON text of a parsed value, each ExactNumber written as the model sent it (JSON.stringify would write an object). */
export function exactJsonText(value: unknown): string {
  if (value instanceof ExactNumber) return value.text
  if (Array.isArray(value)) return `[${value.map(exactJsonText).join(',')}]`
  if (isJsonObject(value)) return `{${Object.entries(value).map(([key, item]) => `${JSON.stringify(key)}:${exactJsonText(item)}`).join(',')}}`
  return JSON.stringify(value) ?? 'null'
}

/** A parsed value with each ExactNumber as `read` gives it: as JavaScript reads it unless told (what the plain parse gave), for JSON output. */
export function plainValue(value: unknown, read: (number: ExactNumber) => number = (number) => Number(number.text)): unknown {
  if (value instanceof ExactNumber) return read(value)
  if (Array.isArray(value)) return value.map((item) => plainValue(item, read))
  if (isJsonObject(value)) return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, plainValue(item, read)]))
  return value
}

/** Whether a number is an integer by its exact value (`1.0000000000000001` is not, though JavaScript reads 1). */
export function isWholeNumber(value: NumberValue): boolean {
  return typeof value === 'number' ? Number.isInteger(value) : decimalOf(value.text).exponent >= 0
}

/** Whether an exact number is an integer multiple of a plain one (by its shortest decimal, as written: 0.1, not the float's binary value). */
export function isMultipleOf(value: ExactNumber, divisor: number): boolean {
  const a = decimalOf(value.text)
  const b = decimalOf(String(divisor))
  if (b.digits === '') return false
  if (a.digits === '') return true
  // a / b = (digits a / digits b) × 10^(exponent a − exponent b); digits end in no zero, so no 10^-k × digits is whole.
  if (a.exponent < b.exponent) return false
  return (BigInt(a.digits) * 10n ** BigInt(a.exponent - b.exponent)) % BigInt(b.digits) === 0n
}

/** A decimal `digits × 10^exponent`, digits with no leading or trailing zero ('' for zero). */
type Decimal = { readonly negative: boolean; readonly digits: string; readonly exponent: number }

const decimalPattern = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/

/** A decimal token's value: JSON's grammar, and what `String(number)` writes (`1e+21`). */
function decimalOf(token: string): Decimal {
  const match = decimalPattern.exec(token)
  if (!match) throw new TypeError(`not a decimal number: ${token}`)
  const fraction = match[3] ?? ''
  const all = `${match[2] ?? ''}${fraction}`
  const first = all.search(/[1-9]/)
  if (first === -1) return { negative: false, digits: '', exponent: 0 }
  const last = all.length - 1 - [...all].reverse().findIndex((character) => character !== '0')
  return {
    negative: match[1] === '-',
    digits: all.slice(first, last + 1),
    exponent: Number(match[4] ?? '0') - fraction.length + (all.length - 1 - last),
  }
}

function compareDecimals(a: Decimal, b: Decimal): -1 | 0 | 1 {
  const signA = a.digits === '' ? 0 : a.negative ? -1 : 1
  const signB = b.digits === '' ? 0 : b.negative ? -1 : 1
  if (signA !== signB) return signA < signB ? -1 : 1
  if (signA === 0) return 0
  // The magnitude is the place of the leading digit; at the same place, digits compare as strings (no trailing zeros).
  const placeA = a.digits.length + a.exponent
  const placeB = b.digits.length + b.exponent
  const magnitude = placeA !== placeB ? (placeA < placeB ? -1 : 1) : a.digits < b.digits ? -1 : a.digits > b.digits ? 1 : 0
  return magnitude === 0 ? 0 : ((signA * magnitude) as -1 | 1)
}

function textOf(value: NumberValue): string {
  return typeof value === 'number' ? String(value) : value.text
}

function floatOf(value: NumberValue): number {
  return typeof value === 'number' ? value : Number(value.text)
}

const shortLength = 15
const quote = 0x22
const backslash = 0x5c
const minus = 0x2d

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39
}

// Digits, `.`, `e`/`E`, `+`/`-`: what a JSON number token is made of.
function isNumberCharacter(code: number): boolean {
  return isDigit(code) || code === 0x2e || code === 0x65 || code === 0x45 || code === 0x2b || code === minus
}
