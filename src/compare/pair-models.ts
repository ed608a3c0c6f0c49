import type { Report } from '../core/report.ts'

/** A base model and the head model it is compared with. */
export type ModelPair = { readonly base: string; readonly head: string }

/**
 * Which models to compare: every model present on both sides by name; when each side has exactly one model they
 * are paired whatever their labels (comparing `openai:gpt-4.1` with `openai:gpt-4.1-mini`, or a renamed cassette).
 */
export function pairModels(base: Report, head: Report): ModelPair[] {
  const baseModels = modelsOf(base)
  const headModels = modelsOf(head)
  if (baseModels.length === 1 && headModels.length === 1) return [{ base: baseModels[0]!, head: headModels[0]! }]
  return baseModels.filter((model) => headModels.includes(model)).map((model) => ({ base: model, head: model }))
}

/** The models of a report, in order of first appearance in its results. */
function modelsOf(report: Report): string[] {
  return [...new Set(report.results.map((r) => r.model))]
}

/** The tool-description variants (undefined: none) that both reports have results of, in head's order. */
export function sharedVariants(base: Report, head: Report): (string | undefined)[] {
  const baseVariants = new Set(base.results.map((r) => r.variant))
  return [...new Set(head.results.map((r) => r.variant))].filter((variant) => baseVariants.has(variant))
}
