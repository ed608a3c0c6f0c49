import { pyDict, pyInt, pyFloat, tagged, type PyValue } from '../py/value.ts'
import type { Expr } from './ast.ts'
import { evaluate } from './evaluate.ts'
import { unparse } from './unparse.ts'

// BFCL's resolve_ast_call / resolve_ast_by_type (bfcl-rules.md §4.1), quirks included: only keyword arguments
// are read, a unary operator always negates its constant operand, bare names become strings, binary operations
// are evaluated, nested calls without keywords and subscripts become their source text.

/** One resolved call: `{name: {kwarg: value}}` (a `**` argument gets the key None, as in BFCL). */
export function resolveCall(node: Extract<Expr, { k: 'call' }>): PyValue {
  const parts: string[] = []
  let func = node.func
  while (func.k === 'attr') {
    parts.push(func.attr)
    func = func.value
  }
  if (func.k === 'name') parts.push(func.id)
  const name = parts.reverse().join('.')
  const args = pyDict(node.keywords.map((kw) => [kw.arg, resolveValue(kw.value)] as const))
  return pyDict([[name, args]])
}

// `-value.operand.value`: only a constant operand has a `.value` that Python can negate.
function negateConstant(operand: Expr): PyValue {
  if (operand.k !== 'const') throw new Error(`bad operand for unary operator: ${operand.k}`)
  const v = operand.value
  if (typeof v === 'boolean') return pyInt(v ? -1 : 0)
  const t = tagged(v)
  if (t?.t === 'int') return pyInt(-t.v)
  if (t?.t === 'float') return pyFloat(-t.v)
  if (t?.t === 'complex') return { t: 'complex', re: -t.re, im: -t.im }
  throw new Error(`bad operand type for unary -: '${v === null ? 'NoneType' : typeof v === 'string' ? 'str' : t?.t}'`)
}

function hashable(v: PyValue): boolean {
  if (Array.isArray(v)) return false
  const t = tagged(v)
  if (t?.t === 'dict') return false
  if (t?.t === 'tuple') return t.items.every(hashable)
  return true
}

/** Resolves one argument value the way BFCL does. */
function resolveValue(node: Expr): PyValue {
  switch (node.k) {
    case 'const': return node.value
    case 'ellipsis': return '...'
    case 'unary': return negateConstant(node.operand)
    case 'list': return node.elts.map(resolveValue)
    case 'tuple': return { t: 'tuple', items: node.elts.map(resolveValue) }
    case 'dict':
      return pyDict(node.keys.map((key, index) => {
        if (key === null) throw new Error('Unsupported AST type: dict unpacking')
        const k = resolveValue(key)
        if (!hashable(k)) throw new Error("unhashable type used as a dict key")
        return [k, resolveValue(node.values[index]!)] as const
      }))
    case 'binop': return evaluate(node)
    case 'name': return node.id
    case 'call': return node.keywords.length === 0 ? unparse(node) : resolveCall(node)
    case 'subscript': return `${unparse(node.value)}[${unparse(node.slice)}]`
    default: throw new Error(`Unsupported AST type: ${node.k === 'opaque' ? node.what : node.k}`)
  }
}
