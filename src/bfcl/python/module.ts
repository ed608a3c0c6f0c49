import type { Expr } from './ast.ts'
import { Cursor, hardKeywords } from './cursor.ts'
import { expressions } from './parse.ts'
import { tokenize } from './tokenize.ts'

// A Python module made only of module-level assignments, `NAME = <expression>` one per logical line (comments,
// blank lines and bracketed continuation lines allowed): the shape of BFCL's long_context.py. Anything else
// (imports, defs, augmented or chained assignment, `;`) is a PySyntaxError: toolgauge reads data, never runs code.

/** One module-level `NAME = <expression>` statement; `line` is 1-based. */
export type Assignment = { readonly name: string; readonly value: Expr; readonly line: number }

/** The 1-based line of a source offset. */
export function lineAt(source: string, position: number): number {
  let line = 1
  for (let at = source.indexOf('\n'); at >= 0 && at < position; at = source.indexOf('\n', at + 1)) line++
  return line
}

/** Parses a module of `NAME = <expression>` statements, in source order. */
export function parseAssignments(source: string): Assignment[] {
  const c: Cursor = new Cursor(source, tokenize(source))
  const out: Assignment[] = []
  while (c.peek().k !== 'end') {
    if (c.peek().k === 'newline') {
      c.i++
      continue
    }
    const target = c.peek()
    if (target.k !== 'name' || hardKeywords.has(target.v) || !c.isOp('=', 1)) c.fail('expected a module-level assignment NAME = <value>')
    c.i += 2
    const value = expressions(c)
    if (c.peek().k !== 'newline' && c.peek().k !== 'end') c.fail('expected the end of the line after the assigned value')
    out.push({ name: target.v, value, line: lineAt(source, target.start) })
  }
  return out
}
