import { isErroredResult } from '../core/result.ts'
import { resultKey, type Journal, type JournalPosition } from '../report/journal.ts'

/** What `--resume` did with the journal: results kept, results to run again, results left out of this run. */
export type ResumeCounts = {
  /** Journaled results whose fingerprint matches the case as it is now: not run again. */
  readonly kept: number
  /** Journaled results of this run's cases that run again: their case, hooks or model changed, or they errored. */
  readonly rerun: number
  /** Journaled results of suites, cases, models or repeats not in this run: stay in the journal, not in the report. */
  readonly dropped: number
  /** What was done to a torn last line. */
  readonly repair: 'intact' | 'truncated' | 'newline-added'
}

/** A journaled result's key facts (the result itself stays on disk). */
type Latest = { readonly position: JournalPosition; readonly fingerprint: string | undefined; readonly errored: boolean }

/**
 * Decides, from the journal, which results of this run are already done. Later lines for the same result win (a
 * re-run appends, it does not rewrite). A result is kept only if its fingerprint equals `expected(key)` and it is
 * not errored; results whose key this run does not plan are dropped from the report.
 * @param expected the fingerprint each planned result key must have (undefined: not in this run)
 * @returns the kept positions by key and the counts
 */
export function resumeFromJournal(journal: Journal, expected: (key: string) => string | undefined): { kept: Map<string, JournalPosition>; counts: ResumeCounts } {
  const repair = journal.openForAppend()
  const latest = new Map<string, Latest>()
  for (const entry of journal.entries()) {
    latest.set(resultKey(entry.result), { position: { offset: entry.offset, length: entry.length }, fingerprint: entry.result.fingerprint, errored: isErroredResult(entry.result) })
  }
  const kept = new Map<string, JournalPosition>()
  let rerun = 0
  let dropped = 0
  for (const [key, entry] of latest) {
    const fingerprint = expected(key)
    if (fingerprint === undefined) dropped++
    else if (entry.errored || entry.fingerprint !== fingerprint) rerun++
    else kept.set(key, entry.position)
  }
  return { kept, counts: { kept: kept.size, rerun, dropped, repair } }
}
