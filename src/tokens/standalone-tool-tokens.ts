import type { ToolDefinition } from '../core/tool.ts'
import { countToolTokens } from './count-tool-tokens.ts'
import type { PerToolTokens } from './types.ts'

/**
 * What each tool costs on its own for a model, offline: the request with only that tool minus the request with the
 * tool machinery and no tool. Unlike the leave-one-out marginal it does not depend on the other tools, so figures
 * of two runs with different tool sets compare tool by tool (lint's heavy-tool, `compare`'s per-tool deltas).
 */
export async function standaloneToolTokens(tools: readonly ToolDefinition[], model: string): Promise<PerToolTokens[]> {
  const costs: PerToolTokens[] = []
  for (const tool of tools) {
    const count = await countToolTokens({ model, tools: [tool], perTool: false })
    costs.push({ name: tool.name, tokens: count.toolTokens - count.fixedOverhead })
  }
  return costs
}
