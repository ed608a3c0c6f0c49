import type { ModelSummary } from '../core/report.ts'
import { scoredOf } from '../report/metric-text.ts'
import { byModelThenVariant } from '../variants/variant-order.ts'

/** A summary metric a gate bounds. */
export type GateMetric = 'min-accuracy' | 'max-hallucinated-tool-rate' | 'max-hallucinated-param-rate' | 'max-tool-tokens'

/**
 * A threshold on each model's summary (`--min-accuracy`, config `gates:`); `model` undefined = every model (but
 * `exceptModels`, which have their own).
 */
export type Gate = {
  readonly type: GateMetric
  readonly threshold: number
  readonly model?: string
  readonly exceptModels?: readonly string[]
  /** min-accuracy on the mean of per-case pass rates (`caseMeanAccuracy`), as in a `--repeat-until` run. */
  readonly perCaseMean?: boolean
}

/**
 * A suite's `max_tool_tokens` budget, checked for every model of the run: `total` bounds the suite's whole tool
 * set per request, `tool` one tool's marginal (leave-one-out) cost.
 */
export type ToolBudget =
  | { readonly budget: 'total'; readonly suite: string; readonly threshold: number }
  | { readonly budget: 'tool'; readonly suite: string; readonly tool: string; readonly threshold: number }

/**
 * What a verdict was evaluated from, stored with it (`gates[].gate`) so that `merge` re-evaluates the same
 * definition over the merged results: a metric gate over each summary row, or a suite's tool-token budget.
 */
export type GateDefinition = ({ readonly kind: 'metric' } & Gate) | ({ readonly kind: 'tool-budget' } & ToolBudget)

/** A gate's verdict for one model, as written to the report (`gates[]`) and listed by the console and Markdown. */
export type GateResult = {
  readonly name: GateMetric
  readonly model: string
  /** The measured value; null when the gate measured nothing (every result errored, no call made, no such tool). */
  readonly value: number | null
  readonly threshold: number
  readonly passed: boolean
  /** What the gate covers when narrower than the whole run, e.g. `suite weather` or `suite weather, tool get_forecast`. */
  readonly scope?: string
  /** Extra explanation, e.g. the tools that cost the most. */
  readonly detail?: string
  /** The definition this verdict was evaluated from (absent in reports written before it was stored). */
  readonly gate: GateDefinition
}

/**
 * Each metric and the bound it is: over nothing measured (null), an upper bound holds — nothing happened that could
 * exceed it — and a lower bound fails, since no result showed the accuracy was reached.
 */
const measures: Record<GateMetric, { read: (summary: ModelSummary) => number | null; atMost: boolean }> = {
  // Accuracy over no scored result (every one errored) is nothing measured, whatever the summary shows for it.
  'min-accuracy': { read: (s) => (scoredOf(s) > 0 ? numberOrNull(s.accuracy) : null), atMost: false },
  'max-hallucinated-tool-rate': { read: (s) => s.hallucinatedToolRate, atMost: true },
  'max-hallucinated-param-rate': { read: (s) => s.hallucinatedParamRate, atMost: true },
  'max-tool-tokens': { read: (s) => numberOrNull((s.toolTokens as { perRequest?: unknown } | undefined)?.perRequest), atMost: true },
}

/** Whether a gate passes with this value; a gate that measured nothing passes only as an upper bound. */
function gatePasses(metric: GateMetric, value: number | null, threshold: number): boolean {
  const { atMost } = measures[metric]
  if (value === null) return atMost
  return atMost ? value <= threshold : value >= threshold
}

/**
 * Evaluates metric gates against the summary rows, gate by gate; each gate's rows in a fixed order (model as the
 * summaries list them, then the base variant and the others by name), so a run — whose rows appear as results
 * finish — and a merge of its shards list the same lines.
 */
export function evaluateGates(gates: readonly Gate[], summaries: readonly ModelSummary[]): GateResult[] {
  const models = [...new Set(summaries.map((s) => s.model))]
  const rows = [...summaries].sort(byModelThenVariant(models))
  return gates.flatMap((gate) => {
    const definition: GateDefinition = { kind: 'metric', ...gate }
    return rows
      .filter((summary) => (gate.model === undefined || gate.model === summary.model) && !gate.exceptModels?.includes(summary.model))
      .map((summary): GateResult => {
        const value = gate.perCaseMean && gate.type === 'min-accuracy' ? caseMeanOf(summary) : measures[gate.type].read(summary)
        return {
          name: gate.type,
          model: summary.model,
          value,
          threshold: gate.threshold,
          passed: gatePasses(gate.type, value, gate.threshold),
          ...(summary.variant !== undefined ? { scope: `variant ${String(summary.variant)}` } : {}),
          gate: definition,
        }
      })
  })
}

/** A row's `caseMeanAccuracy` (null when nothing was scored or the row has none). */
function caseMeanOf(summary: ModelSummary): number | null {
  return scoredOf(summary) > 0 ? numberOrNull(summary.caseMeanAccuracy) : null
}

function numberOrNull(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null
}
