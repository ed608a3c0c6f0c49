import { hasUsageGuidance } from '../description-text.ts'
import { round } from '../similarity.ts'
import type { LintDraft, LintRule } from '../types.ts'

/**
 * no-usage-guidance: a tool with a similar sibling (TF-IDF cosine ≥ relatedThreshold) whose description does not
 * say when to use it rather than the sibling. Tools without a close sibling need no such guidance.
 */
export const noUsageGuidance: LintRule = {
  id: 'no-usage-guidance',
  defaultSeverity: 'warning',
  summary: 'a tool with a similar sibling does not say when to use it instead of the sibling',
  check: ({ tools, settings, similarity }) => tools.flatMap((tool, index): LintDraft[] => {
    const description = (tool.description ?? '').trim()
    if (description === '' || hasUsageGuidance(description, tools.map((other) => other.name).filter((name) => name !== tool.name))) return []
    let closest: { index: number; score: number } | undefined
    tools.forEach((_, other) => {
      if (other === index) return
      const score = similarity.score(index, other)
      if (score >= settings.relatedThreshold && (!closest || score > closest.score)) closest = { index: other, score }
    })
    if (!closest) return []
    const sibling = tools[closest.index]?.name ?? ''
    return [{
      tool: tool.name,
      other: sibling,
      score: round(closest.score),
      message: `similar to "${sibling}" (${round(closest.score)}) but says nothing about when to use it instead: add e.g. "Use for …; for … use ${sibling}."`,
    }]
  }),
}
