import type { ModelSummary } from '../core/report.ts'
import type { VariantComparison, VariantMetricDelta } from './variant-deltas.ts'

/** Which comparison figure annotates which console column. */
const annotated: Readonly<Record<string, { metric: 'accuracy' | 'selection' | 'toolTokensPerRequest'; points: boolean }>> = {
  accuracy: { metric: 'accuracy', points: true },
  selection: { metric: 'selection', points: true },
  'tool tok/req': { metric: 'toolTokensPerRequest', points: false },
}

function signed(value: number, digits: number): string {
  const text = Math.abs(value).toFixed(digits)
  return Number(text) === 0 ? `±${text}` : `${value > 0 ? '+' : '−'}${text}`
}

function deltaText(delta: VariantMetricDelta, points: boolean): string {
  return `${points ? signed(delta.delta * 100, 1) : signed(delta.delta, 0)}${delta.significant ? '*' : ''}`
}

/**
 * A console cell of a non-base variant row with its change against the base on the same cases: `53.8% (−46.2*)`
 * (points for rates, tokens for tool tokens per request); `*` flags a significant change (paired test, p < 0.05).
 */
export function annotateVariantCell(column: string, text: string, summary: ModelSummary, comparisons: readonly VariantComparison[]): string {
  const which = annotated[column]
  if (!which || summary.variant === undefined) return text
  const comparison = comparisons.find((c) => c.model === summary.model && c.variant === summary.variant)
  return comparison ? `${text} (${deltaText(comparison[which.metric], which.points)})` : text
}

/** Summary rows grouped by model (first-seen order), each model's variants in the order the rows came in. */
export function groupByModel(summaries: readonly ModelSummary[]): ModelSummary[] {
  const models = [...new Set(summaries.map((summary) => summary.model))]
  return models.flatMap((model) => summaries.filter((summary) => summary.model === model))
}

/** The legend printed under a table with variant rows. */
export const variantLegend = '(Δ) vs the base variant on the same cases: points for accuracy and selection, tokens for tool tok/req; * significant (paired test, p < 0.05)'

/** How a summary row is named in reports: the model, and its variant when the run has variants. */
export function summaryLabel(summary: { readonly model: string; readonly variant?: unknown }): string {
  return summary.variant === undefined ? summary.model : `${summary.model} · ${String(summary.variant)}`
}
