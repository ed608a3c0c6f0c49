import { PySyntaxError } from './errors.ts'
import type { Token } from './tokenize.ts'

/** Python's hard keywords: never names, never keyword-argument names. */
export const hardKeywords: ReadonlySet<string> = new Set([
  'False', 'None', 'True', 'and', 'as', 'assert', 'async', 'await', 'break', 'class', 'continue', 'def', 'del', 'elif',
  'else', 'except', 'finally', 'for', 'from', 'global', 'if', 'import', 'in', 'is', 'lambda', 'nonlocal', 'not', 'or',
  'pass', 'raise', 'return', 'try', 'while', 'with', 'yield',
])

/** The parser's position in the token list, with the small lookahead helpers every grammar rule uses. */
export class Cursor {
  i = 0
  constructor(readonly source: string, readonly tokens: readonly Token[]) {}

  /** The token `offset` ahead (the end token past the end). */
  peek(offset = 0): Token {
    return this.tokens[Math.min(this.i + offset, this.tokens.length - 1)]!
  }

  /** True when the token `offset` ahead is the operator `v`. */
  isOp(v: string, offset = 0): boolean {
    const token = this.peek(offset)
    return token.k === 'op' && token.v === v
  }

  /** True when the token `offset` ahead is the name/keyword `v`. */
  isKeyword(v: string, offset = 0): boolean {
    const token = this.peek(offset)
    return token.k === 'name' && token.v === v
  }

  /** The current operator's text, if the current token is an operator. */
  op(): string | undefined {
    const token = this.peek()
    return token.k === 'op' ? token.v : undefined
  }

  /** Raises a syntax error at the current token. */
  fail(message = 'invalid syntax'): never {
    throw new PySyntaxError(message, this.peek().start)
  }

  /** Consumes the operator `v` or fails. */
  expectOp(v: string): void {
    if (!this.isOp(v)) this.fail(`expected '${v}'`)
    this.i++
  }

  /** The source text from `start` to the end of the last consumed token. */
  sourceFrom(start: number): string {
    return this.source.slice(start, this.tokens[this.i - 1]!.end)
  }

  /** Skips to (not past) the bracket closing the one already open: for constructs kept as opaque source text. */
  skipToClose(): void {
    let depth = 0
    for (;;) {
      const token = this.peek()
      if (token.k === 'end') this.fail()
      if (token.k === 'op' && (token.v === '(' || token.v === '[' || token.v === '{')) depth++
      if (token.k === 'op' && (token.v === ')' || token.v === ']' || token.v === '}')) {
        if (depth === 0) return
        depth--
      }
      this.i++
    }
  }
}
