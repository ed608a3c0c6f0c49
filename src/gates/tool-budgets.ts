import type { GateResult, ToolBudget } from './gates.ts'

/** One measurement of a suite budget for one model: the tokens counted (null: the suite has no such tool). */
export type BudgetMeasure = { readonly budget: ToolBudget; readonly model: string; readonly value: number | null; readonly detail?: string }

/**
 * The verdict of a suite's `max_tool_tokens` budget on its measured value; the run and `merge` both decide here.
 * The value counts the suite's tool definitions, not results, so every shard of a run measures it alike. A budget
 * naming no tool of the suite (refused when the suite loads; possible in a hand-edited report) measured nothing and
 * fails: a misspelt tool name must not pass as within budget.
 */
export function budgetVerdict({ budget, model, value, detail }: BudgetMeasure): GateResult {
  return {
    name: 'max-tool-tokens',
    model,
    value,
    threshold: budget.threshold,
    passed: value !== null && value <= budget.threshold,
    scope: budget.budget === 'total' ? `suite ${budget.suite}` : `suite ${budget.suite}, tool ${budget.tool}`,
    ...(detail !== undefined ? { detail } : {}),
    gate: { kind: 'tool-budget', ...budget },
  }
}
