import type { CaseResult } from '../core/result.ts'
import { isErroredResult } from '../core/verdict.ts'
import { callsOf } from '../report/result-calls.ts'
import { pairNames } from '../report/confusion.ts'
import { baseVariantName } from './variant-spec.ts'

/** The label of a call to a tool that was not offered. */
const hallucinatedTool = '(hallucinated)'

/** One cell of report.json `confusion[]`: expected tool → the tool called instead (or itself), counted. */
export type ConfusionRow = {
  readonly model: string
  /** The tool-description variant (`base` in runs without variants). */
  readonly variant: string
  /** Expected tool, or `(none)` for a call nobody expected. */
  readonly expected: string
  /** Called tool; `(none)` when no call was made, `(hallucinated)` for a name not offered. */
  readonly actual: string
  readonly count: number
}

/** Called names of a result, with names the loop found unknown replaced by `(hallucinated)`. */
function calledNames(result: CaseResult): string[] {
  // Reports before 0.2 keep flat `calls` without the loop's checks: their names are taken as they are.
  if (result.turns.length === 0) return callsOf(result).map((call) => call.name)
  return result.turns.flatMap((turn) => turn.calls.map((call) => (call.check.knownTool ? call.name : hallucinatedTool)))
}

/** The confusion cells of a run per model × variant, folded one result at a time (memory: tools², not cases). */
export class ConfusionRowsTally {
  private readonly cells = new Map<string, { model: string; variant: string; expected: string; actual: string; count: number }>()

  /** Folds in one result; an errored result is no confusion (the model never got to answer). */
  add(result: CaseResult): void {
    if (isErroredResult(result)) return
    const variant = result.variant ?? baseVariantName
    for (const [expected, actual] of pairNames(result.expectedTools, calledNames(result))) {
      const key = JSON.stringify([result.model, variant, expected, actual])
      const cell = this.cells.get(key)
      if (cell) cell.count++
      else this.cells.set(key, { model: result.model, variant, expected, actual, count: 1 })
    }
  }

  /** The cells, in first-seen order. */
  rows(): ConfusionRow[] {
    return [...this.cells.values()].map((cell) => ({ ...cell }))
  }
}

/** The confused cells (expected ≠ actual), most frequent first: what `--by confusion` prints. */
export function mostConfused(rows: readonly ConfusionRow[]): ConfusionRow[] {
  return rows.filter((row) => row.expected !== row.actual)
    .sort((a, b) => b.count - a.count || a.model.localeCompare(b.model) || a.variant.localeCompare(b.variant) || a.expected.localeCompare(b.expected) || a.actual.localeCompare(b.actual))
}
