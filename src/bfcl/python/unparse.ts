import { floatRepr, pyRepr } from '../py/repr.ts'
import { tagged, type PyValue } from '../py/value.ts'
import type { Expr } from './ast.ts'

// Python's `ast.unparse` for the nodes the prompt decoder turns into text (nested calls without keyword
// arguments, subscripts): same precedence-driven parentheses and spacing as CPython.

const P = { TUPLE: 1, TEST: 3, OR: 4, AND: 5, NOT: 6, CMP: 7, EXPR: 8, BXOR: 9, BAND: 10, SHIFT: 11, ARITH: 12, TERM: 13, FACTOR: 14, POWER: 15, AWAIT: 16, ATOM: 17 } as const

// Lambdas, walrus, yield and await bind looser than atoms: parenthesised where an atom is required.
const opaquePrecedence: { readonly [what: string]: number } = { lambda: P.TEST, namedexpr: 0, yield: 2, await: P.AWAIT }

const binopPrecedence: { readonly [op: string]: number } = {
  '|': P.EXPR, '^': P.BXOR, '&': P.BAND, '<<': P.SHIFT, '>>': P.SHIFT, '+': P.ARITH, '-': P.ARITH,
  '*': P.TERM, '/': P.TERM, '//': P.TERM, '%': P.TERM, '@': P.TERM, '**': P.POWER,
}

function constantText(value: PyValue): string {
  const t = tagged(value)
  // CPython writes infinities as 1e309 so the text parses back.
  if (t?.t === 'float' && !Number.isFinite(t.v) && !Number.isNaN(t.v)) return t.v > 0 ? '1e309' : '-1e309'
  if (t?.t === 'float') return floatRepr(t.v)
  return pyRepr(value)
}

const wrap = (text: string, parens: boolean) => (parens ? `(${text})` : text)

/** `ast.unparse(node)`; `precedence` is the context's binding strength (CPython's default is TEST). */
export function unparse(node: Expr, precedence: number = P.TEST): string {
  switch (node.k) {
    case 'const': return constantText(node.value)
    case 'ellipsis': return '...'
    case 'name': return node.id
    case 'opaque': return wrap(node.src, precedence > (opaquePrecedence[node.what] ?? P.ATOM))
    case 'starred': return `*${unparse(node.value, P.EXPR)}`
    case 'attr': {
      const base = unparse(node.value, P.ATOM)
      const intConstant = node.value.k === 'const' && tagged(node.value.value)?.t === 'int'
      return `${base}${intConstant ? ' ' : ''}.${node.attr}`
    }
    case 'call': {
      const parts = [
        ...node.args.map((arg) => unparse(arg)),
        ...node.keywords.map((kw) => (kw.arg === null ? `**${unparse(kw.value, P.EXPR)}` : `${kw.arg}=${unparse(kw.value)}`)),
      ]
      return `${unparse(node.func, P.ATOM)}(${parts.join(', ')})`
    }
    case 'subscript': {
      const slice = node.slice.k === 'tuple' && node.slice.elts.length > 0 ? items(node.slice.elts) : unparse(node.slice)
      return `${unparse(node.value, P.ATOM)}[${slice}]`
    }
    case 'slice': {
      const text = `${node.lower ? unparse(node.lower) : ''}:${node.upper ? unparse(node.upper) : ''}`
      return node.step ? `${text}:${unparse(node.step)}` : text
    }
    case 'list': return `[${node.elts.map((e) => unparse(e)).join(', ')}]`
    case 'tuple': return wrap(items(node.elts), node.elts.length === 0 || precedence > P.TUPLE)
    case 'set': return node.elts.length === 0 ? '{*()}' : `{${node.elts.map((e) => unparse(e)).join(', ')}}`
    case 'dict': {
      const pairs = node.keys.map((key, index) => (key === null ? `**${unparse(node.values[index]!, P.EXPR)}` : `${unparse(key)}: ${unparse(node.values[index]!)}`))
      return `{${pairs.join(', ')}}`
    }
    case 'unary': {
      const own = node.op === 'not' ? P.NOT : P.FACTOR
      const text = `${node.op}${own === P.FACTOR ? '' : ' '}${unparse(node.operand, own)}`
      return wrap(text, precedence > own)
    }
    case 'binop': {
      const own = binopPrecedence[node.op]!
      const rightAssoc = node.op === '**'
      const text = `${unparse(node.left, rightAssoc ? own + 1 : own)} ${node.op} ${unparse(node.right, rightAssoc ? own : own + 1)}`
      return wrap(text, precedence > own)
    }
    case 'compare': {
      const parts = [unparse(node.left, P.CMP + 1)]
      node.ops.forEach((op, index) => parts.push(op, unparse(node.comparators[index]!, P.CMP + 1)))
      return wrap(parts.join(' '), precedence > P.CMP)
    }
    case 'boolop': {
      const own = node.op === 'and' ? P.AND : P.OR
      const text = node.values.map((value, index) => unparse(value, own + 1 + index)).join(` ${node.op} `)
      return wrap(text, precedence > own)
    }
    case 'ifexp': {
      const text = `${unparse(node.body, P.TEST + 1)} if ${unparse(node.test, P.TEST + 1)} else ${unparse(node.orelse, P.TEST)}`
      return wrap(text, precedence > P.TEST)
    }
  }
}

function items(elts: readonly Expr[]): string {
  return elts.length === 1 ? `${unparse(elts[0]!)},` : elts.map((e) => unparse(e)).join(', ')
}
