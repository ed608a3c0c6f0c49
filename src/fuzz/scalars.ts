import fc from 'fast-check'
import type { JsonSchema } from '../core/tool.ts'
import { boundedFilter } from './bounded-filter.ts'
import { formatArbitraries } from './formats.ts'
import { getOrCreate } from '../core/get-or-create.ts'

const num = (value: unknown): number | undefined => (typeof value === 'number' && Number.isFinite(value) ? value : undefined)

type Bounds = { readonly min?: number; readonly max?: number; readonly minExcluded: boolean; readonly maxExcluded: boolean }

/** Numeric bounds of a node, for draft-4 (boolean `exclusive*`) and draft-6+ (numeric `exclusive*`) schemas alike. */
function boundsOf(node: JsonSchema): Bounds {
  let min = num(node.minimum)
  let max = num(node.maximum)
  let minExcluded = node.exclusiveMinimum === true
  let maxExcluded = node.exclusiveMaximum === true
  const exclusiveMin = num(node.exclusiveMinimum)
  const exclusiveMax = num(node.exclusiveMaximum)
  if (exclusiveMin !== undefined && (min === undefined || exclusiveMin >= min)) [min, minExcluded] = [exclusiveMin, true]
  if (exclusiveMax !== undefined && (max === undefined || exclusiveMax <= max)) [max, maxExcluded] = [exclusiveMax, true]
  return { min, max, minExcluded, maxExcluded }
}

// Unbounded integers stay in 32 bits (readable counterexamples); explicit bounds up to the safe-integer range are honoured.
const intLow = -(2 ** 31)
const intHigh = 2 ** 31 - 1

/** Integers within `minimum`/`maximum`/`exclusive*`, multiples of `multipleOf` when given. */
export function integerArbitrary(node: JsonSchema): fc.Arbitrary<number> {
  const bounds = boundsOf(node)
  let min = bounds.min === undefined ? undefined : bounds.minExcluded ? Math.floor(bounds.min) + 1 : Math.ceil(bounds.min)
  let max = bounds.max === undefined ? undefined : bounds.maxExcluded ? Math.ceil(bounds.max) - 1 : Math.floor(bounds.max)
  min = Math.max(min ?? Math.min(intLow, max ?? 0), Number.MIN_SAFE_INTEGER)
  max = Math.min(max ?? Math.max(intHigh, min), Number.MAX_SAFE_INTEGER)
  const step = num(node.multipleOf)
  if (step !== undefined && step > 0 && Number.isInteger(step)) {
    const low = Math.ceil(min / step)
    const high = Math.floor(max / step)
    return fc.integer({ min: low, max: Math.max(low, high) }).map((k) => k * step)
  }
  const integers = fc.integer({ min, max: Math.max(min, max) })
  return step !== undefined ? boundedFilter(integers, (value) => Number.isInteger(value / step)) : integers
}

/** Finite doubles within the bounds; `multipleOf` by generating integer multiples (the oracle drops rounding misses). */
export function numberArbitrary(node: JsonSchema): fc.Arbitrary<number> {
  const { min, max, minExcluded, maxExcluded } = boundsOf(node)
  const step = num(node.multipleOf)
  if (step !== undefined && step > 0) {
    const low = min === undefined ? -1e6 : Math.ceil(min / step) + (minExcluded && Number.isInteger(min / step) ? 1 : 0)
    const high = max === undefined ? 1e6 : Math.floor(max / step) - (maxExcluded && Number.isInteger(max / step) ? 1 : 0)
    const multiples = fc.integer({ min: Math.max(low, -1e9), max: Math.max(Math.min(high, 1e9), low) }).map((k) => {
      const value = k * step
      const rounded = Number(value.toPrecision(12))
      return Number.isInteger(rounded / step) ? rounded : value
    })
    return boundedFilter(multiples, (value) => Number.isInteger(value / step))
  }
  // Small integers first: they are the readable, typical values, and shrink well; doubles cover the rest.
  const doubles = fc.double({ min, max, minExcluded, maxExcluded, noNaN: true, noDefaultInfinity: true })
  const lowInt = min === undefined ? -Infinity : minExcluded ? Math.floor(min) + 1 : Math.ceil(min)
  const highInt = max === undefined ? Infinity : maxExcluded ? Math.ceil(max) - 1 : Math.floor(max)
  if (lowInt > highInt) return doubles
  return fc.oneof({ weight: 1, arbitrary: integerArbitrary(node) }, { weight: 2, arbitrary: doubles })
}

const codePoints = (value: string): number => [...value].length

/** Strings honouring `format`, `pattern` (unanchored, Unicode, like ajv) and `minLength`/`maxLength` in code points. */
export function stringArbitrary(node: JsonSchema): fc.Arbitrary<string> {
  const minLength = num(node.minLength) ?? 0
  const maxLength = num(node.maxLength)
  const format = typeof node.format === 'string' ? formatArbitraries[node.format] : undefined
  const pattern = typeof node.pattern === 'string' ? compilePattern(node.pattern) : undefined
  let base: fc.Arbitrary<string>
  if (format) base = format
  else if (pattern) base = safeStringMatching(pattern, minLength, maxLength)
  else {
    const limits = { minLength, ...(maxLength !== undefined ? { maxLength } : {}) }
    // ASCII first (readable, shrinks toward it), full Unicode code points sometimes (lengths count code points).
    return fc.oneof(
      { withCrossShrink: true },
      { weight: 4, arbitrary: fc.string(limits) },
      { weight: 1, arbitrary: fc.string({ ...limits, unit: 'binary' }) },
    )
  }
  const inRange = (value: string): boolean => {
    const length = codePoints(value)
    return length >= minLength && (maxLength === undefined || length <= maxLength) && (!pattern || pattern.test(value))
  }
  return boundedFilter(base, inRange, 200)
}

/** A pattern as ajv reads it (Unicode); undefined when JavaScript cannot compile it. */
export function compilePattern(source: string): RegExp | undefined {
  try {
    return new RegExp(source, 'u')
  } catch {
    return undefined
  }
}

function safeStringMatching(pattern: RegExp, minLength: number, maxLength: number | undefined): fc.Arbitrary<string> {
  try {
    // Short lengths want small repetitions; fast-check's `size` bounds how far `*`/`+` expand.
    const size = maxLength !== undefined && maxLength <= 8 ? 'xsmall' : minLength > 20 ? 'medium' : 'small'
    return matching(pattern, size)
  } catch {
    // A regex feature fast-check cannot generate from: random strings, filtered by the pattern itself.
    return fc.string({ minLength, ...(maxLength !== undefined ? { maxLength } : {}) })
  }
}

const matchers = new Map<string, fc.Arbitrary<string>>()

/** `fc.stringMatching`, cached per regex and size: building one costs milliseconds, and schemas repeat patterns. */
export function matching(regex: RegExp, size: fc.Size): fc.Arbitrary<string> {
  const key = `${size}:${regex.flags}:${regex.source}`
  return getOrCreate(matchers, key, () => fc.stringMatching(regex, { size }))
}
