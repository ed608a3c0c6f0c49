import type { CaseResult } from '../core/result.ts'

/** The run-level tool-token figures of one model (`summary[].toolTokens`): per request, total, share of input. */
export function summarizeToolTokens(results: readonly CaseResult[]): { perRequest: number; total: number; share: number | null; method: string; measuredPerRequest?: number } | undefined {
  const withTokens = results.filter((result) => result.toolTokens !== undefined)
  if (withTokens.length === 0) return undefined
  const requests = withTokens.reduce((sum, result) => sum + (result.toolTokens?.requests ?? 0), 0)
  const total = withTokens.reduce((sum, result) => sum + (result.toolTokens?.total ?? 0), 0)
  const input = results.reduce((sum, result) => sum + result.usage.input, 0)
  const measured = withTokens.filter((result) => result.toolTokens?.measuredPerRequest !== undefined)
  const methods = [...new Set(withTokens.map((result) => result.toolTokens?.method))]
  return {
    perRequest: requests === 0 ? 0 : total / requests,
    total,
    // The share of all input tokens only means something when the provider reported input tokens.
    share: input > 0 ? total / input : null,
    method: methods.length === 1 ? String(methods[0]) : 'mixed',
    ...(measured.length > 0 ? { measuredPerRequest: measured.reduce((sum, result) => sum + (result.toolTokens?.measuredPerRequest ?? 0), 0) / measured.length } : {}),
  }
}
