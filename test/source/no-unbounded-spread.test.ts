// Issue 11: `Math.max(...cells)` over a 400 × 400 confusion matrix threw RangeError (a spread argument list lives
// on the stack; V8 gives up near 125,000 arguments). Spreads into these calls are banned in src/, unless listed below
// with the reason their array stays small.
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { projectRoot } from '../helpers/shared-data.ts'

/** Calls whose arguments are often an array spread, and which then fail on a large one. */
const callee = /(?:\bMath\.(?:max|min)|\.push|\.unshift|\bString\.fromCharCode|\bString\.fromCodePoint|\bObject\.assign)\(/g

/** file → spread arguments allowed there, with why they stay small. */
const allowed: Record<string, Record<string, string>> = {
  'src/tokens/harmony-chat.ts': { '...messageParts(m)': 'one message rendered: a handful of parts' },
}

/** The argument text of the call whose `(` is at `open`, or undefined when it does not close. */
function argumentsAt(text: string, open: number): string | undefined {
  let depth = 0
  let quote: string | undefined
  for (let i = open; i < text.length; i++) {
    const c = text[i]!
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'" || c === '`') quote = c
    else if (c === '(' || c === '[' || c === '{') depth++
    else if (c === ')' || c === ']' || c === '}') {
      depth--
      if (depth === 0) return text.slice(open + 1, i)
    }
  }
  return undefined
}

/** The spread arguments at the top level of an argument list (`f(a, ...b)`), not spreads nested in literals. */
function topLevelSpreads(args: string): string[] {
  const spreads: string[] = []
  let depth = 0
  let start = 0
  const parts: string[] = []
  for (let i = 0; i < args.length; i++) {
    const c = args[i]!
    if ('([{'.includes(c)) depth++
    else if (')]}'.includes(c)) depth--
    else if (c === ',' && depth === 0) {
      parts.push(args.slice(start, i))
      start = i + 1
    }
  }
  parts.push(args.slice(start))
  for (const part of parts) if (part.trim().startsWith('...')) spreads.push(part.trim())
  return spreads
}

/** Every spread argument of the calls above in a source text, as `line: spread`. */
function spreadArguments(source: string): { line: number; spread: string }[] {
  // Comment lines blanked (line numbers kept): a comment may well say why there is no `Math.max(...cells)`.
  const text = source.split('\n').map((line) => (/^\s*(?:\/\/|\/\*|\*)/.test(line) ? '' : line)).join('\n')
  const found: { line: number; spread: string }[] = []
  for (const match of text.matchAll(callee)) {
    const open = match.index + match[0].length - 1
    const args = argumentsAt(text, open)
    if (args === undefined) continue
    for (const spread of topLevelSpreads(args)) found.push({ line: text.slice(0, open).split('\n').length, spread })
  }
  return found
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(?:ts|mts|js|mjs)$/.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name))
}

describe('no spread of unbounded arrays into call arguments', () => {
  it('finds the spreads it is meant to find', () => {
    const sample = [
      'const max = Math.max(1, ...cells.flatMap((row) => row))',
      'out.push(...items)',
      'const m = Math.min(a, b)',
      'list.push({ ...object }, [...array])',
      "Object.assign({}, ...metas.map((m) => m.sets), 'x(')",
      '  // A loop, not Math.max(...cells)',
      ' * or Math.min(...values) in a doc comment',
    ].join('\n')
    expect(spreadArguments(sample)).toEqual([
      { line: 1, spread: '...cells.flatMap((row) => row)' },
      { line: 2, spread: '...items' },
      { line: 5, spread: '...metas.map((m) => m.sets)' },
    ])
  })

  it('src/ has none beyond the listed small ones', () => {
    const offending: string[] = []
    for (const file of sourceFiles(join(projectRoot, 'src'))) {
      const name = relative(projectRoot, file).split('\\').join('/')
      for (const { line, spread } of spreadArguments(readFileSync(file, 'utf8'))) {
        if (allowed[name]?.[spread] === undefined) offending.push(`${name}:${line}: ${spread}`)
      }
    }
    expect(offending, 'loop instead (for … of … push, a running max); or list a spread that stays small, with why').toEqual([])
  })
})
