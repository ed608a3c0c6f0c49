import type { ModelSummary } from '../core/report.ts'

/** A threshold the run must meet; `model` undefined = every model (but `exceptModels`, which have their own). */
export type Gate = {
  readonly type: 'min-accuracy' | 'max-hallucinated-tool-rate' | 'max-hallucinated-param-rate' | 'max-tool-tokens'
  readonly threshold: number
  readonly model?: string
  readonly exceptModels?: readonly string[]
}

/** A gate's verdict for one model, as written to the report (`gates[]`) and listed by the console and Markdown. */
export type GateResult = {
  readonly name: Gate['type']
  readonly model: string
  readonly value: number | null
  readonly threshold: number
  readonly passed: boolean
  /** What the gate covers when narrower than the whole run, e.g. `suite weather` or `suite weather, tool get_forecast`. */
  readonly scope?: string
  /** Extra explanation, e.g. the tools that cost the most. */
  readonly detail?: string
}

const measures: Record<Gate['type'], { read: (summary: ModelSummary) => number | null; atMost: boolean }> = {
  'min-accuracy': { read: (s) => s.accuracy, atMost: false },
  // A rate over no calls is null in the summary; for an upper bound that means no hallucinated call, so it holds.
  'max-hallucinated-tool-rate': { read: (s) => s.hallucinatedToolRate ?? 0, atMost: true },
  'max-hallucinated-param-rate': { read: (s) => s.hallucinatedParamRate ?? 0, atMost: true },
  'max-tool-tokens': { read: (s) => (s.toolTokens as { perRequest?: number } | undefined)?.perRequest ?? null, atMost: true },
}

/** Evaluates gates against the summaries. A gate whose value is unknown fails (fail closed). */
export function evaluateGates(gates: readonly Gate[], summaries: readonly ModelSummary[]): GateResult[] {
  return gates.flatMap((gate) =>
    summaries
      .filter((summary) => (gate.model === undefined || gate.model === summary.model) && !gate.exceptModels?.includes(summary.model))
      .map((summary) => {
        const measure = measures[gate.type]
        const value = measure.read(summary)
        const passed = value !== null && (measure.atMost ? value <= gate.threshold : value >= gate.threshold)
        return { name: gate.type, model: summary.model, value, threshold: gate.threshold, passed, ...(summary.variant !== undefined ? { scope: `variant ${String(summary.variant)}` } : {}) }
      }))
}
