import type { Expr, Keyword } from './ast.ts'
import { PySyntaxError } from './syntax-error.ts'
import { tokenize, type Token } from './tokenize.ts'

// A recursive-descent parser for Python's expression grammar (CPython's `eval_input`), precedence level by
// level. It accepts what `ast.parse(src, mode="eval")` accepts for the constructs models write, and rejects the
// rest with PySyntaxError.

const hardKeywords = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif',
  'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or',
  'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
])
const compareOps = new Set(['<', '>', '==', '>=', '<=', '!='])
const binaryLevels: readonly (readonly string[])[] = [['|'], ['^'], ['&'], ['<<', '>>'], ['+', '-'], ['*', '/', '//', '%', '@']]

/** Parses a Python expression (eval mode) into an Expr. */
export function parseExpression(source: string): Expr {
  const tokens = tokenize(source)
  let i = 0

  const peek = (offset = 0): Token => tokens[Math.min(i + offset, tokens.length - 1)]!
  const isOp = (v: string, offset = 0) => peek(offset).k === 'op' && (peek(offset) as { v: string }).v === v
  const isKeyword = (v: string, offset = 0) => peek(offset).k === 'name' && (peek(offset) as { v: string }).v === v
  const fail = (message = 'invalid syntax'): never => {
    throw new PySyntaxError(message, peek().start)
  }
  const expectOp = (v: string) => {
    if (!isOp(v)) fail(`expected '${v}'`)
    i++
  }
  const sourceFrom = (start: number) => source.slice(start, tokens[i - 1]!.end)

  // Skips to the bracket closing the one opened before `i` (used for comprehensions and lambda bodies we don't model).
  const skipToClose = () => {
    let depth = 0
    for (;;) {
      const token = peek()
      if (token.k === 'end') fail()
      if (token.k === 'op' && ['(', '[', '{'].includes(token.v)) depth++
      if (token.k === 'op' && [')', ']', '}'].includes(token.v)) {
        if (depth === 0) return
        depth--
      }
      i++
    }
  }

  const expression = (): Expr => {
    if (isKeyword('lambda')) return lambda()
    const start = peek().start
    const body = disjunction()
    if (!isKeyword('if')) return body
    i++
    const test = disjunction()
    if (!isKeyword('else')) fail("expected 'else' after 'if' expression")
    i++
    const orelse = expression()
    void start
    return { k: 'ifexp', test, body, orelse }
  }

  const lambda = (): Expr => {
    const start = peek().start
    i++
    while (!isOp(':')) {
      if (peek().k === 'end') fail()
      i++
    }
    i++
    expression()
    return { k: 'opaque', what: 'lambda', src: sourceFrom(start) }
  }

  const namedExpression = (): Expr => {
    if (peek().k === 'name' && isOp(':=', 1)) {
      const start = peek().start
      i += 2
      expression()
      return { k: 'opaque', what: 'namedexpr', src: sourceFrom(start) }
    }
    return expression()
  }

  const starNamed = (): Expr => {
    if (isOp('*')) {
      i++
      return { k: 'starred', value: bitOr() }
    }
    return namedExpression()
  }

  const disjunction = (): Expr => boolChain('or', conjunction)
  const conjunction = (): Expr => boolChain('and', inversion)
  const boolChain = (op: 'and' | 'or', next: () => Expr): Expr => {
    const first = next()
    if (!isKeyword(op)) return first
    const values = [first]
    while (isKeyword(op)) {
      i++
      values.push(next())
    }
    return { k: 'boolop', op, values }
  }

  const inversion = (): Expr => {
    if (isKeyword('not')) {
      i++
      return { k: 'unary', op: 'not', operand: inversion() }
    }
    return comparison()
  }

  const comparison = (): Expr => {
    const left = bitOr()
    const ops: string[] = []
    const comparators: Expr[] = []
    for (;;) {
      let op: string | undefined
      if (peek().k === 'op' && compareOps.has((peek() as { v: string }).v)) op = (peek() as { v: string }).v
      else if (isKeyword('in')) op = 'in'
      else if (isKeyword('not') && isKeyword('in', 1)) op = 'not in'
      else if (isKeyword('is')) op = isKeyword('not', 1) ? 'is not' : 'is'
      if (!op) break
      i += op.includes(' ') ? 2 : 1
      ops.push(op)
      comparators.push(bitOr())
    }
    return ops.length === 0 ? left : { k: 'compare', left, ops, comparators }
  }

  const binary = (level: number): Expr => {
    if (level === binaryLevels.length) return factor()
    let left = binary(level + 1)
    while (peek().k === 'op' && binaryLevels[level]!.includes((peek() as { v: string }).v)) {
      const op = (peek() as { v: string }).v
      i++
      left = { k: 'binop', op, left, right: binary(level + 1) }
    }
    return left
  }
  const bitOr = (): Expr => binary(0)

  const factor = (): Expr => {
    if (isOp('-') || isOp('+') || isOp('~')) {
      const op = (peek() as { v: '-' | '+' | '~' }).v
      i++
      return { k: 'unary', op, operand: factor() }
    }
    return power()
  }

  const power = (): Expr => {
    let base: Expr
    if (isKeyword('await')) {
      const start = peek().start
      i++
      primary()
      base = { k: 'opaque', what: 'await', src: sourceFrom(start) }
    } else base = primary()
    if (!isOp('**')) return base
    i++
    return { k: 'binop', op: '**', left: base, right: factor() }
  }

  const primary = (): Expr => {
    let node = atom()
    for (;;) {
      if (isOp('.')) {
        i++
        const name = peek()
        if (name.k !== 'name' || hardKeywords.has(name.v)) fail()
        i++
        node = { k: 'attr', value: node, attr: (name as { v: string }).v }
      } else if (isOp('(')) {
        i++
        node = callArguments(node)
      } else if (isOp('[')) {
        i++
        node = { k: 'subscript', value: node, slice: slices() }
        expectOp(']')
      } else return node
    }
  }

  const callArguments = (func: Expr): Expr => {
    const args: Expr[] = []
    const keywords: Keyword[] = []
    const seen = new Set<string>()
    let sawKeyword = false
    let sawDoubleStar = false
    const callStart = tokens[i - 1]!.start
    while (!isOp(')')) {
      if (isOp('**')) {
        i++
        keywords.push({ arg: null, value: expression() })
        sawDoubleStar = true
      } else if (isOp('*')) {
        if (sawDoubleStar) fail('iterable argument unpacking follows keyword argument unpacking')
        i++
        args.push({ k: 'starred', value: expression() })
      } else if (peek().k === 'name' && isOp('=', 1)) {
        const name = (peek() as { v: string }).v
        if (hardKeywords.has(name)) fail('expression cannot contain assignment, perhaps you meant "=="?')
        if (seen.has(name)) fail(`keyword argument repeated: ${name}`)
        seen.add(name)
        i += 2
        keywords.push({ arg: name, value: expression() })
        sawKeyword = true
      } else {
        if (sawDoubleStar) fail('positional argument follows keyword argument unpacking')
        if (sawKeyword) fail('positional argument follows keyword argument')
        const value = namedExpression()
        if (isKeyword('for') || isKeyword('async')) {
          skipToClose()
          args.push({ k: 'opaque', what: 'genexp', src: source.slice(callStart + 1, peek().start) })
        } else args.push(value)
      }
      if (isOp(',')) i++
      else if (!isOp(')')) fail("invalid syntax. Perhaps you forgot a comma?")
    }
    i++
    return { k: 'call', func, args, keywords }
  }

  const slices = (): Expr => {
    const items: Expr[] = []
    let trailingComma = false
    do {
      trailingComma = false
      if (isOp(']')) break
      items.push(oneSlice())
      if (isOp(',')) {
        i++
        trailingComma = true
      }
    } while (trailingComma && !isOp(']'))
    if (items.length === 0) fail()
    return items.length === 1 && !trailingComma ? items[0]! : { k: 'tuple', elts: items }
  }

  const oneSlice = (): Expr => {
    const part = (): Expr | undefined => (isOp(':') || isOp(']') || isOp(',') ? undefined : expression())
    if (isOp('*')) return starNamed()
    const lower = part()
    if (!isOp(':')) return lower ?? fail()
    i++
    const upper = part()
    let step: Expr | undefined
    if (isOp(':')) {
      i++
      step = part()
    }
    return { k: 'slice', ...(lower ? { lower } : {}), ...(upper ? { upper } : {}), ...(step ? { step } : {}) }
  }

  // A bracketed display: elements until `close`, or a comprehension (opaque).
  const display = (close: string, start: number, kind: 'list' | 'tuple' | 'set'): Expr => {
    const elts: Expr[] = []
    let commas = 0
    while (!isOp(close)) {
      elts.push(starNamed())
      if (elts.length === 1 && (isKeyword('for') || isKeyword('async'))) {
        skipToClose()
        i++
        return { k: 'opaque', what: `${kind}comp`, src: sourceFrom(start) }
      }
      if (isOp(',')) {
        i++
        commas++
      } else if (!isOp(close)) fail("invalid syntax. Perhaps you forgot a comma?")
    }
    i++
    if (kind === 'tuple' && elts.length === 1 && commas === 0) {
      if (elts[0]!.k === 'starred') fail('cannot use starred expression here')
      return elts[0]!
    }
    return { k: kind, elts }
  }

  const braces = (start: number): Expr => {
    if (isOp('}')) {
      i++
      return { k: 'dict', keys: [], values: [] }
    }
    const isDictEntry = () => isOp('**') || false
    if (!isDictEntry()) {
      const first = starNamed()
      if (!isOp(':')) {
        // A set display or comprehension: re-parse from the first element.
        if (isKeyword('for') || isKeyword('async')) {
          skipToClose()
          i++
          return { k: 'opaque', what: 'setcomp', src: sourceFrom(start) }
        }
        const elts = [first]
        while (isOp(',')) {
          i++
          if (isOp('}')) break
          elts.push(starNamed())
        }
        expectOp('}')
        return { k: 'set', elts }
      }
      i++
      const value = expression()
      if (isKeyword('for') || isKeyword('async')) {
        skipToClose()
        i++
        return { k: 'opaque', what: 'dictcomp', src: sourceFrom(start) }
      }
      return dictRest([first], [value])
    }
    return dictRest([], [])
  }

  const dictRest = (keys: (Expr | null)[], values: Expr[]): Expr => {
    for (;;) {
      if (keys.length > 0) {
        if (isOp('}')) break
        expectOp(',')
        if (isOp('}')) break
      }
      if (isOp('**')) {
        i++
        keys.push(null)
        values.push(bitOr())
      } else {
        keys.push(expression())
        expectOp(':')
        values.push(expression())
      }
    }
    i++
    return { k: 'dict', keys, values }
  }

  const atom = (): Expr => {
    const token = peek()
    const start = token.start
    if (token.k === 'number') {
      i++
      return { k: 'const', value: token.v }
    }
    if (token.k === 'str') return strings()
    if (token.k === 'name') {
      if (token.v === 'True' || token.v === 'False') return i++, { k: 'const', value: token.v === 'True' }
      if (token.v === 'None') return i++, { k: 'const', value: null }
      if (hardKeywords.has(token.v)) fail()
      i++
      return { k: 'name', id: token.v }
    }
    if (token.k !== 'op') return fail()
    if (token.v === '...') return i++, { k: 'ellipsis' }
    if (token.v === '(') {
      i++
      if (isKeyword('yield')) {
        skipToClose()
        i++
        return { k: 'opaque', what: 'yield', src: sourceFrom(start) }
      }
      return display(')', start, 'tuple')
    }
    if (token.v === '[') {
      i++
      return display(']', start, 'list')
    }
    if (token.v === '{') {
      i++
      return braces(start)
    }
    return fail()
  }

  // Adjacent literals concatenate; str and bytes cannot mix; any f-string makes the whole an f-string.
  const strings = (): Expr => {
    const start = peek().start
    let value = ''
    let bytes: boolean | undefined
    let fstring = false
    while (peek().k === 'str') {
      const token = peek() as Extract<Token, { k: 'str' }>
      if (bytes !== undefined && bytes !== token.bytes) fail('cannot mix bytes and nonbytes literals')
      bytes = token.bytes
      fstring ||= token.fstring
      value += token.v
      i++
    }
    if (fstring) return { k: 'opaque', what: 'fstring', src: sourceFrom(start) }
    return { k: 'const', value: bytes ? { t: 'bytes', v: value } : value }
  }

  // eval_input: expressions NEWLINE* ENDMARKER
  const first = starNamed()
  let result = first
  if (isOp(',')) {
    const elts = [first]
    while (isOp(',')) {
      i++
      if (peek().k === 'newline' || peek().k === 'end') break
      elts.push(starNamed())
    }
    result = { k: 'tuple', elts }
  } else if (first.k === 'starred') fail("can't use starred expression here")
  while (peek().k === 'newline') i++
  if (peek().k !== 'end') fail()
  return result
}
