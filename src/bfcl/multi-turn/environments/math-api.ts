import { methodTable, opt, req, type Environment } from '../environment.ts'
import { mpLogQuotientRepr } from '../mpmath-log.ts'
import { mpfOfFloat, mpfOfInt, mpfOfStr, type Mpf } from '../mpmath-mpf.ts'
import { decimalOf, decimalRepr, decimalSqrt } from '../decimal-sqrt.ts'
import { NotModelled } from '../not-modelled.ts'
import { arith, intOfStr, lt, pyIter, truthy, typeName } from '../py-ops.ts'
import { PyException } from '../py-error.ts'
import { pySum } from '../py-sum.ts'
import { roundFloat } from '../../py/format-float.ts'
import { PyEvalError } from '../../python/errors.ts'
import { binaryOp } from '../../python/evaluate.ts'
import type { PyFloat, PyInt } from '../../py/value.ts'
import { dict, f, fromPy, i, isNumber, num, PyOpaque, toPy, valEqual, valRepr, type Val } from '../values.ts'
import { hashKey, str } from './keys.ts'

// BFCL's MathAPI: stateless arithmetic over the model's numbers (int stays int where Python keeps it). Most
// methods catch a TypeError and answer an error dict instead, as BFCL's do. logarithm is mpmath's (mpmath-log.ts),
// complex results and str arguments included. Not modelled (NotModelled: the entry is left unscored): a str
// argument to logarithm beyond a plain decimal literal (p/q, complex, underscores, other scripts' digits), power of
// a negative number to a fractional exponent (a complex), and logarithm or square_root at more than 10,000 digits (mpmath itself takes about 1.5 s at 20,000 and 27 s at 100,000).

// BFCL prints a result with json.dumps, else str(): both raise CPython's ValueError for an int of more than 4300
// digits (power(base=10, exponent=5000)), which the executor reports as the call's error.
const result = (v: Val) => {
  if (hasHugeInt(v)) throw new PyException('ValueError', 'Exceeds the limit (4300 digits) for integer string conversion; use sys.set_int_max_str_digits() to increase the limit')
  return dict([['result', v]])
}
const hugeInt = 10n ** 4300n
function hasHugeInt(v: Val): boolean {
  if (isNumber(v)) return v.t === 'int' && (v.v >= hugeInt || v.v <= -hugeInt)
  if (Array.isArray(v)) return v.some(hasHugeInt)
  return v instanceof Map && [...v.values()].some(hasHugeInt)
}
const bothNumbers = () => dict([['error', 'Both inputs must be numbers']])
const allNumbers = () => dict([['error', 'All elements in the list must be numbers']])
const isNumeric = (v: Val): boolean => isNumber(v) || typeof v === 'boolean'

// The most digits either method computes (logarithm: 0.2 s at 10,000): Python would go on, ever more slowly, past it;
// toolgauge says it does not model it rather than stall a run on one call.
const maxDigits = 10_000

// logarithm's first step, `mpmath.mp.dps = precision`, inside its `except Exception as e: return {"error": str(e)}`:
// mpmath's dps_to_prec takes int() of the precision, so 2.9 is 2, '10' is 10 (int() of a str: ' 4 ', '1_0', '+3'
// too), None is int()'s TypeError and '4.0' its ValueError; then (int + 1) * 3.3219…, whose float conversion of a
// huge int is OverflowError "int too large to convert to float" and whose infinite product round() refuses as
// "cannot convert float infinity to integer" — each answered as the error dict.
function mpmathDps(precision: Val): number | Val {
  let n: bigint
  if (typeof precision === 'string') {
    try {
      n = intOfStr(precision)
    } catch (caught) {
      if (caught instanceof PyException) return dict([['error', caught.message]])
      throw caught
    }
  } else if (typeof precision === 'boolean') n = precision ? 1n : 0n
  else if (isNumber(precision) && precision.t === 'int') n = precision.v
  else if (isNumber(precision)) {
    if (Number.isNaN(precision.v)) return dict([['error', 'cannot convert float NaN to integer']])
    if (!Number.isFinite(precision.v)) return dict([['error', 'cannot convert float infinity to integer']])
    n = BigInt(Math.trunc(precision.v))
  } else return dict([['error', `int() argument must be a string, a bytes-like object or a real number, not '${typeName(precision)}'`]])
  const next = Number(n + 1n)
  if (!Number.isFinite(next)) return dict([['error', 'int too large to convert to float']])
  if (!Number.isFinite(next * 3.3219280948873626)) return dict([['error', 'cannot convert float infinity to integer']])
  if (n > BigInt(maxDigits)) throw new NotModelled(`MathAPI.logarithm at more than ${maxDigits} digits (precision ${n})`)
  return Number(n)
}

