import { InputError } from '../core/errors.ts'
import type { ModelSummary } from '../core/report.ts'
import { evaluateGates, type Gate, type GateDefinition, type GateMetric, type GateResult, type ToolBudget } from './gates.ts'
import { budgetVerdict, type BudgetMeasure } from './tool-budgets.ts'
import { isPlainObject } from '../core/plain-object.ts'

/**
 * The `gates` a report recorded, the file it came from (for error messages) and the models its run ran (`run.models`):
 * a gate that names no model covered every model of that run, and no other.
 */
export type RecordedGates = { readonly file: string; readonly gates: unknown; readonly models?: readonly string[] }

const metrics: readonly GateMetric[] = ['min-accuracy', 'max-hallucinated-tool-rate', 'max-hallucinated-param-rate', 'max-tool-tokens']

/**
 * The gates of joined reports, evaluated again: every distinct definition the inputs recorded, in the order they
 * first appear — metric gates over the merged summary rows (so a merge of shards evaluates what the unsharded run
 * evaluated), then suite budgets on the tool-definition tokens the inputs measured (the largest, with a warning,
 * if inputs measured different values: their suites' tools differed).
 */
export function reevaluateGates(inputs: readonly RecordedGates[], summary: readonly ModelSummary[], warnings: string[]): GateResult[] {
  const metricGates = new Map<string, Gate>()
  // The models each model-less metric gate covered: those of the runs that recorded it (undefined: a run did not say).
  const coveredBy = new Map<string, Set<string> | undefined>()
  const budgets = new Map<string, BudgetMeasure[]>()
  for (const { file, gates, models } of inputs) {
    if (!Array.isArray(gates)) continue
    gates.forEach((entry: unknown, index) => {
      const recorded = recordedEntry(entry, file, `gates[${index}]`)
      if (recorded.definition.kind === 'metric') {
        const { kind: _kind, ...gate } = recorded.definition
        const key = canonical(gate)
        metricGates.set(key, metricGates.get(key) ?? gate)
        const covered = coveredBy.has(key) ? coveredBy.get(key) : new Set<string>()
        coveredBy.set(key, covered && models ? new Set([...covered, ...models]) : undefined)
        return
      }
      const { kind: _kind, ...budget } = recorded.definition
      const key = canonical([budget, recorded.model])
      budgets.set(key, [...(budgets.get(key) ?? []), { budget, model: recorded.model, value: recorded.value, ...(recorded.detail !== undefined ? { detail: recorded.detail } : {}) }])
    })
  }
  const budgetGates = [...budgets.values()].map((measures) => {
    const largest = measures.reduce((most, measure) => ((measure.value ?? -Infinity) > (most.value ?? -Infinity) ? measure : most))
    if (measures.some((measure) => measure.value !== largest.value)) {
      warnings.push(`the inputs measured ${scopeText(largest.budget)} for ${largest.model} differently (${[...new Set(measures.map((m) => m.value))].join(', ')} tokens; were their tools the same?); the merge keeps the largest`)
    }
    return budgetVerdict(largest)
  })
  const scoped = [...metricGates].flatMap(([key, gate]) => scopedToRecorders(gate, coveredBy.get(key), summary))
  return [...evaluateGates(scoped, summary), ...budgetGates]
}

/**
 * A gate naming no model covers the models of the runs that recorded it: joined with a report of other models, it is
 * one gate per covered model (`model` set, so the merged report stores what it covered and a later merge reads the
 * same). A report's models would otherwise be judged by a gate their own run never set — a failed case of a run
 * without gates passing under another run's `--min-accuracy`. Over the models of its own runs (shards) it stays as is.
 */
function scopedToRecorders(gate: Gate, covered: ReadonlySet<string> | undefined, summary: readonly ModelSummary[]): Gate[] {
  const models = [...new Set(summary.map((row) => row.model))]
  if (gate.model !== undefined || covered === undefined || models.every((model) => covered.has(model))) return [gate]
  const { exceptModels, ...rest } = gate
  return models.filter((model) => covered.has(model) && !exceptModels?.includes(model)).map((model) => ({ ...rest, model }))
}

