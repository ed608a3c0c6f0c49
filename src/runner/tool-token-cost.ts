import type { Case } from '../core/case.ts'
import type { ToolTokenUsage } from '../core/result.ts'
import type { Transcript } from '../core/transcript.ts'
import { countToolTokens } from '../tokens/count-tool-tokens.ts'

/**
 * Tool-definition tokens of one case for one model: the offline count for the tools the case exposes (every
 * request of the loop carries them), and — when the provider reported input tokens and the count is exact for
 * the family — the measured figure: the first request's input tokens minus the same request counted without tools.
 * Counts are memoized per model and tool set, since every case of a suite usually sends the same tools.
 */
export class ToolTokenCounter {
  private readonly cache = new Map<string, ReturnType<typeof countToolTokens>>()

  /** The usage of one finished case. */
  async forCase(model: string, testCase: Case, transcript: Transcript): Promise<ToolTokenUsage> {
    const key = JSON.stringify([model, testCase.tools, testCase.toolChoice, testCase.messages])
    let pending = this.cache.get(key)
    if (!pending) {
      pending = countToolTokens({ model, tools: testCase.tools, messages: testCase.messages, toolChoice: testCase.toolChoice, perTool: false })
      this.cache.set(key, pending)
    }
    const count = await pending
    const requests = transcript.turns.length
    const firstInput = transcript.turns[0]?.usage.input ?? 0
    const measurable = firstInput > 0 && count.method === 'exact-render'
    return {
      perRequest: count.toolTokens,
      requests,
      total: count.toolTokens * requests,
      method: count.method,
      confidence: count.confidence,
      ...(measurable ? { measuredPerRequest: firstInput - (count.promptTokens - count.toolTokens) } : {}),
    }
  }
}
