import type { Expr } from './ast.ts'
import { hardKeywords, type Cursor } from './cursor.ts'
import type { Token } from './tokenize.ts'

/** The expression rules atoms recurse into (defined in parse.ts). */
export type Grammar = {
  readonly expression: (c: Cursor) => Expr
  readonly starNamed: (c: Cursor) => Expr
  readonly bitOr: (c: Cursor) => Expr
}

const startsComprehension = (c: Cursor) => c.isKeyword('for') || c.isKeyword('async')

// `( … )`, `[ … ]`: elements until `close`, or a comprehension (kept opaque).
function display(c: Cursor, g: Grammar, close: string, start: number, kind: 'list' | 'tuple'): Expr {
  const elts: Expr[] = []
  let commas = 0
  while (!c.isOp(close)) {
    elts.push(g.starNamed(c))
    if (elts.length === 1 && startsComprehension(c)) {
      c.skipToClose()
      c.i++
      return { k: 'opaque', what: `${kind}comp`, src: c.sourceFrom(start) }
    }
    if (c.isOp(',')) {
      c.i++
      commas++
    } else if (!c.isOp(close)) c.fail('invalid syntax. Perhaps you forgot a comma?')
  }
  c.i++
  if (kind === 'tuple' && elts.length === 1 && commas === 0) {
    if (elts[0]!.k === 'starred') c.fail('cannot use starred expression here')
    return elts[0]!
  }
  return { k: kind, elts }
}

// `{ … }`: dict, set, or their comprehensions.
function braces(c: Cursor, g: Grammar, start: number): Expr {
  if (c.isOp('}')) {
    c.i++
    return { k: 'dict', keys: [], values: [] }
  }
  if (c.isOp('**')) return dictRest(c, g, [], [])
  const first = g.starNamed(c)
  if (!c.isOp(':')) {
    if (startsComprehension(c)) {
      c.skipToClose()
      c.i++
      return { k: 'opaque', what: 'setcomp', src: c.sourceFrom(start) }
    }
    const elts = [first]
    while (c.isOp(',')) {
      c.i++
      if (c.isOp('}')) break
      elts.push(g.starNamed(c))
    }
    c.expectOp('}')
    return { k: 'set', elts }
  }
  c.i++
  const value = g.expression(c)
  if (startsComprehension(c)) {
    c.skipToClose()
    c.i++
    return { k: 'opaque', what: 'dictcomp', src: c.sourceFrom(start) }
  }
  return dictRest(c, g, [first], [value])
}

function dictRest(c: Cursor, g: Grammar, keys: (Expr | null)[], values: Expr[]): Expr {
  for (;;) {
    if (keys.length > 0) {
      if (c.isOp('}')) break
      c.expectOp(',')
      if (c.isOp('}')) break
    }
    if (c.isOp('**')) {
      c.i++
      keys.push(null)
      values.push(g.bitOr(c))
    } else {
      keys.push(g.expression(c))
      c.expectOp(':')
      values.push(g.expression(c))
    }
  }
  c.i++
  return { k: 'dict', keys, values }
}

// Adjacent literals concatenate; str and bytes cannot mix; any f-string makes the whole an f-string.
function strings(c: Cursor): Expr {
  const start = c.peek().start
  let value = ''
  let bytes: boolean | undefined
  let fstring = false
  while (c.peek().k === 'str') {
    const token = c.peek() as Extract<Token, { k: 'str' }>
    if (bytes !== undefined && bytes !== token.bytes) c.fail('cannot mix bytes and nonbytes literals')
    bytes = token.bytes
    fstring ||= token.fstring
    value += token.v
    c.i++
  }
  if (fstring) return { k: 'opaque', what: 'fstring', src: c.sourceFrom(start) }
  return { k: 'const', value: bytes ? { t: 'bytes', v: value } : value }
}

/** An atom: literal, name, `...`, or a parenthesized/bracketed/braced display. */
export function atom(c: Cursor, g: Grammar): Expr {
  const token = c.peek()
  const start = token.start
  if (token.k === 'number') {
    c.i++
    return { k: 'const', value: token.v }
  }
  if (token.k === 'str') return strings(c)
  if (token.k === 'name') {
    if (hardKeywords.has(token.v) && token.v !== 'True' && token.v !== 'False' && token.v !== 'None') c.fail()
    c.i++
    if (token.v === 'True' || token.v === 'False') return { k: 'const', value: token.v === 'True' }
    if (token.v === 'None') return { k: 'const', value: null }
    return { k: 'name', id: token.v }
  }
  c.i++
  if (token.k === 'op' && token.v === '...') return { k: 'ellipsis' }
  if (token.k === 'op' && token.v === '(') {
    if (c.isKeyword('yield')) {
      c.skipToClose()
      c.i++
      return { k: 'opaque', what: 'yield', src: c.sourceFrom(start) }
    }
    return display(c, g, ')', start, 'tuple')
  }
  if (token.k === 'op' && token.v === '[') return display(c, g, ']', start, 'list')
  if (token.k === 'op' && token.v === '{') return braces(c, g, start)
  c.i--
  return c.fail()
}
