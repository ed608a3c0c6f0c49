import type { CaseResult } from '../core/result.ts'
import { usedCache } from './cache-summary.ts'

/** The run-level tool-token figures of one model (`summary[].toolTokens`). */
export type ToolTokensSummary = {
  perRequest: number
  total: number
  share: number | null
  method: string
  measuredPerRequest?: number
  /** With prompt-cache reads: the tool-definition tokens served from the cache, and their share of `total` (report/cache-summary.ts). */
  cached?: number
  cachedShare?: number | null
}

/** Running sums behind `summary[].toolTokens`, folded one result at a time (the runner does not keep results). */
export class ToolTokensTally {
  private counted = 0
  private requests = 0
  private total = 0
  /** Tool tokens and input tokens of the requests that reported usage (the share is computed over these only). */
  private reportedTools = 0
  private input = 0
  private measured = 0
  private measuredSum = 0
  private readonly methods = new Set<string>()
  /** The tool-definition tokens served from a prompt cache, and whether any result read or wrote one. */
  private cached = 0
  private anyCache = false

  add(result: CaseResult): void {
    if (usedCache(result.usage)) this.anyCache = true
    const tokens = result.toolTokens
    if (tokens === undefined) return
    const reported = reportedUsage(result, tokens)
    this.reportedTools += reported.tools
    this.input += reported.input
    this.cached += reported.cached
    this.counted++
    this.requests += tokens.requests
    this.total += tokens.total
    this.methods.add(tokens.method)
    if (tokens.measuredPerRequest !== undefined) {
      this.measured++
      this.measuredSum += tokens.measuredPerRequest
    }
  }

  /** The figures, or undefined when no result counted tool tokens. */
  finish(): ToolTokensSummary | undefined {
    if (this.counted === 0) return undefined
    const methods = [...this.methods]
    return {
      perRequest: this.requests === 0 ? 0 : this.total / this.requests,
      total: this.total,
      // The share of input tokens only means something over requests whose provider reported input tokens.
      share: this.input > 0 ? this.reportedTools / this.input : null,
      method: methods.length === 1 ? String(methods[0]) : 'mixed',
      ...(this.measured > 0 ? { measuredPerRequest: this.measuredSum / this.measured } : {}),
      ...(this.anyCache ? { cached: this.cached, cachedShare: this.total > 0 ? this.cached / this.total : null } : {}),
    }
  }
}

/**
 * Tool tokens and input tokens of the requests of one result that reported usage, and its tool tokens served from a
 * prompt cache: per turn when the result has one turn per request, else the whole case. A request's cache is a
 * prefix and the tool definitions lead it (Anthropic renders tools first; OpenAI and Gemini put them before the
 * messages), so a request's cached tool tokens are its tool tokens up to its cache reads.
 */
function reportedUsage(result: CaseResult, tokens: NonNullable<CaseResult['toolTokens']>): { tools: number; input: number; cached: number } {
  const readCache = result.usage.cacheRead !== 0
  if (result.turns.length > 0 && result.turns.length === tokens.requests) {
    let requests = 0
    let input = 0
    let cached = 0
    for (const turn of result.turns) {
      if (readCache) cached += Math.min(tokens.perRequest, turn.usage.cacheRead)
      if (turn.usage.input <= 0) continue
      requests++
      input += turn.usage.input
    }
    return { tools: tokens.perRequest * requests, input, cached }
  }
  const cached = readCache ? Math.min(tokens.total, result.usage.cacheRead) : 0
  return result.usage.input > 0 ? { tools: tokens.total, input: result.usage.input, cached } : { tools: 0, input: 0, cached }
}
