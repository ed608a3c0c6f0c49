import type { Case } from '../core/case.ts'
import type { ToolTokenUsage } from '../core/result.ts'
import type { ToolChoice, ToolDefinition } from '../core/tool.ts'
import type { Transcript } from '../core/transcript.ts'
import { countToolTokens } from '../tokens/count-tool-tokens.ts'
import { getOrCreate } from '../core/get-or-create.ts'

/**
 * Tool-definition tokens of one case for one model: the offline count of the tools each request carried (the
 * case's tool set, or in a conversation whose `add_tools` expose some later, the subset exposed so far; perRequest
 * is then the mean), and — when the provider reported input tokens, the count is exact for the family and every
 * request carried the same tools — the measured figure: the first request's input tokens minus the same
 * conversation counted without tools. Counts are memoized per model, tool set and tool choice (not per case:
 * every case of a suite usually sends the same tools, and a 20,000-case run must not keep 20,000 entries).
 */
export class ToolTokenCounter {
  private readonly cache = new Map<string, ReturnType<typeof countToolTokens>>()

  /** The usage of one finished case; `toolSet` is the content id of the case's tools (see tool-sets.ts). */
  async forCase(model: string, testCase: Case, transcript: Transcript, toolSet: string): Promise<ToolTokenUsage> {
    const count = await this.toolCount(model, toolSet, testCase.tools, testCase.toolChoice)
    const requests = transcript.turns.length
    let total = 0
    let sameTools = true
    for (const { request } of transcript.turns) {
      // A request carries the case's tools, or (add_tools) those of them exposed so far.
      if (request.toolNames.length === testCase.tools.length) {
        total += count.toolTokens
        continue
      }
      sameTools = false
      const exposed = testCase.tools.filter((tool) => request.toolNames.includes(tool.name))
      total += (await this.toolCount(model, JSON.stringify([toolSet, request.toolNames]), exposed, testCase.toolChoice)).toolTokens
    }
    const firstInput = transcript.turns[0]?.usage.input ?? 0
    // Rendered counts (exact or calibrated on real usage) price the messages well enough to difference usage.
    const measurable = sameTools && firstInput > 0 && (count.method === 'exact-render' || count.method === 'calibrated-render')
    // Only a measured figure needs the case's own conversation counted (without tools).
    const conversation = measurable ? (await countToolTokens({ model, tools: [], messages: testCase.messages, toolChoice: testCase.toolChoice, perTool: false })).promptTokens : 0
    return {
      perRequest: requests > 0 ? total / requests : count.toolTokens,
      requests,
      total,
      method: count.method,
      confidence: count.confidence,
      ...(measurable ? { measuredPerRequest: firstInput - conversation } : {}),
    }
  }

  private toolCount(model: string, toolSet: string, tools: readonly ToolDefinition[], toolChoice: ToolChoice) {
    return getOrCreate(this.cache, JSON.stringify([model, toolSet, toolChoice]), () => countToolTokens({ model, tools, toolChoice, perTool: false }))
  }

  /** How many tool counts are memoized (one per model × tool set × tool choice). */
  get size(): number {
    return this.cache.size
  }
}
