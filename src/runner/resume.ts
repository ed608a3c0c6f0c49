import { isErroredResult } from '../core/verdict.ts'
import { resultKey, type Journal, type JournalPosition } from '../report/journal.ts'
import { toolgaugeVersion } from '../version.ts'

/** What `--resume` did with the journal: results kept, results to run again, results left out of this run. */
export type ResumeCounts = {
  /** Journaled results whose fingerprint matches the case as it is now: not run again. */
  readonly kept: number
  /** Journaled results of this run's cases that run again: their case, hooks or model changed, or they errored. */
  readonly rerun: number
  /** Journaled results of suites, cases, models or repeats not in this run: stay in the journal, not in the report. */
  readonly dropped: number
  /**
   * Of `rerun`, the results another toolgauge version scored (its version is in their fingerprint), and which
   * (`toolgauge 0.1.0`, or `an earlier toolgauge` for results that do not say).
   */
  readonly upgraded: { readonly count: number; readonly from: readonly string[]; readonly to: string }
  /** What was done to a torn last line. */
  readonly repair: 'intact' | 'truncated' | 'newline-added'
}

/** A journaled result's key facts (the result itself stays on disk); `index` is set when it is kept, as that task's result. */
type Latest = { readonly position: JournalPosition; readonly fingerprint: string | undefined; readonly errored: boolean; readonly version: string | undefined; index?: number }

/** One planned result: its key (`resultKey`), the fingerprint it must have now, and its task index. */
export type PlannedResult = { readonly key: string; readonly fingerprint: string; readonly index: number }

/**
 * Decides, from the journal, which results of this run are already done. Later lines for the same result win (a
 * re-run appends, it does not rewrite). A result is kept only if a planned result has its key and fingerprint and
 * it is not errored; results whose key this run does not plan are dropped from the report. The planned results
 * stream by (a case is built once for all its models and repeats), so memory follows the journal, not the plan.
 * @returns the kept results' task indices and positions, in journal order, and the counts
 */
export async function resumeFromJournal(journal: Journal, planned: AsyncIterable<PlannedResult>): Promise<{ kept: { index: number; position: JournalPosition }[]; counts: ResumeCounts }> {
  const repair = journal.openForAppend()
  const latest = new Map<string, Latest>()
  for (const entry of journal.entries()) {
    const { fingerprint, toolgaugeVersion: version } = entry.result
    latest.set(resultKey(entry.result), { position: { offset: entry.offset, length: entry.length }, fingerprint, errored: isErroredResult(entry.result), version })
  }
  let inPlan = 0
  let rerun = 0
  let upgraded = 0
  const from = new Set<string>()
  for await (const { key, fingerprint, index } of planned) {
    const entry = latest.get(key)
    if (!entry) continue
    inPlan++
    if (entry.errored || entry.fingerprint !== fingerprint) {
      rerun++
      if (entry.version !== toolgaugeVersion) {
        upgraded++
        from.add(entry.version !== undefined ? `toolgauge ${entry.version}` : 'an earlier toolgauge')
      }
    } else entry.index = index
  }
  const kept: { index: number; position: JournalPosition }[] = []
  for (const entry of latest.values()) if (entry.index !== undefined) kept.push({ index: entry.index, position: entry.position })
  return { kept, counts: { kept: kept.length, rerun, dropped: latest.size - inPlan, upgraded: { count: upgraded, from: [...from].sort(), to: toolgaugeVersion }, repair } }
}
