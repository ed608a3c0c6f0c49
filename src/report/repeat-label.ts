import { summaryLabel } from '../variants/variant-cells.ts'

/**
 * How a repeat is named to people, the same in every output (run's console, show, compare, HTML, Markdown, JUnit,
 * vitest test names): `#1` is the first run of a case. report.json and the journal keep the 0-based `repeat` index.
 */
export function repeatLabel(repeat: number): string {
  return `#${repeat + 1}`
}

/** How messages and summaries name one case run: `suite/case [model · variant] #1`. */
export function caseRunName(run: { readonly suite: string; readonly case: string; readonly model: string; readonly variant?: unknown; readonly repeat: number }): string {
  return `${run.suite}/${run.case} [${summaryLabel(run)}] ${repeatLabel(run.repeat)}`
}
