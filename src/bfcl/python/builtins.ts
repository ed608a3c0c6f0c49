import { pyStr } from '../py/repr.ts'
import { pyClass, pyFloat, pyInt, pyItems, tagged, type PyValue } from '../py/value.ts'
import { PyEvalError } from './errors.ts'

// The pure builtins a model's arithmetic may use inside an evaluated binary operation (`abs(-3) + 1`):
// BFCL evaluates those with Python's `eval`, which sees every builtin.

/** A Python number (bool as int) for arithmetic: an exact int or a double. */
export type Num = { readonly kind: 'int'; readonly v: bigint } | { readonly kind: 'float'; readonly v: number }

/** `v` as a number, or undefined when it is none (bool counts as int, as in Python). */
export function asNumber(v: PyValue): Num | undefined {
  if (typeof v === 'boolean') return { kind: 'int', v: v ? 1n : 0n }
  const t = tagged(v)
  if (t?.t === 'int') return { kind: 'int', v: t.v }
  if (t?.t === 'float') return { kind: 'float', v: t.v }
  return undefined
}

/** Python `float(n)`. */
export const toFloat = (n: Num): number => (n.kind === 'float' ? n.v : Number(n.v))
const fromNum = (n: Num): PyValue => (n.kind === 'float' ? pyFloat(n.v) : pyInt(n.v))
const less = (a: Num, b: Num) => (a.kind === 'int' && b.kind === 'int' ? a.v < b.v : toFloat(a) < toFloat(b))

function numbers(values: readonly PyValue[], name: string): Num[] {
  return values.map((value) => asNumber(value) ?? (() => { throw new PyEvalError(`${name}() got a '${pyClass(value)}'`) })())
}

function extreme(args: readonly PyValue[], name: 'min' | 'max'): PyValue {
  const values = args.length === 1 ? pyItems(args[0]!) ?? [] : args
  if (values.length === 0) throw new PyEvalError(`${name}() arg is an empty sequence`)
  const ns = numbers(values, name)
  let best = 0
  ns.forEach((n, index) => {
    if (name === 'min' ? less(n, ns[best]!) : less(ns[best]!, n)) best = index
  })
  return values[best]!
}

const builtins: { readonly [name: string]: (args: readonly PyValue[]) => PyValue } = {
  abs: ([x]) => {
    const n = numbers([x!], 'abs')[0]!
    return n.kind === 'float' ? pyFloat(Math.abs(n.v)) : pyInt(n.v < 0n ? -n.v : n.v)
  },
  len: ([x]) => {
    const t = tagged(x!)
    const items = pyItems(x!) ?? (t?.t === 'dict' ? t.entries : t?.t === 'bytes' ? [...t.v] : undefined)
    if (!items) throw new PyEvalError(`object of type '${pyClass(x!)}' has no len()`)
    return pyInt(items.length)
  },
  min: (args) => extreme(args, 'min'),
  max: (args) => extreme(args, 'max'),
  sum: ([items]) => fromNum(numbers(pyItems(items!) ?? [], 'sum').reduce<Num>((total, n) => (total.kind === 'int' && n.kind === 'int'
    ? { kind: 'int', v: total.v + n.v }
    : { kind: 'float', v: toFloat(total) + toFloat(n) }), { kind: 'int', v: 0n })),
  int: ([x]) => {
    if (typeof x === 'string' && /^\s*[-+]?\d+(_\d+)*\s*$/.test(x)) return pyInt(BigInt(x.trim().replaceAll('_', '')))
    const n: Num | undefined = x === undefined ? { kind: 'int', v: 0n } : asNumber(x)
    if (!n || (n.kind === 'float' && !Number.isFinite(n.v))) throw new PyEvalError('invalid literal for int()')
    return pyInt(n.kind === 'float' ? BigInt(Math.trunc(n.v)) : n.v)
  },
  float: ([x]) => {
    if (typeof x === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(x)) return pyFloat(Number(x.trim()))
    const n: Num | undefined = x === undefined ? { kind: 'float', v: 0 } : asNumber(x)
    if (!n) throw new PyEvalError('could not convert to float')
    return pyFloat(toFloat(n))
  },
  str: ([x]) => (x === undefined ? '' : pyStr(x)),
  // round(x) rounds half to even and returns an int; round(x, n) is not modelled.
  round: (args) => {
    if (args.length !== 1) throw new PyEvalError('round() with ndigits is not supported by this evaluator')
    const n = numbers(args, 'round')[0]!
    if (n.kind === 'int') return pyInt(n.v)
    if (!Number.isFinite(n.v)) throw new PyEvalError('cannot convert float infinity or NaN to integer')
    const floor = Math.floor(n.v)
    const diff = n.v - floor
    const rounded = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0) ? floor + 1 : floor
    return pyInt(BigInt(rounded))
  },
}

/** Calls a builtin by name, or undefined when the name is not one of them (NameError in Python). */
export function callBuiltin(name: string, args: readonly PyValue[]): PyValue | undefined {
  const builtin = builtins[name]
  return builtin ? builtin(args) : undefined
}
