import type { Expr, Keyword } from './ast.ts'
import { Cursor, hardKeywords } from './cursor.ts'
import { atom, type Grammar } from './parse-atoms.ts'
import { tokenize } from './tokenize.ts'

// A recursive-descent parser for Python's expression grammar (CPython's `eval_input`), one function per
// precedence level. It accepts what `ast.parse(src, mode="eval")` accepts for the constructs models write and
// rejects the rest with PySyntaxError; lambdas, comprehensions, `:=`, `await`, `yield` are kept as opaque text.

const compareOps = new Set(['<', '>', '==', '>=', '<=', '!='])
const binaryLevels: readonly (readonly string[])[] = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '//', '%', '@']]

function expression(c: Cursor): Expr {
  if (c.isKeyword('lambda')) return lambda(c)
  const body = disjunction(c)
  if (!c.isKeyword('if')) return body
  c.i++
  const test = disjunction(c)
  if (!c.isKeyword('else')) c.fail("expected 'else' after 'if' expression")
  c.i++
  return { k: 'ifexp', test, body, orelse: expression(c) }
}

function lambda(c: Cursor): Expr {
  const start = c.peek().start
  c.i++
  while (!c.isOp(':')) {
    if (c.peek().k === 'end') c.fail()
    c.i++
  }
  c.i++
  expression(c)
  return { k: 'opaque', what: 'lambda', src: c.sourceFrom(start) }
}

function namedExpression(c: Cursor): Expr {
  if (c.peek().k === 'name' && c.isOp(':=', 1)) {
    const start = c.peek().start
    c.i += 2
    expression(c)
    return { k: 'opaque', what: 'namedexpr', src: c.sourceFrom(start) }
  }
  return expression(c)
}

function starNamed(c: Cursor): Expr {
  if (!c.isOp('*')) return namedExpression(c)
  c.i++
  return { k: 'starred', value: bitOr(c) }
}

function boolChain(c: Cursor, op: 'and' | 'or', next: (c: Cursor) => Expr): Expr {
  const first = next(c)
  if (!c.isKeyword(op)) return first
  const values = [first]
  while (c.isKeyword(op)) {
    c.i++
    values.push(next(c))
  }
  return { k: 'boolop', op, values }
}

const disjunction = (c: Cursor): Expr => boolChain(c, 'or', conjunction)
const conjunction = (c: Cursor): Expr => boolChain(c, 'and', inversion)

function inversion(c: Cursor): Expr {
  if (!c.isKeyword('not')) return comparison(c)
  c.i++
  return { k: 'unary', op: 'not', operand: inversion(c) }
}

function comparison(c: Cursor): Expr {
  const left = bitOr(c)
  const ops: string[] = []
  const comparators: Expr[] = []
  for (;;) {
    const symbol = c.op()
    let op: string | undefined
    if (symbol !== undefined && compareOps.has(symbol)) op = symbol
    else if (c.isKeyword('in')) op = 'in'
    else if (c.isKeyword('not') && c.isKeyword('in', 1)) op = 'not in'
    else if (c.isKeyword('is')) op = c.isKeyword('not', 1) ? 'is not' : 'is'
    if (!op) break
    c.i += op.includes(' ') ? 2 : 1
    ops.push(op)
    comparators.push(bitOr(c))
  }
  return ops.length === 0 ? left : { k: 'compare', left, ops, comparators }
}

function binary(c: Cursor, level: number): Expr {
  if (level === binaryLevels.length) return factor(c)
  let left = binary(c, level + 1)
  for (let op = c.op(); op !== undefined && binaryLevels[level]!.includes(op); op = c.op()) {
    c.i++
    left = { k: 'binop', op, left, right: binary(c, level + 1) }
  }
  return left
}

function bitOr(c: Cursor): Expr {
  return binary(c, 0)
}

function factor(c: Cursor): Expr {
  const op = c.op()
  if (op !== '-' && op !== '+' && op !== '~') return power(c)
  c.i++
  return { k: 'unary', op, operand: factor(c) }
}

function power(c: Cursor): Expr {
  let base: Expr
  if (c.isKeyword('await')) {
    const start = c.peek().start
    c.i++
    primary(c)
    base = { k: 'opaque', what: 'await', src: c.sourceFrom(start) }
  } else base = primary(c)
  if (!c.isOp('**')) return base
  c.i++
  return { k: 'binop', op: '**', left: base, right: factor(c) }
}

