import { pyRepr } from '../py/repr.ts'
import { pyClass, pyDict, pyFloat, pyInt, tagged, type PyBytes, type PyDict, type PyTuple, type PyValue } from '../py/value.ts'
import type { Expr } from './ast.ts'
import { asNumber, callBuiltin, toFloat } from './builtins.ts'
import { PyEvalError } from './errors.ts'
import { pow } from '../py/float-pow.ts'
import { floatOfInt, intTrueDivide } from './float-of-int.ts'

// BFCL decodes a binary operation with `eval(ast.unparse(node))`. This evaluates the same subtree with Python's
// semantics for literals, containers, unary and binary operators. Names (and so builtins such as `abs`), calls
// and the other constructs raise, as they would in BFCL when the name is undefined.

function pyFloorMod(a: number, b: number): number {
  const r = a % b
  return r !== 0 && (r < 0) !== (b < 0) ? r + b : r
}

function intOp(op: string, a: bigint, b: bigint): PyValue {
  switch (op) {
    case '+': return pyInt(a + b)
    case '-': return pyInt(a - b)
    case '*': return pyInt(a * b)
    case '/':
      if (b === 0n) throw new PyEvalError('division by zero')
      return pyFloat(intTrueDivide(a, b))
    case '//': {
      if (b === 0n) throw new PyEvalError('integer division or modulo by zero')
      const q = a / b
      return pyInt(q * b !== a && (a < 0n) !== (b < 0n) ? q - 1n : q)
    }
    case '%': {
      if (b === 0n) throw new PyEvalError('integer division or modulo by zero')
      const r = a % b
      return pyInt(r !== 0n && (r < 0n) !== (b < 0n) ? r + b : r)
    }
    case '**':
      if (b < 0n && a === 0n) throw new PyEvalError('0.0 cannot be raised to a negative power')
      if (b < 0n) return floatOp('**', floatOfInt(a), floatOfInt(b))
      if (b > 100000n) throw new PyEvalError('exponent too large for this evaluator')
      return pyInt(a ** b)
    case '<<': if (b < 0n) throw new PyEvalError('negative shift count'); return pyInt(a << b)
    case '>>': if (b < 0n) throw new PyEvalError('negative shift count'); return pyInt(a >> b)
    case '&': return pyInt(a & b)
    case '|': return pyInt(a | b)
    case '^': return pyInt(a ^ b)
  }
  throw new PyEvalError(`unsupported operand type(s) for ${op}: 'int' and 'int'`)
}

const isOddInteger = (x: number) => Number.isInteger(x) && Math.abs(x % 2) === 1

// CPython's float_pow: its own special cases, then C's pow (correctly rounded, py/float-pow.ts), whose ERANGE on
// overflow is an OverflowError (an underflow is 0.0).
function floatPow(v: number, w: number): number {
  if (w === 0) return 1
  if (Number.isNaN(v)) return v
  if (Number.isNaN(w)) return v === 1 ? 1 : w
  if (!Number.isFinite(w)) {
    const size = Math.abs(v)
    return size === 1 ? 1 : (w > 0) === (size > 1) ? Infinity : 0
  }
  if (!Number.isFinite(v)) return w > 0 ? (isOddInteger(w) ? v : Infinity) : isOddInteger(w) ? (v < 0 ? -0 : 0) : 0
  if (v === 0) {
    if (w < 0) throw new PyEvalError('0.0 cannot be raised to a negative power')
    return isOddInteger(w) ? v : 0
  }
  let negate = false
  if (v < 0) {
    if (!Number.isInteger(w)) throw new PyEvalError('complex result not supported by this evaluator')
    v = -v
    negate = isOddInteger(w)
  }
  if (v === 1) return negate ? -1 : 1
  const x = pow(v, w)
  if (x === Infinity) throw new PyEvalError("(34, 'Numerical result out of range')")
  return negate ? -x : x
}

function floatOp(op: string, a: number, b: number): PyValue {
  switch (op) {
    case '+': return pyFloat(a + b)
    case '-': return pyFloat(a - b)
    case '*': return pyFloat(a * b)
    case '/':
      if (b === 0) throw new PyEvalError('float division by zero')
      return pyFloat(a / b)
    case '//':
      if (b === 0) throw new PyEvalError('float floor division by zero')
      return pyFloat(Math.floor(a / b))
    case '%':
      if (b === 0) throw new PyEvalError('float modulo')
      return pyFloat(pyFloorMod(a, b))
    case '**': return pyFloat(floatPow(a, b))
  }
  throw new PyEvalError(`unsupported operand type(s) for ${op}: 'float' and 'float'`)
}

function repeat<T>(items: readonly T[], count: bigint): T[] {
  const out: T[] = []
  for (let i = 0n; i < count; i++) for (const item of items) out.push(item)
  return out
}

function sequenceOp(op: string, a: PyValue, b: PyValue): PyValue | undefined {
  const ca = pyClass(a)
  const cb = pyClass(b)
  const na = asNumber(a)
  const nb = asNumber(b)
  if (op === '+' && ca === cb) {
    if (ca === 'str') return (a as string) + (b as string)
    if (ca === 'list') return [...(a as readonly PyValue[]), ...(b as readonly PyValue[])]
    if (ca === 'tuple') return { t: 'tuple', items: [...(a as PyTuple).items, ...(b as PyTuple).items] }
    if (ca === 'bytes') return { t: 'bytes', v: (a as PyBytes).v + (b as PyBytes).v }
  }
  if (op === '*' && (nb?.kind === 'int' || na?.kind === 'int')) {
    const [seq, n] = nb?.kind === 'int' && !na ? [a, nb.v] : na?.kind === 'int' && !nb ? [b, na.v] : [undefined, 0n]
    if (seq === undefined) return undefined
    if (n > 100000n) throw new PyEvalError('repetition too large for this evaluator')
    if (typeof seq === 'string') return n > 0n ? seq.repeat(Number(n)) : ''
    if (Array.isArray(seq)) return repeat(seq, n)
    const t = tagged(seq)
    if (t?.t === 'tuple') return { t: 'tuple', items: repeat(t.items, n) }
  }
  if (op === '|' && ca === 'dict' && cb === 'dict') {
    return pyDict([...(a as PyDict).entries, ...(b as PyDict).entries])
  }
  return undefined
}