/** Whether a report recorded a metric gate (a suite budget alone leaves its exit code to its cases, as in its run). */
export function recordsMetricGate({ file, gates }: RecordedGates): boolean {
  return Array.isArray(gates) && gates.some((entry: unknown, index) => recordedEntry(entry, file, `gates[${index}]`).definition.kind === 'metric')
}

type RecordedEntry = { readonly definition: GateDefinition; readonly model: string; readonly value: number | null; readonly detail?: string }

/** One recorded verdict's definition and measure; reports written before definitions were stored get theirs rebuilt. */
function recordedEntry(entry: unknown, file: string, field: string): RecordedEntry {
  const fail = (what: string, at = field) => new InputError(`expected ${what}`, { file, field: at })
  if (typeof entry !== 'object' || entry === null) throw fail('a gate verdict object')
  const { name, model, value, threshold, scope, detail, gate } = entry as Record<string, unknown>
  if (typeof model !== 'string') throw fail('the model a gate was evaluated for (a string)', `${field}.model`)
  const measure = { model, value: typeof value === 'number' ? value : null, ...(typeof detail === 'string' ? { detail } : {}) }
  if (gate !== undefined) return { definition: definitionOf(gate, (what, at) => fail(what, `${field}.gate${at}`)), ...measure }
  // Before definitions were stored: a scope `suite S[, tool T]` was a suite budget; any other gate was a metric gate.
  if (!isMetric(name)) throw fail(`a gate name (${metrics.join(', ')})`, `${field}.name`)
  if (typeof threshold !== 'number') throw fail('a numeric threshold', `${field}.threshold`)
  const suite = typeof scope === 'string' ? /^suite (.*?)(?:, tool (.*))?$/s.exec(scope) : null
  if (!suite) return { definition: { kind: 'metric', type: name, threshold, model }, ...measure }
  const budget: ToolBudget = suite[2] === undefined ? { budget: 'total', suite: suite[1]!, threshold } : { budget: 'tool', suite: suite[1]!, tool: suite[2], threshold }
  return { definition: { kind: 'tool-budget', ...budget }, ...measure }
}

function definitionOf(gate: unknown, fail: (what: string, at: string) => InputError): GateDefinition {
  if (typeof gate !== 'object' || gate === null) throw fail('a gate definition object', '')
  const g = gate as Record<string, unknown>
  if (typeof g.threshold !== 'number') throw fail('a numeric threshold', '.threshold')
  if (g.kind === 'metric') {
    if (!isMetric(g.type)) throw fail(`a metric (${metrics.join(', ')})`, '.type')
    if (g.model !== undefined && typeof g.model !== 'string') throw fail('a model name', '.model')
    if (g.exceptModels !== undefined && !(Array.isArray(g.exceptModels) && g.exceptModels.every((m) => typeof m === 'string'))) throw fail('a list of model names', '.exceptModels')
    return {
      kind: 'metric',
      type: g.type,
      threshold: g.threshold,
      ...(typeof g.model === 'string' ? { model: g.model } : {}),
      ...(Array.isArray(g.exceptModels) ? { exceptModels: g.exceptModels as string[] } : {}),
      ...(g.perCaseMean === true ? { perCaseMean: true } : {}),
    }
  }
  if (g.kind === 'tool-budget') {
    if (typeof g.suite !== 'string') throw fail('the suite name', '.suite')
    if (g.budget === 'total') return { kind: 'tool-budget', budget: 'total', suite: g.suite, threshold: g.threshold }
    if (g.budget === 'tool' && typeof g.tool === 'string') return { kind: 'tool-budget', budget: 'tool', suite: g.suite, tool: g.tool, threshold: g.threshold }
    throw fail('budget "total", or "tool" with the tool name', '.budget')
  }
  throw fail('kind "metric" or "tool-budget"', '.kind')
}

function isMetric(value: unknown): value is GateMetric {
  return metrics.includes(value as GateMetric)
}

function scopeText(budget: ToolBudget): string {
  return budget.budget === 'total' ? `suite ${budget.suite}'s tool set` : `tool ${budget.tool} of suite ${budget.suite}`
}

/** JSON with sorted keys: the same definition is the same key whatever order its fields were written in. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (isPlainObject(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b))) : v))
}