function primary(c: Cursor): Expr {
  let node = atom(c, grammar)
  for (;;) {
    if (c.isOp('.')) {
      c.i++
      const name = c.peek()
      if (name.k !== 'name' || hardKeywords.has(name.v)) return c.fail()
      c.i++
      node = { k: 'attr', value: node, attr: name.v }
    } else if (c.isOp('(')) {
      c.i++
      node = callArguments(c, node)
    } else if (c.isOp('[')) {
      c.i++
      node = { k: 'subscript', value: node, slice: slices(c) }
      c.expectOp(']')
    } else return node
  }
}

// Call arguments with CPython's parser rules: no positional after a keyword or `**`. (A repeated keyword is a
// compile-time error, which `ast.parse` does not raise; BFCL keeps the last value.)
function callArguments(c: Cursor, func: Expr): Expr {
  const args: Expr[] = []
  const keywords: Keyword[] = []
  let sawKeyword = false
  let sawDoubleStar = false
  const open = c.tokens[c.i - 1]!.start
  while (!c.isOp(')')) {
    if (c.isOp('**')) {
      c.i++
      keywords.push({ arg: null, value: expression(c) })
      sawDoubleStar = true
    } else if (c.isOp('*')) {
      if (sawDoubleStar) c.fail('iterable argument unpacking follows keyword argument unpacking')
      c.i++
      args.push({ k: 'starred', value: expression(c) })
    } else if (c.peek().k === 'name' && c.isOp('=', 1)) {
      const name = (c.peek() as { v: string }).v
      if (hardKeywords.has(name)) c.fail('expression cannot contain assignment, perhaps you meant "=="?')
      c.i += 2
      keywords.push({ arg: name, value: expression(c) })
      sawKeyword = true
    } else {
      if (sawDoubleStar) c.fail('positional argument follows keyword argument unpacking')
      if (sawKeyword) c.fail('positional argument follows keyword argument')
      const value = namedExpression(c)
      if (c.isKeyword('for') || c.isKeyword('async')) {
        c.skipToClose()
        args.push({ k: 'opaque', what: 'genexp', src: c.source.slice(open + 1, c.peek().start) })
      } else args.push(value)
    }
    if (c.isOp(',')) c.i++
    else if (!c.isOp(')')) c.fail('invalid syntax. Perhaps you forgot a comma?')
  }
  c.i++
  return { k: 'call', func, args, keywords }
}

function slices(c: Cursor): Expr {
  const items: Expr[] = []
  let trailingComma = false
  while (!c.isOp(']')) {
    items.push(oneSlice(c))
    trailingComma = c.isOp(',')
    if (!trailingComma) break
    c.i++
  }
  if (items.length === 0) c.fail()
  return items.length === 1 && !trailingComma ? items[0]! : { k: 'tuple', elts: items }
}

function oneSlice(c: Cursor): Expr {
  const part = (): Expr | undefined => (c.isOp(':') || c.isOp(']') || c.isOp(',') ? undefined : expression(c))
  if (c.isOp('*')) return starNamed(c)
  const lower = part()
  if (!c.isOp(':')) return lower ?? c.fail()
  c.i++
  const upper = part()
  let step: Expr | undefined
  if (c.isOp(':')) {
    c.i++
    step = part()
  }
  return { k: 'slice', ...(lower ? { lower } : {}), ...(upper ? { upper } : {}), ...(step ? { step } : {}) }
}

const grammar: Grammar = { expression, starNamed, bitOr }

/** Parses Python expression source (eval mode: `expressions NEWLINE* ENDMARKER`) into an Expr. */
export function parseExpression(source: string): Expr {
  const c = new Cursor(source, tokenize(source))
  const result = expressions(c)
  while (c.peek().k === 'newline') c.i++
  if (c.peek().k !== 'end') c.fail()
  return result
}

/** `expressions` at the cursor (a bare tuple when commas follow), up to the next newline or the end. */
export function expressions(c: Cursor): Expr {
  const first = starNamed(c)
  let result = first
  if (c.isOp(',')) {
    const elts = [first]
    while (c.isOp(',')) {
      c.i++
      if (c.peek().k === 'newline' || c.peek().k === 'end') break
      elts.push(starNamed(c))
    }
    result = { k: 'tuple', elts }
  } else if (first.k === 'starred') c.fail("can't use starred expression here")
  return result
}
