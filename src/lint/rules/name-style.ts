import type { LintDraft, LintRule } from '../types.ts'

/** Naming patterns; a one-word lowercase name (`search`) fits snake_case, camelCase and kebab-case alike. */
const styles = {
  snake_case: /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/,
  camelCase: /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  PascalCase: /^[A-Z][a-z0-9]*(?:[A-Z][a-z0-9]*)*$/,
  'kebab-case': /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/,
} as const

/** What OpenAI and Anthropic accept as a function name. */
const providerNamePattern = /^[a-zA-Z0-9_-]{1,64}$/

/**
 * name-style: a name off the set's dominant pattern (the pattern more than half of the names fit, and more than
 * any other), or with characters providers reject.
 */
export const nameStyle: LintRule = {
  id: 'name-style',
  defaultSeverity: 'warning',
  summary: "a tool name does not follow the set's dominant naming pattern",
  check: ({ tools }) => {
    const counts = Object.entries(styles).map(([style, pattern]) => ({ style, pattern, count: tools.filter((tool) => pattern.test(tool.name)).length }))
    counts.sort((a, b) => b.count - a.count)
    const [top, second] = counts
    const dominant = top && top.count * 2 > tools.length && top.count > (second?.count ?? 0) ? top : undefined
    return tools.flatMap((tool): LintDraft[] => {
      if (!providerNamePattern.test(tool.name)) {
        return [{ tool: tool.name, message: 'name must be 1–64 letters, digits, _ or - (OpenAI and Anthropic reject others)' }]
      }
      if (!dominant || dominant.pattern.test(tool.name)) return []
      return [{ tool: tool.name, message: `name is not ${dominant.style} like ${dominant.count} of the ${tools.length} tools` }]
    })
  },
}
