import { pyStr } from '../py/repr.ts'
import { pyClass, pyFloat, pyInt, pyItems, tagged, type PyValue } from '../py/value.ts'
import { PyEvalError } from './errors.ts'

// The pure builtins a model's arithmetic may use inside an evaluated binary operation (`abs(-3) + 1`):
// BFCL evaluates those with Python's `eval`, which sees every builtin.

type Num = { readonly int?: bigint; readonly float?: number }

function num(v: PyValue): Num | undefined {
  if (typeof v === 'boolean') return { int: v ? 1n : 0n }
  const t = tagged(v)
  if (t?.t === 'int') return { int: t.v }
  if (t?.t === 'float') return { float: t.v }
  return undefined
}

const toNumber = (n: Num) => (n.float !== undefined ? n.float : Number(n.int))
const fromNum = (n: Num): PyValue => (n.float !== undefined ? pyFloat(n.float) : pyInt(n.int!))
const less = (a: Num, b: Num) => (a.int !== undefined && b.int !== undefined ? a.int < b.int : toNumber(a) < toNumber(b))

function numbers(values: readonly PyValue[], name: string): Num[] {
  return values.map((value) => num(value) ?? (() => { throw new PyEvalError(`${name}() got a '${pyClass(value)}'`) })())
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
    return n.float !== undefined ? pyFloat(Math.abs(n.float)) : pyInt(n.int! < 0n ? -n.int! : n.int!)
  },
  len: ([x]) => {
    const t = tagged(x!)
    const items = pyItems(x!) ?? (t?.t === 'dict' ? t.entries : t?.t === 'bytes' ? [...t.v] : undefined)
    if (!items) throw new PyEvalError(`object of type '${pyClass(x!)}' has no len()`)
    return pyInt(items.length)
  },
  min: (args) => extreme(args, 'min'),
  max: (args) => extreme(args, 'max'),
  sum: ([items]) => fromNum(numbers(pyItems(items!) ?? [], 'sum').reduce<Num>((total, n) => (total.float !== undefined || n.float !== undefined
    ? { float: toNumber(total) + toNumber(n) }
    : { int: total.int! + n.int! }), { int: 0n })),
  int: ([x]) => {
    if (typeof x === 'string' && /^\s*[-+]?\d+(_\d+)*\s*$/.test(x)) return pyInt(BigInt(x.trim().replaceAll('_', '')))
    const n = x === undefined ? { int: 0n } : num(x)
    if (!n || (n.float !== undefined && !Number.isFinite(n.float))) throw new PyEvalError('invalid literal for int()')
    return pyInt(n.float !== undefined ? BigInt(Math.trunc(n.float)) : n.int!)
  },
  float: ([x]) => {
    if (typeof x === 'string' && /^\s*[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?\s*$/.test(x)) return pyFloat(Number(x.trim()))
    const n = x === undefined ? { float: 0 } : num(x)
    if (!n) throw new PyEvalError('could not convert to float')
    return pyFloat(toNumber(n))
  },
  str: ([x]) => (x === undefined ? '' : pyStr(x)),
  // round(x) rounds half to even and returns an int; round(x, n) is not modelled.
  round: (args) => {
    if (args.length !== 1) throw new PyEvalError('round() with ndigits is not supported by this evaluator')
    const n = numbers(args, 'round')[0]!
    if (n.float === undefined) return pyInt(n.int!)
    if (!Number.isFinite(n.float)) throw new PyEvalError('cannot convert float infinity or NaN to integer')
    const floor = Math.floor(n.float)
    const diff = n.float - floor
    const rounded = diff > 0.5 || (diff === 0.5 && floor % 2 !== 0) ? floor + 1 : floor
    return pyInt(BigInt(rounded))
  },
}

/** Calls a builtin by name, or undefined when the name is not one of them (NameError in Python). */
export function callBuiltin(name: string, args: readonly PyValue[]): PyValue | undefined {
  const builtin = builtins[name]
  return builtin ? builtin(args) : undefined
}
