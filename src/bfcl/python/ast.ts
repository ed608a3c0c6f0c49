import type { PyValue } from '../py/value.ts'

/** One keyword argument of a call (`arg` null for `**value`). */
export type Keyword = { readonly arg: string | null; readonly value: Expr }

/**
 * The Python expression nodes the prompt decoder distinguishes, named after CPython's `ast` classes.
 * Constructs BFCL never resolves (lambda, comprehensions, f-strings, `:=`, `await`, `yield`) are `opaque` and keep
 * their source text, which is what `ast.unparse` gives for them in the common formatting.
 */
export type Expr =
  | { readonly k: 'const'; readonly value: PyValue }
  | { readonly k: 'ellipsis' }
  | { readonly k: 'name'; readonly id: string }
  | { readonly k: 'attr'; readonly value: Expr; readonly attr: string }
  | { readonly k: 'call'; readonly func: Expr; readonly args: readonly Expr[]; readonly keywords: readonly Keyword[] }
  | { readonly k: 'subscript'; readonly value: Expr; readonly slice: Expr }
  | { readonly k: 'slice'; readonly lower?: Expr; readonly upper?: Expr; readonly step?: Expr }
  | { readonly k: 'list' | 'tuple' | 'set'; readonly elts: readonly Expr[] }
  | { readonly k: 'dict'; readonly keys: readonly (Expr | null)[]; readonly values: readonly Expr[] }
  | { readonly k: 'unary'; readonly op: '-' | '+' | 'not' | '~'; readonly operand: Expr }
  | { readonly k: 'binop'; readonly op: string; readonly left: Expr; readonly right: Expr }
  | { readonly k: 'boolop'; readonly op: 'and' | 'or'; readonly values: readonly Expr[] }
  | { readonly k: 'compare'; readonly left: Expr; readonly ops: readonly string[]; readonly comparators: readonly Expr[] }
  | { readonly k: 'ifexp'; readonly test: Expr; readonly body: Expr; readonly orelse: Expr }
  | { readonly k: 'starred'; readonly value: Expr }
  | { readonly k: 'opaque'; readonly what: string; readonly src: string }
