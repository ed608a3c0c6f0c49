import type { CaseResult, CheckRecord } from '../core/result.ts'

// What a result's checks beyond the scorer's said (`results[].checks`: custom checks and judges), as `show` and
// the HTML report list them. Plain text: each output escapes it (a judge's reason is model output, a check's
// message the user's code). The outcome is the one stored with the record; nothing here compares a score again.

/** One check as an output lists it. */
export type CheckLine = {
  /** `<module file>#<export>` for a custom check, `judge <spec>` for a judge. */
  readonly name: string
  /** The stored outcome; absent for a judge record written before the outcome was stored. */
  readonly outcome?: 'pass' | 'fail'
  /** The figures beside it: a custom check's score; a judge's score, threshold and prompt version. */
  readonly figures?: string
  /** The check's message, or the judge's reason. */
  readonly message?: string
  /** In a conversation: the 1-based user message whose `expect` named the check (absent: the case's). */
  readonly messageNumber?: number
}

/** The checks of a result, in the order they ran (each message's, then the case's); records of unknown shape are left out. */
export function checkLines(result: Pick<CaseResult, 'checks'>): CheckLine[] {
  return (Array.isArray(result.checks) ? result.checks : []).flatMap((record: CheckRecord): CheckLine[] => {
    if (typeof record !== 'object' || record === null) return []
    const at = typeof record.userMessage === 'number' ? { messageNumber: record.userMessage + 1 } : {}
    if (record.kind === 'custom' && typeof record.check === 'string') {
      return [{
        name: record.check,
        outcome: record.pass === true ? 'pass' : 'fail',
        ...(typeof record.score === 'number' ? { figures: `score ${record.score}` } : {}),
        ...(typeof record.message === 'string' ? { message: record.message } : {}),
        ...at,
      }]
    }
    if (record.kind === 'judge' && typeof record.spec === 'string') {
      return [{
        name: `judge ${record.spec}`,
        ...(typeof record.pass === 'boolean' ? { outcome: record.pass ? 'pass' : 'fail' } : {}),
        figures: `score ${String(record.score)}, threshold ${String(record.threshold)}, prompt v${String(record.promptVersion)}`,
        ...(typeof record.reason === 'string' ? { message: record.reason } : {}),
        ...at,
      } satisfies CheckLine]
    }
    return []
  })
}

/** A check's outcome as a word: `pass`, `FAIL`, or `judged` for a judge record that stored none. */
export function checkOutcomeWord(line: CheckLine): string {
  return line.outcome === 'pass' ? 'pass' : line.outcome === 'fail' ? 'FAIL' : 'judged'
}

/** What follows a check's outcome word: `./checks.ts#polite (message 2) (score 1): a message`. */
export function checkLineText(line: CheckLine): string {
  const where = line.messageNumber !== undefined ? ` (message ${line.messageNumber})` : ''
  return `${line.name}${where}${line.figures ? ` (${line.figures})` : ''}${line.message ? `: ${line.message}` : ''}`
}