// mpmath's convert of a logarithm argument, at the precision the context has then (only a str is rounded to it): an
// int (a bool is one) or float exactly, a str as from_str parses it; None, a list or a dict is convert's TypeError
// "cannot create mpf from <repr>", raised when log() converts that argument (value's before base's).
function mpmathArgument(v: Val): (prec: number) => Mpf {
  if (typeof v === 'boolean') return () => mpfOfInt(v ? 1n : 0n)
  if (isNumber(v)) return v.t === 'int' ? () => mpfOfInt(v.v) : () => mpfOfFloat(v.v)
  if (typeof v === 'string') return (prec) => mpfOfStr(v, prec, valRepr(v))
  return () => {
    throw new PyException('TypeError', `cannot create mpf from ${valRepr(v)}`)
  }
}

// square_root's `getcontext().prec = precision`: an int only (anything else is the TypeError its except answers);
// out of [1, MAX_PREC] a ValueError, past a C ssize_t an OverflowError, neither of which it catches.
function decimalPrecision(precision: Val): number | undefined {
  if (!(isNumber(precision) && precision.t === 'int') && typeof precision !== 'boolean') return undefined
  const n = typeof precision === 'boolean' ? (precision ? 1n : 0n) : precision.v
  if (n >= 2n ** 63n || n < -(2n ** 63n)) throw new PyException('OverflowError', 'Python int too large to convert to C ssize_t')
  if (n < 1n || n > 999_999_999_999_999_999n) throw new PyException('ValueError', 'valid range for prec is [1, MAX_PREC]')
  if (n > BigInt(maxDigits)) throw new NotModelled(`MathAPI.square_root at more than ${maxDigits} digits (precision ${n})`)
  return Number(n)
}

// `Decimal(number).sqrt()` for a number not below 0: NaN and infinity are Decimal's own.
function squareRoot(number: Val, prec: number): Val {
  const n = typeof number === 'boolean' ? (number ? 1n : 0n) : (number as PyInt | PyFloat).v
  if (typeof n === 'number' && Number.isNaN(n)) return result(new PyOpaque("Decimal('NaN')"))
  if (n === Infinity) return result(new PyOpaque("Decimal('Infinity')"))
  return result(new PyOpaque(decimalRepr(decimalSqrt(decimalOf(n), prec))))
}

