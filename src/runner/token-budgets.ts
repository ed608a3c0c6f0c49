import type { Case, Suite } from '../core/case.ts'
import { countToolTokens } from '../tokens/count-tool-tokens.ts'
import type { GateResult } from '../gates/gates.ts'
import { budgetVerdict } from '../gates/tool-budgets.ts'

/**
 * Budget gates from suites' `max_tool_tokens`: the whole tool set per request against `total`, and each tool's
 * marginal (leave-one-out) cost against its own budget. A failing total names the tools that cost the most, so
 * the user sees where a bloated description went.
 */
export async function tokenBudgetGates(suites: readonly (Pick<Suite, 'name' | 'tools'> & { readonly cases: readonly Pick<Case, 'maxToolTokens' | 'toolTokenBudgets'>[] })[], models: readonly { readonly id: string; readonly spec?: string }[]): Promise<GateResult[]> {
  const gates: GateResult[] = []
  for (const suite of suites) {
    const first = suite.cases[0]
    const total = first?.maxToolTokens
    const perTool = first?.toolTokenBudgets ?? {}
    if (total === undefined && Object.keys(perTool).length === 0) continue
    for (const { id: model, spec } of models) {
      // Counted by spec (the tokenizer follows the model), reported under the model's label.
      const count = await countToolTokens({ model: spec ?? model, tools: suite.tools, perTool: true })
      if (total !== undefined) {
        const largest = [...count.perTool].sort((a, b) => b.tokens - a.tokens).slice(0, 3)
        const detail = `${count.method}; largest: ${largest.map((tool) => `${tool.name} (${tool.tokens})`).join(', ')}`
        gates.push(budgetVerdict({ budget: { budget: 'total', suite: suite.name, threshold: total }, model, value: count.toolTokens, detail }))
      }
      for (const [tool, threshold] of Object.entries(perTool)) {
        const tokens = count.perTool.find((entry) => entry.name === tool)?.tokens ?? null
        gates.push(budgetVerdict({ budget: { budget: 'tool', suite: suite.name, tool, threshold }, model, value: tokens, ...(tokens === null ? { detail: `the suite has no tool "${tool}"` } : {}) }))
      }
    }
  }
  return gates
}