function asComplex(v: PyValue): { re: number; im: number } | undefined {
  const t = tagged(v)
  if (t?.t === 'complex') return t
  const n = asNumber(v)
  return n ? { re: toFloat(n), im: 0 } : undefined
}

// Complex literals only arise as `2+3j`: + - * / are enough.
function complexOp(op: string, a: { re: number; im: number }, b: { re: number; im: number }): PyValue {
  switch (op) {
    case '+': return { t: 'complex', re: a.re + b.re, im: a.im + b.im }
    case '-': return { t: 'complex', re: a.re - b.re, im: a.im - b.im }
    case '*': return { t: 'complex', re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re }
    case '/': {
      const d = b.re * b.re + b.im * b.im
      if (d === 0) throw new PyEvalError('complex division by zero')
      return { t: 'complex', re: (a.re * b.re + a.im * b.im) / d, im: (a.im * b.re - a.re * b.im) / d }
    }
  }
  throw new PyEvalError(`unsupported operand type(s) for ${op}: 'complex'`)
}

/** Python `a <op> b`. */
export function binaryOp(op: string, a: PyValue, b: PyValue): PyValue {
  if (tagged(a)?.t === 'complex' || tagged(b)?.t === 'complex') {
    const ca = asComplex(a)
    const cb = asComplex(b)
    if (ca && cb) return complexOp(op, ca, cb)
  }
  const na = asNumber(a)
  const nb = asNumber(b)
  if (na && nb) {
    if (typeof a === 'boolean' && typeof b === 'boolean' && ['&', '|', '^'].includes(op)) {
      return op === '&' ? a && b : op === '|' ? a || b : a !== b
    }
    if (na.kind === 'int' && nb.kind === 'int') return intOp(op, na.v, nb.v)
    return floatOp(op, na.kind === 'int' ? floatOfInt(na.v) : na.v, nb.kind === 'int' ? floatOfInt(nb.v) : nb.v)
  }
  const result = sequenceOp(op, a, b)
  if (result !== undefined) return result
  throw new PyEvalError(`unsupported operand type(s) for ${op}: '${pyClass(a)}' and '${pyClass(b)}'`)
}

function truthy(v: PyValue): boolean {
  if (v === null) return false
  if (typeof v === 'boolean') return v
  if (typeof v === 'string') return v.length > 0
  if (Array.isArray(v)) return v.length > 0
  const t = tagged(v)!
  switch (t.t) {
    case 'int': return t.v !== 0n
    case 'float': return t.v !== 0
    case 'tuple': return t.items.length > 0
    case 'dict': return t.entries.length > 0
    case 'complex': return t.re !== 0 || t.im !== 0
    case 'bytes': return t.v.length > 0
  }
}

/** Python `<op> v` for a unary operator, with real semantics (used inside evaluated expressions). */
function unaryOp(op: '-' | '+' | '~' | 'not', v: PyValue): PyValue {
  if (op === 'not') return !truthy(v)
  const n = asNumber(v)
  if (n && op === '~' && n.kind === 'int') return pyInt(-n.v - 1n)
  if (n && op === '-') return n.kind === 'int' ? pyInt(-n.v) : pyFloat(-n.v)
  if (n && op === '+') return n.kind === 'int' ? pyInt(n.v) : pyFloat(n.v)
  const c = tagged(v)
  if (c?.t === 'complex' && op !== '~') return op === '-' ? { t: 'complex', re: -c.re, im: -c.im } : c
  throw new PyEvalError(`bad operand type for unary ${op}: '${pyClass(v)}'`)
}

/** Evaluates an expression subtree as Python's `eval` would. */
export function evaluate(node: Expr): PyValue {
  switch (node.k) {
    case 'const': return node.value
    case 'list': return node.elts.map(evaluate)
    case 'tuple': return { t: 'tuple', items: node.elts.map(evaluate) }
    case 'dict':
      return pyDict(node.keys.map((key, index) => {
        if (key === null) throw new PyEvalError('dict unpacking is not supported by this evaluator')
        return [evaluate(key), evaluate(node.values[index]!)] as const
      }))
    case 'unary': return unaryOp(node.op, evaluate(node.operand))
    case 'binop': return binaryOp(node.op, evaluate(node.left), evaluate(node.right))
    case 'name': throw new PyEvalError(`name '${node.id}' is not defined`)
    case 'call': {
      if (node.func.k !== 'name' || node.keywords.length > 0 || node.args.some((arg) => arg.k === 'starred')) {
        throw new PyEvalError('only plain calls of builtins are evaluated')
      }
      const result = callBuiltin(node.func.id, node.args.map(evaluate))
      if (result === undefined) throw new PyEvalError(`name '${node.func.id}' is not defined`)
      return result
    }
    default: throw new PyEvalError(`cannot evaluate ${node.k} (${pyRepr(node.k)})`)
  }
}
