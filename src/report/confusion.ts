import type { CaseResult } from '../core/result.ts'
import { isErroredResult } from '../core/verdict.ts'
import { callsOf } from './result-calls.ts'

/** The label for "no tool": an expected call the model did not make, or a call nobody expected. */
export const noTool = '(none)'

/** Counts of expected tool (row) × called tool (column) pairs, `(none)` included on both axes. */
export type ConfusionMatrix = {
  /** Expected tool names, sorted, then `(none)`. */
  readonly expected: readonly string[]
  /** Called tool names (hallucinated ones included), sorted, then `(none)`. */
  readonly called: readonly string[]
  /** counts[expected][called]; missing cells are 0. */
  readonly counts: Readonly<Record<string, Readonly<Record<string, number>>>>
}

/**
 * The cells of a confusion matrix, folded one result at a time (memory grows with tools², not cases). Errored
 * results (an outage, harness code) are left out: a call the model never got to make is no confusion.
 */
export class ConfusionTally {
  private readonly counts: Record<string, Record<string, number>> = {}

  add(result: CaseResult): void {
    if (isErroredResult(result)) return
    for (const [expected, called] of pairNames(result.expectedTools, callsOf(result).map((c) => c.name))) {
      const row = (this.counts[expected] ??= {})
      row[called] = (row[called] ?? 0) + 1
    }
  }

  matrix(): ConfusionMatrix {
    const expected = new Set<string>()
    const called = new Set<string>()
    for (const [e, row] of Object.entries(this.counts)) {
      expected.add(e)
      for (const c of Object.keys(row)) called.add(c)
    }
    return { expected: ordered(expected), called: ordered(called), counts: this.counts }
  }
}

/**
 * Pairs expected tool names with called names: equal names pair first (the diagonal); the remaining expected and
 * called names pair in order (a wrong tool), and what is left over pairs with `(none)` (a missed or extra call).
 * No expected and no called name is one (none, none) pair. Shared by the matrix and report.json `confusion[]`.
 */
export function pairNames(expectedTools: readonly string[], called: readonly string[]): [string, string][] {
  const calledRest = [...called]
  if (expectedTools.length === 0 && calledRest.length === 0) return [[noTool, noTool]]
  const pairs: [string, string][] = []
  const expectedRest: string[] = []
  for (const name of expectedTools) {
    const index = calledRest.indexOf(name)
    if (index >= 0) {
      calledRest.splice(index, 1)
      pairs.push([name, name])
    } else {
      expectedRest.push(name)
    }
  }
  const length = Math.max(expectedRest.length, calledRest.length)
  for (let i = 0; i < length; i++) pairs.push([expectedRest[i] ?? noTool, calledRest[i] ?? noTool])
  return pairs
}

function ordered(names: ReadonlySet<string>): string[] {
  // (none) is always shown, so every matrix has the same shape to read: missed calls in its column, extra calls in its row.
  return [...[...names].filter((n) => n !== noTool).sort(), noTool]
}

/** One off-diagonal cell of a confusion matrix: a tool expected and the tool called instead, counted. */
export type ConfusedPair = { readonly expected: string; readonly called: string; readonly count: number }

/** The off-diagonal cells (wrong, missed and extra calls), most frequent first, then by expected and called name. */
export function confusedPairs(matrix: ConfusionMatrix): ConfusedPair[] {
  const pairs: ConfusedPair[] = []
  for (const [expected, row] of Object.entries(matrix.counts)) {
    for (const [called, count] of Object.entries(row)) if (expected !== called && count > 0) pairs.push({ expected, called, count })
  }
  return pairs.sort((a, b) => b.count - a.count || compareNames(a.expected, b.expected) || compareNames(a.called, b.called))
}

/** One expected tool's diagonal: how often it was expected, called right, and called at all (expected or not). */
export type DiagonalTotal = { readonly tool: string; readonly expected: number; readonly right: number; readonly called: number }

/**
 * The diagonal of a matrix per expected tool, the least often right first. The `(none)` row is left out: it mixes
 * cases that expected no call with extra calls in any case, so "times expected" means nothing there.
 */
export function diagonalTotals(matrix: ConfusionMatrix): DiagonalTotal[] {
  const called = new Map<string, number>()
  for (const row of Object.values(matrix.counts)) {
    for (const [name, count] of Object.entries(row)) called.set(name, (called.get(name) ?? 0) + count)
  }
  const totals = matrix.expected.filter((tool) => tool !== noTool).map((tool) => {
    const row = matrix.counts[tool] ?? {}
    const expected = Object.values(row).reduce((sum, count) => sum + count, 0)
    return { tool, expected, right: row[tool] ?? 0, called: called.get(tool) ?? 0 }
  })
  const rate = (t: DiagonalTotal) => (t.expected === 0 ? 1 : t.right / t.expected)
  return totals.sort((a, b) => rate(a) - rate(b) || b.expected - a.expected || compareNames(a.tool, b.tool))
}

function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}
