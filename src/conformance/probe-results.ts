import type { CaseResult } from '../core/result.ts'
import { verdictOf, type ResultVerdict } from '../core/verdict.ts'
import { probeIds, type ProbeId } from './probe-ids.ts'
import { probeOf } from './probes.ts'
import { notSentPrefix } from './paired-provider.ts'
import { probeSuiteName } from './probe-suite.ts'

/** One row of a conformance run: a model spec in one mode, under the id its results carry. */
export type ConformanceRow = { readonly spec: string; readonly id: string; readonly stream: boolean }

/**
 * One probe in one mode for one model, as `--json` prints it (exactly these fields): `passed` is false for an errored
 * probe too, and `verdict` (report.json's word, core/verdict.ts) tells errored apart from failed.
 */
export type ProbeEntry = { readonly id: ProbeId; readonly stream: boolean; readonly passed: boolean; readonly required: boolean; readonly message: string; readonly verdict: ResultVerdict }

/** Probes (× modes) counted by verdict: errored apart, as report.json's summary counts it. */
export type ProbeTotals = { readonly probes: number; readonly passed: number; readonly failed: number; readonly errored: number }

/** `--json`'s document: per model spec, one entry per probe and mode and their totals; the totals of every model. */
export type ConformanceDocument = { readonly models: readonly { readonly spec: string; readonly probes: readonly ProbeEntry[]; readonly totals: ProbeTotals }[]; readonly totals: ProbeTotals }

/** A probe's outcome with its verdict over the repeats, and the model spec it belongs to. */
export type ProbeOutcome = ProbeEntry & { readonly spec: string }

/**
 * The probe outcomes of a conformance run, from its results: each result's stored verdict (core/verdict.ts),
 * folded over repeats — failed when any repeat failed, else errored when any errored, else passed. Ordered by
 * model, mode, then the probes' table order.
 */
export function probeOutcomes(results: Iterable<CaseResult>, rows: readonly ConformanceRow[]): ProbeOutcome[] {
  const grouped = new Map<string, CaseResult[]>()
  for (const result of results) {
    if (result.suite !== probeSuiteName) continue
    const key = `${result.model}\u0000${result.case}`
    const list = grouped.get(key)
    if (list) list.push(result)
    else grouped.set(key, [result])
  }
  return rows.flatMap((row) => probeIds.flatMap((id) => {
    const repeats = grouped.get(`${row.id}\u0000${id}`)
    return repeats ? [outcomeOf(row, id, repeats)] : []
  }))
}

function outcomeOf(row: ConformanceRow, id: ProbeId, repeats: readonly CaseResult[]): ProbeOutcome {
  const verdicts = repeats.map((result) => verdictOf(result))
  const verdict: ResultVerdict = verdicts.includes('failed') ? 'failed' : verdicts.includes('errored') ? 'errored' : 'passed'
  const probe = probeOf(id)
  const passedCount = verdicts.filter((each) => each === 'passed').length
  const tally = repeats.length > 1 ? `${passedCount}/${repeats.length} repeats passed; ` : ''
  const shown = repeats.find((result) => verdictOf(result) === verdict) ?? repeats[0]!
  const message = verdict === 'passed'
    ? `${tally}${passNote(id, repeats) ?? probe.rule}`
    : `${tally}${verdict === 'errored' ? `errored (no verdict: ${unsent(shown) ? 'toolgauge did not send it' : 'the host did not answer'}): ` : ''}${shown.failures.map((failure) => `${failure.kind}: ${failure.message}`).join('; ')}`
  return { spec: row.spec, id, stream: row.stream, passed: verdict === 'passed', required: probe.required === true, message, verdict }
}

/** Whether a result errored on a request toolgauge never sent: the API refuses it under the settings (paired-provider). */
function unsent(result: CaseResult): boolean {
  return result.failures.some((failure) => failure.message.startsWith(notSentPrefix))
}

/** What a pass means when it says less than the rule: `reasoning_round_trip` with no reasoning state to carry back. */
function passNote(id: ProbeId, repeats: readonly CaseResult[]): string | undefined {
  if (id !== 'reasoning_round_trip') return undefined
  const reasoned = repeats.some((result) => result.turns.some((turn) => turn.reasoning !== undefined))
  return reasoned ? undefined : 'n/a: the model returned no reasoning state (reasoning is off for it), so there was none to carry back'
}

/** The `--json` document: the outcomes grouped per model spec, each entry with exactly the contract's fields, and the totals. */
export function conformanceDocument(outcomes: readonly ProbeOutcome[], specs: readonly string[]): ConformanceDocument {
  return {
    models: specs.map((spec) => {
      const own = outcomes.filter((outcome) => outcome.spec === spec)
      return { spec, probes: own.map(({ id, stream, passed, required, message, verdict }) => ({ id, stream, passed, required, message, verdict })), totals: totalsOf(own) }
    }),
    totals: totalsOf(outcomes),
  }
}

function totalsOf(outcomes: readonly ProbeOutcome[]): ProbeTotals {
  const count = (verdict: ResultVerdict) => outcomes.filter((outcome) => outcome.verdict === verdict).length
  return { probes: outcomes.length, passed: count('passed'), failed: count('failed'), errored: count('errored') }
}

/**
 * The exit code of a conformance run: 1 when a required probe failed; else 3 when a required probe errored (the host
 * did not answer it, or toolgauge did not send it: no verdict, as `run` exits 3 for an outage); else 0. Probes that are not required never fail the run.
 */
export function conformanceExitCode(outcomes: readonly ProbeOutcome[]): 0 | 1 | 3 {
  const required = outcomes.filter((outcome) => outcome.required)
  if (required.some((outcome) => outcome.verdict === 'failed')) return 1
  if (required.some((outcome) => outcome.verdict === 'errored')) return 3
  return 0
}
