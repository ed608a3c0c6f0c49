import type { Case, Suite } from '../core/case.ts'
import { countToolTokens } from '../tokens/count-tool-tokens.ts'
import type { GateResult } from '../gates/gates.ts'

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
        gates.push({
          name: 'max-tool-tokens',
          model,
          value: count.toolTokens,
          threshold: total,
          passed: count.toolTokens <= total,
          scope: `suite ${suite.name}`,
          detail: `${count.method}; largest: ${largest.map((tool) => `${tool.name} (${tool.tokens})`).join(', ')}`,
        })
      }
      for (const [tool, budget] of Object.entries(perTool)) {
        const tokens = count.perTool.find((entry) => entry.name === tool)?.tokens ?? null
        gates.push({ name: 'max-tool-tokens', model, value: tokens, threshold: budget, passed: tokens !== null && tokens <= budget, scope: `suite ${suite.name}, tool ${tool}` })
      }
    }
  }
  return gates
}
