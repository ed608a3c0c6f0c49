import { methodTable, opt, req, type Environment } from '../environment.ts'
import { mpLogRepr } from '../mpmath-log.ts'
import { arith } from '../py-ops.ts'
import { PyException } from '../py-error.ts'
import { pySum } from '../py-sum.ts'
import { roundFloat } from '../../py/format-float.ts'
import { binaryOp } from '../../python/evaluate.ts'
import { dict, f, i, isNumber, num, PyOpaque, type Val } from '../values.ts'

// BFCL's MathAPI: stateless arithmetic over the model's numbers (int stays int where Python keeps it).
// Not modelled yet: si_unit_conversion, imperial_si_conversion, square_root (their conversion tables and
// Decimal output are not in the published outputs); calling them says so instead of guessing a value.

const result = (v: Val) => dict([['result', v]])

function numbers(v: Val): Val[] {
  if (!Array.isArray(v)) throw new PyException('TypeError', `'${typeof v === 'string' ? 'str' : 'object'}' object is not iterable`)
  return v
}

function pyAbs(v: Val): Val {
  if (isNumber(v)) return v.t === 'int' ? i(v.v < 0n ? -v.v : v.v) : f(Math.abs(v.v))
  if (typeof v === 'boolean') return i(v ? 1 : 0)
  throw new PyException('TypeError', "bad operand type for abs()")
}

function extreme(items: Val[], pick: 'min' | 'max'): Val {
  if (items.length === 0) throw new PyException('ValueError', `${pick}() iterable argument is empty`)
  let best: Val = items[0]!
  for (const item of items.slice(1)) if (pick === 'min' ? num(item) < num(best) : num(item) > num(best)) best = item
  return best
}

const notModelled = (name: string) => () => {
  throw new PyException('NotImplementedError', `toolgauge does not model MathAPI.${name} yet`)
}

const methods = methodTable<Environment>([
  ['absolute_value', [req('number')], ([n]) => result(pyAbs(n!))],
  ['add', [req('a'), req('b')], ([a, b]) => result(arith('+', a!, b!))],
  ['divide', [req('a'), req('b')], ([a, b]) => (num(b!) === 0 ? dict([['error', 'Cannot divide by zero']]) : result(arith('/', a!, b!)))],
  ['imperial_si_conversion', [req('value'), req('unit_in'), req('unit_out')], notModelled('imperial_si_conversion')],
  ['logarithm', [req('value'), req('base'), req('precision')], ([value, base, precision]) => {
    if (num(base!) === 1) return dict([['error', '']])
    const repr = mpLogRepr(num(value!), num(base!), num(precision!))
    if (repr === undefined) throw new PyException('NotImplementedError', 'toolgauge does not model complex logarithms yet')
    return result(new PyOpaque(repr))
  }],
  ['max_value', [req('numbers')], ([items]) => {
    const list = numbers(items!)
    return list.length === 0 ? dict([['error', 'Cannot find maximum of an empty list']]) : result(extreme(list, 'max'))
  }],
  ['mean', [req('numbers')], ([items]) => {
    const list = numbers(items!)
    return list.length === 0 ? dict([['error', 'Cannot calculate mean of an empty list']]) : result(arith('/', pySum(list), i(list.length)))
  }],
  ['min_value', [req('numbers')], ([items]) => {
    const list = numbers(items!)
    return list.length === 0 ? dict([['error', 'Cannot find minimum of an empty list']]) : result(extreme(list, 'min'))
  }],
  ['multiply', [req('a'), req('b')], ([a, b]) => result(arith('*', a!, b!))],
  ['percentage', [req('part'), req('whole')], ([part, whole]) => (num(whole!) === 0
    ? dict([['error', 'Whole cannot be zero']])
    : result(arith('*', arith('/', part!, whole!), i(100))))],
  ['power', [req('base'), req('exponent')], ([base, exponent]) => result(binaryOp('**', base as never, exponent as never) as Val)],
  ['round_number', [req('number'), opt('decimal_places', i(0))], ([n, places]) => {
    if (isNumber(n!) && n.t === 'int') return result(n)
    return result(f(roundFloat(num(n!), num(places!))))
  }],
  ['si_unit_conversion', [req('value'), req('unit_in'), req('unit_out')], notModelled('si_unit_conversion')],
  ['square_root', [req('number'), req('precision')], notModelled('square_root')],
  ['standard_deviation', [req('numbers')], ([items]) => {
    const list = numbers(items!)
    if (list.length === 0) return dict([['error', 'Cannot calculate standard deviation of an empty list']])
    const mean = arith('/', pySum(list), i(list.length))
    const squares = list.map((x) => binaryOp('**', arith('-', x, mean) as never, i(2)) as Val)
    const variance = arith('/', pySum(squares), i(list.length))
    return result(f(Math.sqrt(num(variance))))
  }],
  ['subtract', [req('a'), req('b')], ([a, b]) => result(arith('-', a!, b!))],
  ['sum_values', [req('numbers')], ([items]) => {
    const list = numbers(items!)
    return list.length === 0 ? dict([['error', 'Cannot calculate sum of an empty list']]) : result(pySum(list))
  }],
])

/** A MathAPI instance (stateless: nothing to load, no state). */
export function mathApi(): Environment {
  return { className: 'MathAPI', methods, load() {}, state: () => [] }
}
