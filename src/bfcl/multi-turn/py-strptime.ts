import { PyException } from './py-error.ts'
import { typeName } from './py-ops.ts'
import type { Val } from './values.ts'

// Python's `datetime.strptime(text, "%Y-%m-%d")`, which TravelAPI uses to check travel dates and birth dates.

/** A calendar date. */
export type YearMonthDay = { readonly year: number; readonly month: number; readonly day: number }

// CPython's _strptime patterns for %Y, %m and %d, in its order of alternatives; `\d` is any decimal digit there. It
// matches from the start and then requires the whole text to be used ("unconverted data remains").
const ymd = /^(\p{Nd}{4})-(1[0-2]|0[1-9]|[1-9])-(3[01]|[12]\p{Nd}|0[1-9]|[1-9]| [1-9])/u

/**
 * The value of a decimal digit of any script: Unicode keeps each script's 0–9 contiguous and in order, and where
 * runs adjoin (the mathematical digits) each starts at a multiple of ten from the first.
 */
export function digitValue(ch: string): number {
  const code = ch.codePointAt(0)!
  if (code < 128) return code - 48
  let start = code
  while (/\p{Nd}/u.test(String.fromCodePoint(start - 1))) start--
  return (code - start) % 10
}

const digitsValue = (text: string): number => [...text].reduce((sum, ch) => sum * 10 + digitValue(ch), 0)

function daysIn(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * The date `datetime.strptime(v, "%Y-%m-%d")` parses, or undefined where it raises ValueError (no match, text left
 * over, year 0, a day past the month's end). A value that is not a str raises TypeError, as strptime does.
 */
export function strptimeYmd(v: Val): YearMonthDay | undefined {
  if (typeof v !== 'string') throw new PyException('TypeError', `strptime() argument 1 must be str, not ${typeName(v)}`)
  const match = ymd.exec(v)
  if (!match || match[0].length !== v.length) return undefined
  const year = digitsValue(match[1]!)
  const month = Number(match[2])
  const day = Number(match[3]!.trim().replace(/\p{Nd}/gu, (d) => String(digitValue(d))))
  if (year < 1 || day > daysIn(year, month)) return undefined
  return { year, month, day }
}
