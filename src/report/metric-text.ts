import type { ModelSummary } from '../core/report.ts'
import { wilsonInterval } from '../stats/wilson.ts'

// How every output (console table, Markdown, HTML) writes a summary's figures, so a metric with nothing to
// measure reads the same everywhere: "—", never "0.0%" or "0/0".

/** What an output prints for a metric with nothing to measure. */
export const nothingMeasured = '—'

/** A rate in [0, 1] as a percentage with one decimal; "—" when it is null or absent (nothing to measure). */
export function percent(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? `${(value * 100).toFixed(1)}%` : nothingMeasured
}

/** A mean (calls per case) with one decimal; "—" when it is null or absent (nothing to measure). */
export function meanText(value: unknown): string {
  return typeof value === 'number' && Number.isFinite(value) ? value.toFixed(1) : nothingMeasured
}

/** Errored results of a summary row (0 for reports written before errored was counted). */
export function erroredOf(summary: ModelSummary): number {
  return typeof summary.errored === 'number' ? summary.errored : 0
}

/** The results that got a verdict (passed or failed): errored ones are no verdict. */
export function scoredOf(summary: ModelSummary): number {
  return summary.cases - erroredOf(summary)
}

/** Passed out of the scored results (`3/4`); "—" when every result errored. */
export function passedText(summary: ModelSummary): string {
  const scored = scoredOf(summary)
  return scored === 0 ? nothingMeasured : `${summary.passed}/${scored}`
}

/** A pass@k or pass^k figure (`{ "1": x, "2": y }`) as [k, value] pairs in k order; [] when absent. */
export function kSeries(value: unknown): [number, number][] {
  if (typeof value !== 'object' || value === null) return []
  return Object.entries(value as Record<string, unknown>)
    .filter((entry): entry is [string, number] => typeof entry[1] === 'number')
    .map(([k, v]): [number, number] => [Number(k), v])
    .sort((a, b) => a[0] - b[0])
}

/**
 * The 95% interval of a summary (`accuracyCi` extension, with repeats) as `[low, high]`; a variant row without one
 * gets the Wilson interval of passed over its scored results (errored ones are no trial, as in `accuracy`), so every
 * variant point has an interval; otherwise undefined.
 */
export function accuracyInterval(summary: ModelSummary): readonly [number, number] | undefined {
  // Nothing scored (every result errored): the vacuous [0, 1] is no interval of anything.
  if (summary.accuracy === null) return undefined
  const ci = summary.accuracyCi
  if (Array.isArray(ci) && ci.length === 2 && ci.every((x) => typeof x === 'number')) return ci as [number, number]
  return summary.variant !== undefined && scoredOf(summary) > 0 ? wilsonInterval(summary.passed, scoredOf(summary)) : undefined
}

/** Tool-definition tokens per request (`toolTokens.perRequest` extension), or undefined. */
export function toolTokensPerRequest(summary: ModelSummary): number | undefined {
  const tokens = summary.toolTokens as { perRequest?: unknown } | undefined
  return typeof tokens?.perRequest === 'number' ? tokens.perRequest : undefined
}

/**
 * The overview's figures after accuracy, the same in report.md and report.html: pass^k at the largest k with that k
 * (`passHatK` extension, `81.0% (k=3)`; "—" without repeats), passed of scored, the call-level rates, tool-definition
 * tokens per request (rounded; "—" when none were counted) and the p50 latency.
 */
export function overviewFigures(s: ModelSummary): string[] {
  const hat = kSeries(s.passHatK).at(-1)
  const tokens = toolTokensPerRequest(s)
  return [hat && hat[0] > 1 ? `${percent(hat[1])} (k=${hat[0]})` : nothingMeasured, passedText(s), percent(s.selectionAccuracy), percent(s.argumentAccuracy),
    percent(s.hallucinatedToolRate), percent(s.hallucinatedParamRate), percent(s.schemaViolationRate),
    tokens === undefined ? nothingMeasured : String(Math.round(tokens)), `${Math.round(s.latencyMs.p50)} ms`]
}
