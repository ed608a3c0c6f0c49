import { isErroredResult, type CaseResult } from '../core/result.ts'
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
 * Builds the tool confusion matrix of a set of results. Per result, calls that match an expected name pair with
 * it (the diagonal); the remaining expected and called names pair in order (a wrong tool), and what is left over
 * pairs with `(none)` (a missed call or an extra call). A case that expected no call and got none is (none, none).
 */
export function confusionMatrix(results: readonly CaseResult[]): ConfusionMatrix {
  const tally = new ConfusionTally()
  for (const result of results) tally.add(result)
  return tally.matrix()
}

/**
 * The cells of a confusion matrix, folded one result at a time (memory grows with tools², not cases). Errored
 * results (an outage, harness code) are left out: a call the model never got to make is no confusion.
 */
export class ConfusionTally {
  private readonly counts: Record<string, Record<string, number>> = {}

  /** Folds in one result's expected/called pairs. */
  add(result: CaseResult): void {
    if (isErroredResult(result)) return
    for (const [expected, called] of pairsOf(result)) {
      const row = (this.counts[expected] ??= {})
      row[called] = (row[called] ?? 0) + 1
    }
  }

  /** The matrix so far. */
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

function pairsOf(result: CaseResult): [string, string][] {
  return pairNames(result.expectedTools, callsOf(result).map((c) => c.name))
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
