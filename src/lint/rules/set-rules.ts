import type { LintDraft, LintRule } from '../types.ts'
import { round } from '../similarity.ts'

/** similar-descriptions: two tools whose names, descriptions and parameter names overlap so much a model will confuse them. */
export const similarDescriptions: LintRule = {
  id: 'similar-descriptions',
  defaultSeverity: 'warning',
  summary: 'two tools are lexically so similar that a model may confuse them',
  check: ({ tools, settings, similarity }) => {
    const drafts: LintDraft[] = []
    for (let a = 0; a < tools.length; a++) {
      for (let b = a + 1; b < tools.length; b++) {
        const score = similarity.score(a, b)
        if (score < settings.similarityThreshold) continue
        const [left, right] = [tools[a]?.name ?? '', tools[b]?.name ?? '']
        const shared = similarity.sharedTerms(a, b, 4)
        drafts.push({
          tool: left,
          other: right,
          score: round(score),
          message: `"${left}" and "${right}" are similar (TF-IDF cosine ${round(score)} ≥ ${settings.similarityThreshold}; shared: ${shared.join(', ')}): make each description say what sets it apart and when to use the other`,
        })
      }
    }
    return drafts
  },
}

/** too-many-tools: more tools than a model selects among reliably. */
export const tooManyTools: LintRule = {
  id: 'too-many-tools',
  defaultSeverity: 'warning',
  summary: 'the set has more tools than the configured maximum',
  check: ({ tools, settings }) => tools.length <= settings.maxTools ? [] : [{
    tool: '(tool set)',
    score: tools.length,
    message: `${tools.length} tools (more than ${settings.maxTools}): selection accuracy drops with many tools; split the set or expose a subset per task`,
  }],
}

/** heavy-tool: one tool definition costs more prompt tokens than the budget, on every request. */
export const heavyTool: LintRule = {
  id: 'heavy-tool',
  defaultSeverity: 'warning',
  summary: 'one tool definition costs more tokens than --max-tool-tokens',
  check: ({ tools, settings, toolTokens }) => tools.flatMap((tool, index): LintDraft[] => {
    const tokens = toolTokens?.[index]
    if (tokens === undefined || tokens <= settings.maxToolTokens) return []
    return [{ tool: tool.name, score: tokens, message: `costs ${tokens} tokens per request for ${settings.model} (more than ${settings.maxToolTokens}): trim the description or schema` }]
  }),
}
