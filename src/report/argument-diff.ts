import type { Failure } from '../core/result.ts'
import { sentText } from '../matchers/compare-arguments.ts'

/**
 * One line of a per-argument diff: `-` what the expectation wanted, `+` what the model sent (the two lines of an
 * argument that did not match), ` ` an argument that matched or that no matcher names (`note` says which).
 */
export type ArgumentDiffLine = {
  readonly sign: ' ' | '-' | '+'
  /** The argument's dotted path (`city`, `filters.from`); `(arguments)` for arguments that were no object. */
  readonly argument: string
  /** The expected matcher as text, or the value sent (JSON, shortened), or `(absent)`. */
  readonly value: string
  readonly note?: 'not in the expectation'
}

/**
 * The per-argument diff of a failure, expected against actual, from the comparison the scorer stored on it
 * (`Failure.arguments`); [] for a failure without one. Every output (show, JUnit, Markdown, HTML, the vitest
 * matchers) draws its diff from these lines.
 */
export function argumentDiff(failure: Pick<Failure, 'arguments'>): ArgumentDiffLine[] {
  const lines: ArgumentDiffLine[] = []
  for (const entry of failure.arguments ?? []) {
    const argument = entry.argument || '(arguments)'
    const sent = sentText(entry)
    if (entry.matches) lines.push(entry.expected === undefined ? { sign: ' ', argument, value: sent, note: 'not in the expectation' } : { sign: ' ', argument, value: sent })
    else lines.push({ sign: '-', argument, value: entry.expected ?? '' }, { sign: '+', argument, value: sent })
  }
  return lines
}

/** The diff as text: a header, then `- city: "London"` / `+ city: "Paris"` / `  unit: "C"`, each line indented. */
export function argumentDiffText(failure: Pick<Failure, 'arguments'>, indent: string): string[] {
  const lines = argumentDiff(failure)
  if (lines.length === 0) return []
  return [`${indent}arguments (- expected, + actual):`, ...lines.map((line) => `${indent}${diffLineText(line)}`)]
}

/** One diff line as text: `- city: "London"`, `  extra: 3  (not in the expectation)`. */
export function diffLineText(line: ArgumentDiffLine): string {
  return `${line.sign} ${line.argument}: ${line.value}${line.note ? `  (${line.note})` : ''}`
}