// Python's `try: … except TypeError: return <error>`: a TypeError the body raises (an environment one, or the
// evaluator's for an operand type) becomes the answer; anything else goes on up.
function orOnTypeError(body: () => Val, error: () => Val): Val {
  try {
    return body()
  } catch (caught) {
    if (caught instanceof PyException && caught.pyType === 'TypeError') return error()
    if (caught instanceof PyEvalError && /^(unsupported operand type|bad operand type|can't multiply)/.test(caught.message)) return error()
    throw caught
  }
}

// Python's `a <op> b` for any operands (str + str concatenates, list * int repeats).
const pyOp = (op: string, a: Val, b: Val): Val => fromPy(binaryOp(op, toPy(a), toPy(b)))

// `base ** exponent`: a negative number to a fractional power is a Python complex, which goes through libm's pow,
// atan2, cos and sin (glibc's in BFCL's Python, V8's here: their last bits can differ), so it is not modelled.
function realPower(base: Val, exponent: Val): Val {
  try {
    return pyOp('**', base, exponent)
  } catch (caught) {
    if (caught instanceof PyEvalError && caught.message.startsWith('complex result')) throw new NotModelled('MathAPI.power of a negative number to a fractional exponent (a Python complex from libm)')
    throw caught
  }
}

// The unit conversions' `except OverflowError`: an int too large for a float meeting a float factor.
function orOnOverflow(body: () => Val): Val {
  try {
    return body()
  } catch (caught) {
    if (caught instanceof PyEvalError && /^(int too large to convert to float|\(34, )/.test(caught.message)) return dict([['error', 'Conversion resulted in a value too large to represent']])
    throw caught
  }
}

function pyAbs(v: Val): Val {
  if (isNumber(v)) return v.t === 'int' ? i(v.v < 0n ? -v.v : v.v) : f(Math.abs(v.v))
  if (typeof v === 'boolean') return i(v ? 1 : 0)
  throw new PyException('TypeError', `bad operand type for abs(): '${typeName(v)}'`)
}

// min()/max(): the first of the smallest/largest, compared with Python's < (mixed types raise TypeError).
function extreme(list: Val[], pick: 'min' | 'max'): Val {
  if (list.length === 0) throw new PyException('ValueError', `${pick}() iterable argument is empty`)
  let best: Val = list[0]!
  for (let index = 1; index < list.length; index++) {
    const item = list[index]!
    if (pick === 'min' ? lt(item, best) : lt(best, item)) best = item
  }
  return best
}

// `round(number, places)`: an int stays an int (rounded half to even at a negative place), a float is rounded;
// places None is round(number), an int (a float's nearest, ties to even; inf and nan raise). A float's places are
// clipped as PyNumber_AsSsize_t clips them: past 323 it is returned as is, below -308 it is 0.0 * x.
function pyRound(n: Val, places: Val): Val {
  if (!isNumber(n) && typeof n !== 'boolean') throw new PyException('TypeError', `type ${typeName(n)} doesn't define __round__ method`)
  if (places === null) return roundToInt(n)
  if (!(isNumber(places) && places.t === 'int') && typeof places !== 'boolean') throw new PyException('TypeError', `'${typeName(places)}' object cannot be interpreted as an integer`)
  const digits = Number(num(places))
  if (typeof n === 'boolean' || n.t === 'int') {
    const value = typeof n === 'boolean' ? (n ? 1n : 0n) : n.v
    if (digits >= 0) return i(value)
    // 10^-digits past twice the value: 0, which Python gets to by computing that power (slowly, for a huge one).
    if (-digits > (value < 0n ? -value : value).toString().length + 1) return i(0)
    return i(roundToUnit(value, 1n, 10n ** BigInt(-digits)))
  }
  if (!Number.isFinite(n.v) || digits > 323) return f(n.v)
  if (digits < -308) return f(0 * n.v)
  if (digits >= 0) return f(roundFloat(n.v, digits))
  // A negative place on a float: the exact binary value m / 2^k rounded half to even to a multiple of 10^-digits.
  let scaled = n.v
  let twos = 1n
  while (!Number.isInteger(scaled)) {
    scaled *= 2
    twos *= 2n
  }
  const unit = 10n ** BigInt(-digits)
  const rounded = Number(roundToUnit(BigInt(scaled), twos, unit))
  return f(rounded === 0 ? 0 * n.v : rounded) // a zero keeps the float's sign, as CPython's strtod of '-0' does
}

// `round(number)`: an int as is, a float's nearest int with ties to even (CPython's round-then-fix-half).
function roundToInt(n: PyInt | PyFloat | boolean): Val {
  if (typeof n === 'boolean') return i(n ? 1 : 0)
  if (n.t === 'int') return i(n.v)
  if (Number.isNaN(n.v)) throw new PyException('ValueError', 'cannot convert float NaN to integer')
  if (!Number.isFinite(n.v)) throw new PyException('OverflowError', 'cannot convert float infinity to integer')
  const floor = Math.floor(n.v)
  const rest = n.v - floor
  const up = rest > 0.5 || (rest === 0.5 && floor % 2 !== 0)
  return i(BigInt(up ? floor + 1 : floor))
}

// (value / divisor) rounded half to even to a multiple of `unit`, as an integer.
function roundToUnit(value: bigint, divisor: bigint, unit: bigint): bigint {
  const whole = divisor * unit
  let q = value / whole
  let rest = value - q * whole
  if (rest < 0n) {
    q -= 1n
    rest += whole
  }
  const up = 2n * rest > whole || (2n * rest === whole && q % 2n !== 0n)
  return (up ? q + 1n : q) * unit
}

const toMeters: ReadonlyMap<string, number> = new Map([['km', 1000], ['m', 1], ['cm', 0.01], ['mm', 0.001], ['um', 1e-6], ['nm', 1e-9]])
const imperial: ReadonlyMap<string, number> = new Map([
  ['cm_to_in', 0.393701], ['in_to_cm', 2.54], ['m_to_ft', 3.28084], ['ft_to_m', 0.3048], ['m_to_yd', 1.09361], ['yd_to_m', 0.9144],
  ['km_to_miles', 0.621371], ['miles_to_km', 1.60934], ['kg_to_lb', 2.20462], ['lb_to_kg', 0.453592],
  ['celsius_to_fahrenheit', 1.8], ['fahrenheit_to_celsius', 5 / 9],
])
// BFCL's to_meters table holds ints where it writes ints (1000, 1): an int value times them stays an int.
const meterFactor = (unit: string): Val => (Number.isInteger(toMeters.get(unit)) ? i(toMeters.get(unit)!) : f(toMeters.get(unit)!))
const unsupported = (from: Val, to: Val) => dict([['error', `Conversion from '${str(from)}' to '${str(to)}' is not supported`]])

const methods = methodTable<Environment>([
  ['absolute_value', [req('number')], ([n]) => orOnTypeError(() => result(pyAbs(n!)), () => dict([['error', 'Input must be a number']]))],
  ['add', [req('a'), req('b')], ([a, b]) => orOnTypeError(() => result(pyOp('+', a!, b!)), bothNumbers)],
  ['divide', [req('a'), req('b')], ([a, b]) => orOnTypeError(() => (valEqual(b!, i(0)) ? dict([['error', 'Cannot divide by zero']]) : result(pyOp('/', a!, b!))), bothNumbers)],
  ['imperial_si_conversion', [req('value'), req('unit_in'), req('unit_out')], ([value, from, to]) => {
    if (!isNumeric(value!)) return dict([['error', 'Value must be a number']])
    if (valEqual(from!, to!)) return result(value!)
    const factor = imperial.get(`${str(from!)}_to_${str(to!)}`)
    if (factor === undefined) return unsupported(from!, to!)
    return orOnOverflow(() => {
      if (from === 'celsius' && to === 'fahrenheit') return result(arith('+', arith('*', value!, f(factor)), i(32)))
      if (from === 'fahrenheit' && to === 'celsius') return result(arith('*', arith('-', value!, i(32)), f(factor)))
      return result(arith('*', value!, f(factor)))
    })
  }],
  ['logarithm', [req('value'), req('base'), req('precision')], ([value, base, precision]) => {
    const dps = mpmathDps(precision!)
    if (typeof dps !== 'number') return dps
    try {
      return result(new PyOpaque(mpLogQuotientRepr(mpmathArgument(value!), mpmathArgument(base!), dps)))
    } catch (caught) {
      // BFCL's `except Exception as e: return {"error": str(e)}` (base 1: ZeroDivisionError, whose str() is '').
      if (caught instanceof PyException) return dict([['error', caught.message]])
      throw caught
    }
  }],
  ['max_value', [req('numbers')], ([list]) => (!truthy(list!) ? dict([['error', 'Cannot find maximum of an empty list']]) : orOnTypeError(() => result(extreme(pyIter(list!), 'max')), allNumbers))],
  ['mean', [req('numbers')], ([list]) => (!truthy(list!)
    ? dict([['error', 'Cannot calculate mean of an empty list']])
    : orOnTypeError(() => result(arith('/', pySum(pyIter(list!)), i(pyIter(list!).length))), allNumbers))],
  ['min_value', [req('numbers')], ([list]) => (!truthy(list!) ? dict([['error', 'Cannot find minimum of an empty list']]) : orOnTypeError(() => result(extreme(pyIter(list!), 'min')), allNumbers))],
  ['multiply', [req('a'), req('b')], ([a, b]) => (isNumeric(a!) && isNumeric(b!) ? result(arith('*', a!, b!)) : bothNumbers())],
  ['percentage', [req('part'), req('whole')], ([part, whole]) => orOnTypeError(() => (valEqual(whole!, i(0))
    ? dict([['error', 'Whole value cannot be zero']])
    : result(pyOp('*', pyOp('/', part!, whole!), i(100)))), bothNumbers)],
  ['power', [req('base'), req('exponent')], ([base, exponent]) => orOnTypeError(() => result(realPower(base!, exponent!)), bothNumbers)],
  ['round_number', [req('number'), opt('decimal_places', i(0))], ([n, places]) => orOnTypeError(() => result(pyRound(n!, places!)),
    () => dict([['error', 'First input must be a number, second input must be an integer']]))],
  ['si_unit_conversion', [req('value'), req('unit_in'), req('unit_out')], ([value, from, to]) => {
    if (!isNumeric(value!)) return dict([['error', 'Value must be a number']])
    if (!(typeof hashKey(from!) === 'string' && toMeters.has(from as string)) || !(typeof hashKey(to!) === 'string' && toMeters.has(to as string))) return unsupported(from!, to!)
    return orOnOverflow(() => result(arith('*', arith('*', value!, meterFactor(from as string)), f(1 / toMeters.get(to as string)!))))
  }],
  ['square_root', [req('number'), req('precision')], ([n, precision]) => orOnTypeError(() => {
    if (lt(n!, i(0))) return dict([['error', 'Cannot calculate square root of a negative number']])
    const prec = decimalPrecision(precision!)
    if (prec === undefined) throw new PyException('TypeError', 'an integer is required')
    return squareRoot(n!, prec)
  }, () => dict([['error', 'Input must be a number or computation resulted in an invalid operation']]))],
  ['standard_deviation', [req('numbers')], ([list]) => {
    if (!truthy(list!)) return dict([['error', 'Cannot calculate standard deviation of an empty list']])
    return orOnTypeError(() => {
      const values = pyIter(list!)
      const mean = arith('/', pySum(values), i(values.length))
      const squares = values.map((x) => pyOp('**', arith('-', x, mean), i(2)))
      const variance = arith('/', pySum(squares), i(values.length))
      return result(f(Math.sqrt(num(variance))))
    }, allNumbers)
  }],
  ['subtract', [req('a'), req('b')], ([a, b]) => orOnTypeError(() => result(pyOp('-', a!, b!)), bothNumbers)],
  ['sum_values', [req('numbers')], ([list]) => (!truthy(list!) ? dict([['error', 'Cannot calculate sum of an empty list']]) : orOnTypeError(() => result(pySum(pyIter(list!))), allNumbers))],
])

/** A MathAPI instance (stateless: nothing to load, no state). */
export function mathApi(): Environment {
  return { className: 'MathAPI', methods, load() {}, state: () => [] }
}
